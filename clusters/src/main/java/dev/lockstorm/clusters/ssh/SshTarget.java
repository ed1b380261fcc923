package dev.lockstorm.clusters.ssh;

/**
 * A remote host as the user names it: {@code host}, {@code user@host}, {@code host:port} or
 * {@code user@host:port}.
 *
 * <pre>{@code
 * SshTarget n1 = SshTarget.parse("admin@10.0.0.11:2222", "root");   // admin, 10.0.0.11, 2222
 * }</pre>
 *
 * @param user the login name
 * @param host a name or an address
 * @param port the SSH port
 */
public record SshTarget(String user, String host, int port) {
    public static final int DEFAULT_PORT = 22;

    public SshTarget {
        if (user == null || user.isBlank()) throw new IllegalArgumentException("no user for host " + host);
        if (host == null || host.isBlank()) throw new IllegalArgumentException("no host name");
        if (port < 1 || port > 65535) throw new IllegalArgumentException("port " + port + " of " + host + " is not from 1 to 65535");
    }

    /** Reads one entry; {@code defaultUser} when it names none. Throws IllegalArgumentException naming the entry. */
    public static SshTarget parse(String entry, String defaultUser) {
        String s = entry.strip();
        String user = defaultUser;
        int at = s.lastIndexOf('@');
        if (at >= 0) {
            user = s.substring(0, at);
            s = s.substring(at + 1);
        }
        int port = DEFAULT_PORT;
        int colon = s.lastIndexOf(':');
        if (colon >= 0 && s.indexOf(':') == colon) { // one colon: host:port (an IPv6 address has several)
            String p = s.substring(colon + 1);
            try {
                port = Integer.parseInt(p);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("host '" + entry + "': the port '" + p + "' is not a number");
            }
            s = s.substring(0, colon);
        }
        if (s.isEmpty() || s.chars().anyMatch(Character::isWhitespace)) {
            throw new IllegalArgumentException("host '" + entry + "': expected host, user@host, host:port or user@host:port");
        }
        try {
            return new SshTarget(user, s, port);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("host '" + entry + "': " + e.getMessage());
        }
    }

    @Override
    public String toString() {
        return user + "@" + host + (port == DEFAULT_PORT ? "" : ":" + port);
    }
}
