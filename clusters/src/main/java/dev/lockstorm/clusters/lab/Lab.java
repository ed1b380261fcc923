package dev.lockstorm.clusters.lab;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The hosts of one run and the processes started on them: a lab of network namespaces on this
 * machine ({@link #open}), or remote machines reached over SSH ({@code SshLab}). Nodes, clients and
 * the nemesis are written against this class and {@link Host}, so a system and its scenarios run
 * on either unchanged (docs/architecture.md, "Hosts: the lab and remote machines"). Closing it kills
 * every process it started and leaves nothing behind.
 *
 * <pre>{@code
 * try (Lab lab = Lab.open(new LabSpec(List.of("n1", "n2", "n3", "c1"), runDir))) {
 *     Host n1 = lab.host("n1");
 *     HostProcess redis = lab.start(n1, "redis-n1", List.of("redis-server", "--bind", n1.address()), Map.of());
 * }
 * }</pre>
 */
public abstract class Lab implements AutoCloseable {
    private final Map<String, Host> hosts = new LinkedHashMap<>();
    private final List<HostProcess> processes = Collections.synchronizedList(new ArrayList<>());
    private volatile LineStamp stamp = LineStamp.NONE;
    /** Where the logs of processes started from now on go: the run directory's {@code logs}, or a later run's ({@link #logTo}). */
    private volatile Path logs;

    /**
     * Builds a lab of network namespaces on this machine. The calling JVM must already run inside
     * a lab ({@code bin/lab java …}, which {@code bin/lockstorm} and the integration tests do);
     * elsewhere this fails at once and says so.
     */
    public static Lab open(LabSpec spec) {
        return NamespaceLab.create(spec);
    }

    /** Fails unless this JVM runs inside a lab with the rights to build hosts in it. */
    /**
     * The name a run's containers and network go by, from its directory: the directory's own name (its
     * start time) and a digest of its whole path, since runs of several tests started in one millisecond
     * (JUnit's parallel execution) have directories of one name under different folders. Only letters,
     * digits, {@code .}, {@code _} and {@code -}.
     */
    public static String runId(Path dir) {
        Path abs = dir.toAbsolutePath().normalize();
        String digest = Integer.toHexString(abs.toString().hashCode());
        return (abs.getFileName() + "-" + digest).replaceAll("[^A-Za-z0-9._-]", "_");
    }

    public static void requireInside() {
        if (!"1".equals(System.getenv("LOCKSTORM_LAB"))) {
            throw new LabException("not inside a lab: run through bin/lockstorm, or wrap the command as 'bin/lab java …' (needs root)");
        }
        if (!Files.isWritable(Path.of("/run/netns"))) {
            throw new LabException("/run/netns is not writable inside the lab: the lab needs root (CAP_SYS_ADMIN, CAP_NET_ADMIN)");
        }
    }

    public Host host(String name) {
        Host h = hosts.get(name);
        if (h == null) throw new IllegalArgumentException("no host '" + name + "' in this run; hosts: " + hosts.keySet());
        return h;
    }

    /** Every host of the run, in the order they were added. */
    public List<Host> hosts() {
        return List.copyOf(hosts.values());
    }

    /** Adds a host, under its name. */
    protected void add(Host h) {
        hosts.put(h.name(), h);
    }

    /** The run's directory on this machine: logs, the history, the results. */
    public abstract Path dir();

    /** The run's directory on {@code host}, for node data and configuration. */
    public abstract Path dir(Host host);

    /**
     * A directory on {@code host} for data that a server must keep under a user of its own
     * (PostgreSQL refuses to run as root), which every user can reach. Removed on close.
     */
    public abstract Path scratch(Host host);

    /**
     * A JVM command line for {@code host}: a Java there, and this JVM's class path (the node and
     * worker classes) as {@code host} sees it.
     */
    public abstract List<String> jvm(Host host, String heap, List<String> props, List<Path> extraClasspath, String mainClass, List<String> args);

    /** The same without extra class path. */
    public List<String> jvm(Host host, String heap, List<String> props, String mainClass, List<String> args) {
        return jvm(host, heap, props, List.of(), mainClass, args);
    }

    /**
     * Makes sure {@code program} is on {@code host}: a lab host has what this machine has; a remote
     * one gets the Debian {@code pkg} installed when it is missing. Throws naming the host and
     * what is missing otherwise.
     */
    public abstract void require(Host host, String program, String pkg);

    /**
     * {@code nanos}, a time on this JVM's {@link System#nanoTime} clock, on {@code host}'s monotonic
     * clock: what the processes there stamp their log lines against. The same on this machine.
     */
    public long monotonicOn(Host host, long nanos) {
        return nanos;
    }

    /** Extra environment of every process this lab starts (a remote lab marks its processes for cleanup). */
    protected Map<String, String> env(Map<String, String> env) {
        return env;
    }

    /**
     * From now on, every line that a process started with {@link #start} writes to its log begins with
     * {@code stamp} (a run stamps its servers' logs with the run's time, as its own and its clients' are).
     */
    public void stampLogs(LineStamp stamp) {
        this.stamp = stamp;
    }

    /** Starts a process on a host, its output in the run's {@code logs/NAME.log}, and tracks it so that {@link #close} stops it. */
    public HostProcess start(Host host, String name, List<String> cmd, Map<String, String> env) {
        return track(host.start(name, cmd, env(env), log(name), stamp));
    }

    /** Starts a process whose stdin and stdout are pipes (a client worker), tracked like {@link #start}. */
    public HostProcess startPiped(Host host, String name, List<String> cmd, Map<String, String> env) {
        return track(host.startPiped(name, cmd, env(env), log(name)));
    }

    /** The log file of the process named {@code name} started from now on. */
    public Path log(String name) {
        Path d = logs;
        return (d != null ? d : dir().resolve("logs")).resolve(name + ".log");
    }

    /**
     * A lab kept for a later run ({@code StandingServers}): the processes started from now on log in
     * {@code runDir}'s {@code logs}; those already running keep their logs where they are.
     */
    public void logTo(Path runDir) {
        this.logs = runDir.resolve("logs");
    }

    /**
     * The faults still in force on this lab's hosts, one line each: a nemesis table of nft rules or a
     * slow link's qdisc on a host, a process left stopped. Empty when every fault was undone: what a
     * lab kept for the next run must show, since that run must begin on a healthy lab.
     */
    public List<String> faultsLeft() {
        List<String> left = new ArrayList<>();
        for (HostProcess p : liveProcesses()) if (p.isPaused()) left.add("process " + p.name() + " stopped");
        for (Host h : hosts()) {
            Commands.Result tables = h.exec("nft", "list", "tables");
            if (tables.ok()) Cleanup.nemesisTables(tables.output()).forEach(t -> left.add("nft table " + t + " on " + h.name()));
            Commands.Result qdiscs = h.exec("tc", "qdisc", "show");
            if (qdiscs.ok()) Cleanup.slowLinkDevices(qdiscs.output()).forEach(d -> left.add("slow-link qdisc on " + h.name() + " " + d));
        }
        return left;
    }

    private HostProcess track(HostProcess p) {
        processes.add(p);
        return p;
    }

    /** Every process started through this lab that is still alive. */
    public List<HostProcess> liveProcesses() {
        synchronized (processes) {
            return processes.stream().filter(HostProcess::isAlive).toList();
        }
    }

    /** Resumes and kills every process this lab started (a paused one would not die of SIGTERM). */
    protected void killProcesses() {
        List<HostProcess> ps;
        synchronized (processes) {
            ps = new ArrayList<>(processes);
        }
        for (HostProcess p : ps) {
            try {
                p.resume();
                p.kill();
            } catch (RuntimeException e) {
                // keep going: close() reports what is left
            }
        }
    }

    /**
     * Kills every process and undoes what the lab set up on its hosts, then checks that nothing is
     * left (throws naming what is). Idempotent.
     */
    @Override
    public abstract void close();

    /** What remains of this lab on its hosts: live processes and anything else it set up. */
    public abstract List<String> leftovers();
}
