package dev.lockstorm.clusters;

import dev.lockstorm.clusters.lab.Commands;
import dev.lockstorm.clusters.lab.HostProcess;
import dev.lockstorm.clusters.lab.Lab;
import dev.lockstorm.clusters.lab.LabSpec;
import dev.lockstorm.clusters.ssh.HostCheck;
import dev.lockstorm.clusters.ssh.LabSshd;
import dev.lockstorm.clusters.ssh.RemoteProcess;
import dev.lockstorm.clusters.ssh.Ssh;
import dev.lockstorm.clusters.ssh.SshException;
import dev.lockstorm.clusters.ssh.SshHost;
import dev.lockstorm.clusters.ssh.SshTarget;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The SSH backend against OpenSSH's sshd on lab hosts: commands, uploads, processes and signals
 * on the host the connection reaches, and each way of failing named.
 */
@Tag("lab")
class SshIT {
    private static final Path DIR = RunDirs.of(SshIT.class.getSimpleName());
    private static Lab lab;
    private static LabSshd sshd;

    @BeforeAll
    static void start() {
        lab = Lab.open(new LabSpec(List.of("n1", "n2", "n3"), DIR));
        sshd = LabSshd.start(lab, DIR, List.of(lab.host("n1"), lab.host("n2"))); // n3 runs no sshd
    }

    @AfterAll
    static void stop() {
        if (lab != null) lab.close();
    }

    private static SshTarget target(String host) {
        return new SshTarget("root", lab.host(host).address(), 22);
    }

    @Test
    void commandsUploadsAndProcessesRunOnTheHostReached() throws Exception {
        try (Ssh ssh = Ssh.start(sshd.options())) {
            SshHost n1 = ssh.connect(target("n1"));
            assertEquals("0", n1.exec("id", "-u").output().strip());
            String addrs = n1.exec("ip", "-4", "addr").output();
            assertTrue(addrs.contains(lab.host("n1").address()) && !addrs.contains(lab.host("n2").address()), addrs);
            assertEquals(7, n1.exec("sh", "-c", "exit 7").exit());
            String odd = "it's $HOME and \"quotes\" and ; | &\n";
            assertEquals(odd, n1.check(List.of("cat"), odd));
            assertEquals(odd, n1.check(List.of("printf", "%s", odd), null));

            // a command that reads no stdin may be over before its stdin comes: its exit status counts
            InputStream late = new InputStream() {
                private boolean given;

                @Override
                public int read() throws IOException {
                    if (given) return -1;
                    given = true;
                    try {
                        Thread.sleep(500); // `true` has ended and its channel closed by then
                    } catch (InterruptedException e) {
                        throw new InterruptedIOException();
                    }
                    return 'x';
                }
            };
            assertEquals(0, n1.exec(List.of("true"), late, Duration.ofSeconds(10)).exit());

            byte[] bytes = new byte[300_000];
            new SplittableRandom(1).nextBytes(bytes);
            Path local = DIR.resolve("payload.bin");
            Files.write(local, bytes);
            local.toFile().setExecutable(true);
            n1.upload(local, "/tmp/lockstorm-ssh-it/payload.bin");
            String remoteSum = n1.check(List.of("sha256sum", "/tmp/lockstorm-ssh-it/payload.bin"), null).split(" ")[0];
            assertEquals(HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes)), remoteSum);
            assertTrue(n1.exec("test", "-x", "/tmp/lockstorm-ssh-it/payload.bin").ok(), "kept executable");

            Path log = DIR.resolve("logs/remote-sleeper.log");
            RemoteProcess p = n1.start("sleeper", List.of("sh", "-c", "echo started as $NAME; exec sleep 600"), Map.of("NAME", "sleeper 1"), log);
            assertTrue(p.pid() > 1);
            dev.lockstorm.clusters.lab.Wait.until("the sleeper's output in its log", () -> read(log).contains("started as sleeper 1"), Duration.ofSeconds(10));
            assertFalse(read(log).contains(Long.toString(p.pid()) + "\n"), "the pid line is not in the log");
            p.pause();
            assertTrue(p.isPaused());
            p.resume();
            assertFalse(p.isPaused());
            assertTrue(p.isAlive());
            p.kill();
            assertFalse(p.isAlive());
            assertEquals(137, p.exitCode());
            assertEquals('?', p.state());
            Commands.check("rm", "-rf", "/tmp/lockstorm-ssh-it");
        }
    }

    @Test
    void theKeysOfAnSshAgentLogIn() throws Exception {
        Path sock = DIR.resolve("agent.sock");
        Process agent = new ProcessBuilder("ssh-agent", "-D", "-a", sock.toString()).redirectErrorStream(true)
                .redirectOutput(DIR.resolve("ssh-agent.log").toFile()).start();
        try {
            dev.lockstorm.clusters.lab.Wait.until("the agent's socket", () -> Files.exists(sock), Duration.ofSeconds(10));
            ProcessBuilder add = new ProcessBuilder("ssh-add", sshd.clientKey().toString()).redirectErrorStream(true);
            add.environment().put("SSH_AUTH_SOCK", sock.toString());
            Process p = add.start();
            String out = new String(p.getInputStream().readAllBytes());
            assertEquals(0, p.waitFor(), out);
            // no key file: only what the agent holds
            try (Ssh ssh = Ssh.start(sshd.options().withAgent(sock))) {
                assertEquals("0", ssh.connect(target("n1")).exec("id", "-u").output().strip());
            }
        } finally {
            agent.destroy();
            agent.waitFor();
        }
    }

    @Test
    void eachWayOfFailingNamesTheHostAndWhat() throws Exception {
        try (Ssh ssh = Ssh.start(sshd.options())) {
            SshException refused = assertThrows(SshException.class, () -> ssh.connect(target("n3")));
            assertTrue(refused.getMessage().startsWith("root@" + lab.host("n3").address() + ": cannot connect"), refused.getMessage());
        }
        Path onlyN1 = DIR.resolve("known_hosts-n1");
        Files.writeString(onlyN1, Files.readAllLines(sshd.knownHosts()).get(0) + "\n");
        try (Ssh ssh = Ssh.start(sshd.options().withKnownHosts(onlyN1))) {
            SshException unknown = assertThrows(SshException.class, () -> ssh.connect(target("n2")));
            assertTrue(unknown.getMessage().contains("host key is not the one recorded in " + onlyN1), unknown.getMessage());
        }
        try (Ssh ssh = Ssh.start(sshd.options().withKnownHosts(onlyN1).withoutHostKeyCheck())) {
            assertEquals("0", ssh.connect(target("n2")).exec("id", "-u").output().strip(), "no check: any host key");
        }
        Path otherKey = DIR.resolve("other_key");
        Commands.check("ssh-keygen", "-q", "-t", "ecdsa", "-N", "", "-f", otherKey.toString());
        try (Ssh ssh = Ssh.start(sshd.options().withKey(otherKey))) {
            SshException key = assertThrows(SshException.class, () -> ssh.connect(target("n1")));
            assertTrue(key.getMessage().contains("login as root refused with key [" + otherKey + "]"), key.getMessage());
        }
        // a host that stops answering (its sshd frozen) is an error within the timeout, not a hang
        try (Ssh ssh = Ssh.start(sshd.options().withTimeouts(Duration.ofSeconds(3), Duration.ofSeconds(3)))) {
            SshHost n2 = ssh.connect(target("n2"));
            HostProcess server = sshd.servers().get(1);
            server.pause();
            try {
                long t0 = System.nanoTime();
                SshException silent = assertThrows(SshException.class, () -> n2.exec("true"));
                assertTrue(silent.getMessage().startsWith("root@" + lab.host("n2").address() + ": 'true' gave no answer within 3 s"),
                        silent.getMessage());
                assertTrue(System.nanoTime() - t0 < Duration.ofSeconds(20).toNanos(), "gave up in time");
            } finally {
                server.resume();
            }
        }
    }

    @Test
    void doctorSaysWhatEachHostOffers() {
        try (Ssh ssh = Ssh.start(sshd.options())) {
            HostCheck n1 = HostCheck.of(ssh, target("n1"));
            assertTrue(n1.ready(), n1.toString());
            assertEquals("root", n1.root());
            assertTrue(n1.firewall().contains("nft"), n1.firewall());
            assertTrue(n1.java().contains("version"), n1.java());
            HostCheck n3 = HostCheck.of(ssh, target("n3"));
            assertFalse(n3.ready());
            String table = HostCheck.table(List.of(n1, n3));
            assertTrue(table.lines().findFirst().orElseThrow().startsWith("host"), table);
            assertTrue(table.contains("root@" + lab.host("n3").address() + ": not reachable: cannot connect"), table);
        }
    }

    private static String read(Path p) {
        try {
            return Files.exists(p) ? Files.readString(p) : "";
        } catch (IOException e) {
            return "";
        }
    }
}
