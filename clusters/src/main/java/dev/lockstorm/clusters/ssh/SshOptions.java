package dev.lockstorm.clusters.ssh;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;

/**
 * How to reach remote hosts: the key to log in with, the known-hosts file the hosts' keys are
 * checked against (on by default, as OpenSSH does; off only for throw-away hosts), and how long a
 * connection or a command may take before the host counts as not answering.
 *
 * @param keys private key files (OpenSSH or PEM; Ed25519, ECDSA or RSA)
 * @param agent the SSH agent's socket whose keys are tried first, or null for none
 * @param knownHosts the known-hosts file
 * @param checkHostKeys false accepts any host key
 * @param connectTimeout for connecting and logging in
 * @param commandTimeout for a short command to finish
 */
public record SshOptions(List<Path> keys, Path agent, Path knownHosts, boolean checkHostKeys, Duration connectTimeout, Duration commandTimeout) {

    public SshOptions {
        keys = List.copyOf(keys);
    }

    /**
     * As OpenSSH's {@code ssh}: the agent at {@code SSH_AUTH_SOCK} when there is one, then the
     * user's own keys (~/.ssh); host keys checked against ~/.ssh/known_hosts; 10 s to connect, 30 s
     * per command.
     */
    public static SshOptions defaults() {
        Path ssh = Path.of(System.getProperty("user.home"), ".ssh");
        List<Path> keys = Stream.of("id_ecdsa", "id_rsa", "id_ed25519").map(ssh::resolve).filter(Files::isReadable).toList();
        String sock = System.getenv("SSH_AUTH_SOCK");
        Path agent = sock == null || sock.isBlank() ? null : Path.of(sock);
        return new SshOptions(keys, agent, ssh.resolve("known_hosts"), true, Duration.ofSeconds(10), Duration.ofSeconds(30));
    }

    /** Logs in with this key only (no agent). */
    public SshOptions withKey(Path key) {
        return new SshOptions(List.of(key), null, knownHosts, checkHostKeys, connectTimeout, commandTimeout);
    }

    /** Logs in with the keys of the agent at {@code socket} only. */
    public SshOptions withAgent(Path socket) {
        return new SshOptions(List.of(), socket, knownHosts, checkHostKeys, connectTimeout, commandTimeout);
    }

    public SshOptions withKnownHosts(Path file) {
        return new SshOptions(keys, agent, file, checkHostKeys, connectTimeout, commandTimeout);
    }

    /** For throw-away hosts whose keys nobody recorded. */
    public SshOptions withoutHostKeyCheck() {
        return new SshOptions(keys, agent, knownHosts, false, connectTimeout, commandTimeout);
    }

    public SshOptions withTimeouts(Duration connect, Duration command) {
        return new SshOptions(keys, agent, knownHosts, checkHostKeys, connect, command);
    }
}
