package dev.lockstorm.clusters.ssh;

import dev.lockstorm.clusters.lab.Commands;
import dev.lockstorm.clusters.lab.Host;
import dev.lockstorm.clusters.lab.HostProcess;
import dev.lockstorm.clusters.lab.Lab;
import dev.lockstorm.clusters.lab.Wait;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * OpenSSH's sshd (Debian's {@code openssh-server}) on lab hosts, as a remote machine runs it: a
 * host key and a client key made for the lab, root login with that key only, and a known-hosts
 * file that records each host's key. The lab is then "machines with sshd", and the SSH backend is
 * tested against it for real.
 *
 * <pre>{@code
 * LabSshd sshd = LabSshd.start(lab, runDir, List.of(lab.host("n1"), lab.host("n2")));
 * try (Ssh ssh = Ssh.start(sshd.options())) {
 *     SshHost n1 = ssh.connect(new SshTarget("root", lab.host("n1").address(), 22));
 * }
 * }</pre>
 */
public final class LabSshd {
    private final Path dir;
    private final Path clientKey;
    private final Path knownHosts;
    private final List<HostProcess> servers = new ArrayList<>();

    private LabSshd(Path dir) {
        this.dir = dir;
        this.clientKey = dir.resolve("client_key");
        this.knownHosts = dir.resolve("known_hosts");
    }

    /** Starts sshd on each of {@code hosts} (they must have no sshd yet) and waits until each listens. */
    public static LabSshd start(Lab lab, Path runDir, List<Host> hosts) {
        try {
            LabSshd s = new LabSshd(Files.createDirectories(runDir.resolve("sshd")));
            Commands.check("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", "lockstorm-test", "-f", s.clientKey.toString());
            Path hostKey = s.dir.resolve("host_key");
            Commands.check("ssh-keygen", "-q", "-t", "ecdsa", "-N", "", "-C", "lab-host", "-f", hostKey.toString());
            Files.copy(s.dir.resolve("client_key.pub"), s.dir.resolve("authorized_keys"));
            Commands.check("mkdir", "-p", "/run/sshd"); // privilege separation; /run is the lab's own
            String hostPub = Files.readString(s.dir.resolve("host_key.pub")).strip();
            StringBuilder known = new StringBuilder();
            for (Host h : hosts) {
                Path config = s.dir.resolve("sshd_config-" + h.name());
                Files.writeString(config, String.join("\n",
                        "ListenAddress " + h.address(),
                        "Port 22",
                        "HostKey " + hostKey,
                        "AuthorizedKeysFile " + s.dir.resolve("authorized_keys"),
                        "PermitRootLogin prohibit-password",
                        "PasswordAuthentication no",
                        "KbdInteractiveAuthentication no",
                        "UsePAM no",
                        "StrictModes no",
                        "PidFile " + s.dir.resolve("sshd-" + h.name() + ".pid"),
                        "LogLevel VERBOSE", ""));
                s.servers.add(lab.start(h, "sshd-" + h.name(), freshHome(List.of("/usr/sbin/sshd", "-D", "-e", "-f", config.toString())), Map.of()));
                known.append(h.address()).append(' ').append(hostPub).append('\n');
            }
            Files.writeString(s.knownHosts, known);
            for (Host h : hosts) Wait.until("sshd on " + h.name(), () -> listening(h.address()), Duration.ofSeconds(20));
            return s;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * {@code sshd} in a mount namespace of its own where root's shell start-up files read as empty:
     * sshd runs every command through root's shell, and bash then reads ~/.bashrc. Lab hosts share
     * this machine's home, so its .bashrc would run before each command: a {@code pyenv rehash} there
     * cost 0.6 s a command, and a rehash killed with a test left a lock that made every later command
     * wait past its timeout. A machine reached over SSH has its own start-up files; a lab host acts
     * as a fresh one.
     */
    private static List<String> freshHome(List<String> sshd) {
        List<String> cmd = new ArrayList<>(List.of("unshare", "--mount", "--propagation", "private", "sh", "-c",
                "for f in /root/.bashrc /root/.bash_profile /root/.profile; do"
                        + " if [ -f \"$f\" ]; then mount --bind /dev/null \"$f\" || exit 1; fi; done; exec \"$@\"",
                "sshd"));
        cmd.addAll(sshd);
        return cmd;
    }

    private static boolean listening(String address) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(address, 22), 500);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** The lab's client key (Ed25519). */
    public Path clientKey() {
        return clientKey;
    }

    /** The known-hosts file with every host's key. */
    public Path knownHosts() {
        return knownHosts;
    }

    /** The sshd server processes, in the order of the hosts. */
    public List<HostProcess> servers() {
        return List.copyOf(servers);
    }

    /** The lab's key, the recorded host keys, short timeouts (5 s to connect, 10 s per command). */
    public SshOptions options() {
        return SshOptions.defaults().withKey(clientKey).withKnownHosts(knownHosts)
                .withTimeouts(Duration.ofSeconds(5), Duration.ofSeconds(10));
    }
}
