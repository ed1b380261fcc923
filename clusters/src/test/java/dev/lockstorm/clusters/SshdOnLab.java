package dev.lockstorm.clusters;

import dev.lockstorm.clusters.lab.Commands;
import dev.lockstorm.clusters.lab.Host;
import dev.lockstorm.clusters.lab.HostProcess;
import dev.lockstorm.clusters.lab.Lab;
import dev.lockstorm.clusters.lab.Wait;
import dev.lockstorm.clusters.ssh.SshOptions;

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
 * OpenSSH's sshd on lab hosts, as a remote machine would run it: a host key and a client key
 * generated for the test, root login with that key only, and a known-hosts file that records each
 * host's key. The lab is then "machines with sshd".
 */
final class SshdOnLab {
    private final Path dir;
    final Path clientKey;
    final Path knownHosts;
    final List<HostProcess> servers = new ArrayList<>();

    private SshdOnLab(Path dir) {
        this.dir = dir;
        this.clientKey = dir.resolve("client_key");
        this.knownHosts = dir.resolve("known_hosts");
    }

    static SshdOnLab start(Lab lab, Path runDir, List<Host> hosts) {
        try {
            SshdOnLab s = new SshdOnLab(Files.createDirectories(runDir.resolve("sshd")));
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
                s.servers.add(lab.start(h, "sshd-" + h.name(), List.of("/usr/sbin/sshd", "-D", "-e", "-f", config.toString()), Map.of()));
                known.append(h.address()).append(' ').append(hostPub).append('\n');
            }
            Files.writeString(s.knownHosts, known);
            for (Host h : hosts) Wait.until("sshd on " + h.name(), () -> listening(h.address()), Duration.ofSeconds(20));
            return s;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static boolean listening(String address) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(address, 22), 500);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** The test's key, the recorded host keys, short timeouts. */
    SshOptions options() {
        return SshOptions.defaults().withKey(clientKey).withKnownHosts(knownHosts)
                .withTimeouts(Duration.ofSeconds(5), Duration.ofSeconds(10));
    }
}
