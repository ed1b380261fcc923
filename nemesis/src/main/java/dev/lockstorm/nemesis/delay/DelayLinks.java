package dev.lockstorm.nemesis.delay;

import dev.lockstorm.clusters.lab.Cleanup;
import dev.lockstorm.clusters.lab.Host;
import dev.lockstorm.clusters.lab.HostProcess;
import dev.lockstorm.clusters.lab.Lab;
import dev.lockstorm.clusters.lab.LabException;
import dev.lockstorm.clusters.lab.Wait;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Client hosts whose connections to the servers pass a {@link DelayProxy}, so that the nemesis can
 * delay them: installed before the clients connect (a redirect catches new connections only), with
 * no delay until one is set. Every TCP port the servers listen on when it is installed is covered,
 * so a client that finds another server (a Sentinel's master, a ZooKeeper server it moves to) is
 * delayed there too. Closing removes the redirects and stops the proxies.
 *
 * <pre>{@code
 * try (DelayLinks links = DelayLinks.install(lab, clients, servers)) {
 *     ... start the clients ...
 *     links.delay(Map.of(c1, Set.of(n1, n2)), 300, 100);   // 300 ± 100 ms each way
 *     links.heal();
 * }
 * }</pre>
 */
public final class DelayLinks implements AutoCloseable {
    /** The proxies' listeners on each client's loopback, from here on. */
    static final int FIRST_LISTEN_PORT = 62000;
    /** The nft table of the redirect, in each client's namespace. */
    public static final String TABLE = Cleanup.DELAY_TABLE;

    private final Map<Host, Proxy> proxies;

    private DelayLinks(Map<Host, Proxy> proxies) {
        this.proxies = proxies;
    }

    /**
     * Starts a proxy on each of {@code clients} for every TCP port the {@code servers} listen on now,
     * and redirects the clients' new connections to those ports through it.
     */
    public static DelayLinks install(Lab lab, Collection<Host> clients, Collection<Host> servers) {
        List<InetSocketAddress> targets = new ArrayList<>();
        for (Host s : servers) for (int port : listeningPorts(s)) targets.add(InetSocketAddress.createUnresolved(s.address(), port));
        if (targets.isEmpty()) throw new LabException("no server listens on a TCP port that clients reach: nothing to delay");
        Map<Host, Proxy> proxies = new LinkedHashMap<>();
        DelayLinks links = new DelayLinks(proxies);
        try {
            for (Host c : clients) {
                lab.require(c, "nft", "nftables"); // an SSH client host may not have it yet
                HostProcess p = lab.startPiped(c, "delay-proxy-" + c.name(), lab.jvm(c, "48m", List.of(), DelayProxy.class.getName(),
                        DelayProxy.arguments(targets, FIRST_LISTEN_PORT)), Map.of());
                Proxy proxy = new Proxy(c, p);
                proxies.put(c, proxy);
                proxy.await("ready");
                c.check(List.of("nft", "-f", "-"), redirect(targets, FIRST_LISTEN_PORT));
            }
            return links;
        } catch (RuntimeException e) {
            links.close();
            throw e;
        }
    }

    /** The nft table that sends each client connection to a server's port through its listener. */
    static String redirect(List<InetSocketAddress> targets, int firstPort) {
        StringBuilder b = new StringBuilder("table ip " + TABLE + " {}\ndelete table ip " + TABLE + "\ntable ip " + TABLE + " {\n"
                + "  chain out {\n    type nat hook output priority -100; policy accept;\n");
        for (int i = 0; i < targets.size(); i++) {
            InetSocketAddress t = targets.get(i);
            b.append("    ip daddr ").append(t.getHostString()).append(" tcp dport ").append(t.getPort()).append(" tcp sport != ")
                    .append(DelayProxy.FIRST_SOURCE_PORT).append('-').append(DelayProxy.LAST_SOURCE_PORT)
                    .append(" redirect to :").append(firstPort + i).append('\n');
        }
        return b.append("  }\n}\n").toString();
    }

    /** The TCP ports {@code server} listens on for other hosts (not on its loopback only), from {@code ss}. */
    static List<Integer> listeningPorts(Host server) {
        return parseListening(server.exec("ss", "-Htln").output());
    }

    /** The ports of {@code ss -Htln}'s lines whose local address is not a loopback one, each once. */
    static List<Integer> parseListening(String ss) {
        Set<Integer> ports = new LinkedHashSet<>();
        for (String line : ss.lines().toList()) {
            String[] f = line.trim().split("\\s+");
            if (f.length < 4 || !f[0].equals("LISTEN")) continue;
            String local = f[3];
            int colon = local.lastIndexOf(':');
            String addr = local.substring(0, colon);
            if (addr.startsWith("127.") || addr.equals("[::1]")) continue;
            ports.add(Integer.parseInt(local.substring(colon + 1)));
        }
        return List.copyOf(ports);
    }

    /**
     * From now on, bytes between each client of {@code links} and the servers listed for it wait
     * {@code ms} ± {@code jitterMs} each way; other links get no delay (a delay replaces the one before it).
     */
    public void delay(Map<Host, Set<Host>> links, int ms, int jitterMs) {
        // refused before any proxy changes: a delay is set whole or not at all
        for (Host c : links.keySet()) if (!proxies.containsKey(c)) throw new LabException(c.name() + "'s links pass no delay proxy");
        for (Map.Entry<Host, Proxy> e : proxies.entrySet()) {
            Proxy p = e.getValue();
            p.command("heal");
            for (Host server : links.getOrDefault(e.getKey(), Set.of())) p.command("delay " + server.address() + " " + ms + " " + jitterMs);
        }
    }

    /** No delay anywhere from now on (bytes already waiting still wait their time). */
    public void heal() {
        for (Proxy p : proxies.values()) p.command("heal");
    }

    /** Stops every proxy. */
    @Override
    public void close() {
        for (Proxy p : proxies.values()) p.stop();
    }

    /** One client's proxy and the lines it answers with. */
    private static final class Proxy {
        private final Host host;
        private final HostProcess process;
        private final OutputStream in;
        private final BufferedReader out;

        Proxy(Host host, HostProcess process) {
            this.host = host;
            this.process = process;
            this.in = process.stdin();
            this.out = new BufferedReader(new InputStreamReader(process.stdout(), StandardCharsets.UTF_8));
        }

        synchronized void command(String line) {
            try {
                in.write((line + "\n").getBytes(StandardCharsets.UTF_8));
                in.flush();
            } catch (IOException e) {
                throw new LabException("the delay proxy on " + host.name() + " is gone (" + e.getMessage() + "); see " + process.log());
            }
            await("ok");
        }

        /** Waits up to 30 s for the proxy's next line, which must be {@code expected}. */
        void await(String expected) {
            String line = Wait.line(out, Duration.ofSeconds(30));
            if (!expected.equals(line)) {
                throw new LabException("the delay proxy on " + host.name() + " answered " + (line == null ? "nothing" : "'" + line + "'")
                        + " where '" + expected + "' was expected; see " + process.log());
            }
        }

        void stop() {
            // new connections go straight to the servers again
            host.exec("nft", "delete", "table", "ip", TABLE);
            try {
                in.close();
            } catch (IOException ignored) {
                // it is killed next anyway
            }
            if (!process.waitFor(java.time.Duration.ofSeconds(2))) process.kill();
        }
    }
}
