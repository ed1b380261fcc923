package dev.lockstorm.locks.internal.worker;

import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The remote ends ({@code address:port}) of this process's established TCP connections, read from
 * {@code /proc}: the servers a lock client is talking to now, whatever its library. A ZooKeeper or
 * etcd session reaches its group's leader only through the member it is attached to, and which one
 * that is decides whether a cut among the servers could have kept the holder from the leader: the
 * worker reports this with every grant and every "still held?" so the checker need not assume any
 * member. Only this process's own sockets count (its file descriptors), not a namespace's or a
 * host's, which other processes share. Empty where {@code /proc} cannot say.
 */
public final class Peers {
    private static final String ESTABLISHED = "01";
    /**
     * How long a reading of the TCP tables serves while this process's sockets stay the same: the kernel walks its whole
     * socket table for each read (milliseconds, however few connections a namespace has), and a careful holder's worker is
     * asked every 100 ms. A connection that moves closes one socket and opens another, which reads again at once.
     */
    private static final long REREAD_NANOS = 1_000_000_000L;

    private static Set<String> lastSockets = Set.of();
    private static List<String> lastPeers = List.of();
    private static long lastRead;

    private Peers() {
    }

    /** The remote ends of this process's established TCP connections, sorted; empty when {@code /proc} cannot say. */
    public static synchronized List<String> now() {
        try {
            Set<String> own = socketInodes(Path.of("/proc/self/fd"));
            long now = System.nanoTime();
            if (own.equals(lastSockets) && now - lastRead < REREAD_NANOS) return lastPeers;
            Set<String> out = new TreeSet<>();
            for (String table : List.of("/proc/self/net/tcp", "/proc/self/net/tcp6")) {
                Path p = Path.of(table);
                if (Files.isReadable(p)) out.addAll(established(Files.readAllLines(p), own));
            }
            lastSockets = own;
            lastPeers = List.copyOf(out);
            lastRead = now;
            return lastPeers;
        } catch (IOException | RuntimeException e) {
            return List.of();
        }
    }

    /** The inodes of the sockets among {@code fds} (links read as {@code socket:[inode]}). */
    private static Set<String> socketInodes(Path fds) throws IOException {
        Set<String> inodes = new HashSet<>();
        try (var links = Files.list(fds)) {
            for (Path fd : (Iterable<Path>) links::iterator) {
                try {
                    String target = Files.readSymbolicLink(fd).toString();
                    if (target.startsWith("socket:[")) inodes.add(target.substring(8, target.length() - 1));
                } catch (IOException closedMeanwhile) {
                    // a descriptor closed while listed is no connection
                }
            }
        }
        return inodes;
    }

    /**
     * The remote ends of the established connections in a {@code /proc/net/tcp} or {@code tcp6} table whose socket is one
     * of {@code inodes}.
     */
    static List<String> established(List<String> table, Set<String> inodes) {
        List<String> out = new ArrayList<>();
        for (String line : table) {
            String[] f = line.trim().split("\\s+");
            // sl local rem st tx:rx tr:when retrnsmt uid timeout inode …; the first line is the header
            if (f.length < 10 || !f[3].equals(ESTABLISHED) || !inodes.contains(f[9])) continue;
            String remote = address(f[2]);
            if (remote != null) out.add(remote);
        }
        return out;
    }

    /** {@code 0200000A:0929} (IPv4) or a 32-digit IPv6 address, each 32-bit word in the host's byte order, as {@code 10.0.0.2:2345}. */
    static String address(String hexWithPort) {
        int colon = hexWithPort.indexOf(':');
        if (colon < 0) return null;
        String hex = hexWithPort.substring(0, colon);
        int port = Integer.parseInt(hexWithPort.substring(colon + 1), 16);
        if (hex.length() != 8 && hex.length() != 32) return null;
        byte[] bytes = new byte[hex.length() / 2];
        // /proc writes each 32-bit word as the kernel holds it: little-endian on the machines lockstorm runs on
        for (int w = 0; w < bytes.length / 4; w++) {
            for (int b = 0; b < 4; b++) {
                bytes[w * 4 + b] = (byte) Integer.parseInt(hex.substring(w * 8 + (3 - b) * 2, w * 8 + (3 - b) * 2 + 2), 16);
            }
        }
        try {
            // a v4-mapped IPv6 address (a dual-stack socket's) comes back as the IPv4 address
            return InetAddress.getByAddress(bytes).getHostAddress() + ":" + port;
        } catch (UnknownHostException e) {
            return null;
        }
    }
}
