package dev.lockstorm.clusters.redis;

import dev.lockstorm.clusters.ProcessNode;
import dev.lockstorm.clusters.lab.Host;
import dev.lockstorm.clusters.lab.HostProcess;
import dev.lockstorm.clusters.lab.Lab;
import dev.lockstorm.clusters.lab.LabException;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One {@code redis-server} (Debian's) on its own host: a master, or a replica of another node.
 *
 * <pre>{@code
 * RedisNode r = RedisNode.create(lab, lab.host("n1"), Persistence.NONE, Map.of());
 * r.start();
 * r.awaitServing(Duration.ofSeconds(5));
 * }</pre>
 */
public final class RedisNode extends ProcessNode {
    public static final int PORT = 6379;

    private final Persistence persistence;
    private final Map<String, String> env;
    private final Path dir;
    private volatile RedisNode replicaOf;

    private RedisNode(Lab lab, Host host, Persistence persistence, Map<String, String> env, Path dir) {
        super(lab, host);
        this.persistence = persistence;
        this.env = Map.copyOf(env);
        this.dir = dir;
    }

    /**
     * A node (not started) keeping its data under the run's directory on its host.
     *
     * @param env extra environment of the server process (e.g. a clock fault's)
     */
    public static RedisNode create(Lab lab, Host host, Persistence persistence, Map<String, String> env) {
        lab.require(host, "redis-server", "redis-server");
        Path dir = lab.dir(host).resolve("redis").resolve(host.name());
        host.mkdirs(dir);
        return new RedisNode(lab, host, persistence, env, dir);
    }

    /**
     * Independent masters, one per host (the Redlock setup), started at once and serving.
     *
     * @param env the environment of each host's server (e.g. a clock fault's), or an empty map
     */
    public static List<RedisNode> startMasters(Lab lab, List<Host> hosts, Persistence persistence,
                                               java.util.function.Function<Host, Map<String, String>> env) {
        List<RedisNode> nodes = new ArrayList<>();
        for (Host h : hosts) nodes.add(create(lab, h, persistence, env.apply(h)));
        nodes.forEach(RedisNode::start);
        for (RedisNode n : nodes) n.awaitServing(Duration.ofSeconds(10));
        return nodes;
    }

    /** Makes this node a replica of {@code master} from its next start. */
    public RedisNode replicaOf(RedisNode master) {
        this.replicaOf = master;
        return this;
    }

    public Persistence persistence() {
        return persistence;
    }

    @Override
    protected String processName() {
        return "redis-" + host.name();
    }

    @Override
    protected HostProcess launch() {
        // on a remote host, Debian's own redis-server service may hold 127.0.0.1:6379: bind the host's address only
        List<String> bind = host.local() ? List.of("--bind", host.address(), "127.0.0.1") : List.of("--bind", host.address());
        List<String> cmd = new ArrayList<>(List.of("redis-server"));
        cmd.addAll(bind);
        cmd.addAll(List.of("--port", Integer.toString(PORT), "--protected-mode", "no", "--daemonize", "no",
                "--dir", dir.toString(), "--logfile", "",
                // a master sends a full sync at once instead of waiting 5 s for more replicas to join: a replica
                // reconfigured at failover is in sync seconds sooner, so a scenario's timing does not hang on that wait
                "--repl-diskless-sync-delay", "0"));
        cmd.addAll(persistence.args);
        if (replicaOf != null) cmd.addAll(List.of("--replicaof", replicaOf.host().address(), Integer.toString(PORT)));
        return lab.start(host, processName(), cmd, env);
    }

    @Override
    public boolean isServing() {
        try (Resp r = connect(Duration.ofMillis(500))) {
            return "PONG".equals(r.call("PING"));
        } catch (IOException e) {
            return false;
        }
    }

    /** Waits until the node answers PING. */
    public Duration awaitServing(Duration timeout) {
        long start = System.nanoTime();
        while (!isServing()) {
            if (System.nanoTime() - start > timeout.toNanos()) {
                throw new LabException(host.name() + "'s redis-server does not answer after " + timeout + "; see " + log());
            }
            dev.lockstorm.clusters.lab.Wait.sleep(20);
        }
        return Duration.ofNanos(System.nanoTime() - start);
    }

    /** {@code master} or {@code slave}, from ROLE; empty when it does not answer. */
    public java.util.Optional<String> role() {
        try (Resp r = connect(Duration.ofMillis(500))) {
            Object reply = r.call("ROLE");
            return reply instanceof List<?> l && !l.isEmpty() ? java.util.Optional.of(String.valueOf(l.get(0))) : java.util.Optional.empty();
        } catch (IOException e) {
            return java.util.Optional.empty();
        }
    }

    /**
     * Empties the server for the next run on it: every client connection of the run before, every
     * key (locks, tokens, a resource kept here) and every cached script. A write to the append-only
     * file like any other, so a restart after it comes back as empty as before.
     *
     * <p>The connections go first because a command the last run wrote while its client was cut off
     * stays in that socket's send queue after the client is closed, and TCP delivers it when it
     * retransmits, seconds after the heal (redis-late-release's plain {@code DEL}, then the next
     * variant's lock on the same server freed 4 s into its run with no fault to explain it, in one
     * CI run). Once the server has closed its end, such a segment is refused.
     */
    public void reset() {
        try (Resp r = connect(Duration.ofSeconds(5))) {
            closeClients(r);
            r.call("FLUSHALL", "SYNC");
            r.call("SCRIPT", "FLUSH");
        } catch (IOException e) {
            throw new LabException("could not empty " + this + " for the next run: " + e.getMessage(), e);
        }
        long left = keys();
        if (left != 0) throw new LabException(this + " still holds " + left + " keys after FLUSHALL");
    }

    /**
     * Closes every client connection but {@code r}'s own, a replica's and a Sentinel's (named {@code sentinel-…}: they
     * watch the server across runs).
     */
    private static void closeClients(Resp r) throws IOException {
        String own = String.valueOf(r.call("CLIENT", "ID"));
        for (String line : String.valueOf(r.call("CLIENT", "LIST")).split("\n")) {
            java.util.Map<String, String> f = new java.util.HashMap<>();
            for (String kv : line.trim().split(" ")) {
                int eq = kv.indexOf('=');
                if (eq > 0) f.put(kv.substring(0, eq), kv.substring(eq + 1));
            }
            String flags = f.getOrDefault("flags", "");
            if (!f.containsKey("id") || f.get("id").equals(own) || flags.contains("S") || flags.contains("M")
                    || f.getOrDefault("name", "").startsWith("sentinel-")) continue;
            try {
                r.call("CLIENT", "KILL", "ID", f.get("id"));
            } catch (Resp.ErrorReply gone) {
                // it closed on its own meanwhile
            }
        }
    }

    /** How many keys it holds ({@code DBSIZE}); -1 when it does not answer. */
    public long keys() {
        try (Resp r = connect(Duration.ofMillis(500))) {
            return r.call("DBSIZE") instanceof Long n ? n : -1;
        } catch (IOException e) {
            return -1;
        }
    }

    public Resp connect(Duration timeout) throws IOException {
        return Resp.connect(host.address(), PORT, timeout);
    }

    @Override
    public String toString() {
        return "redis@" + host.name();
    }
}
