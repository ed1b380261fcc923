package dev.lockstorm.clusters.ssh;

import dev.lockstorm.clusters.lab.Commands;
import dev.lockstorm.clusters.lab.Host;
import dev.lockstorm.clusters.lab.HostProcess;
import dev.lockstorm.clusters.lab.Jvm;
import dev.lockstorm.clusters.lab.Lab;
import dev.lockstorm.clusters.lab.LabException;
import dev.lockstorm.clusters.lab.LocalFiles;
import dev.lockstorm.clusters.lab.Shell;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The hosts of a run on remote machines, reached over SSH, as Jepsen runs its nodes: this machine
 * is the control node, which starts the servers and clients on the hosts, cuts links there and
 * checks the history. Each host keeps the run's files under {@code /var/lib/lockstorm/runs/RUN};
 * JVMs there run from this JVM's jars, copied once into {@code /var/lib/lockstorm/lib} (kept as a
 * cache); programs a node needs are installed with apt when missing. Every process started here
 * carries {@code LOCKSTORM_RUN} in its environment, so that {@link SshCleanup} finds what a run
 * that died left.
 *
 * <pre>{@code
 * Map<String, SshTarget> hosts = Map.of("n1", SshTarget.parse("10.0.0.11", "root"), ...);
 * try (Lab lab = SshLab.open(SshOptions.defaults(), hosts, runDir)) {
 *     ZooKeeperEnsemble zk = ZooKeeperEnsemble.start(lab, lab.hosts(), ZooKeeperOptions.defaults());
 * }
 * }</pre>
 */
public final class SshLab extends Lab {
    /** Where lockstorm keeps things on a remote host. */
    public static final Path ROOT = Path.of("/var/lib/lockstorm");
    static final String MARK = "LOCKSTORM_RUN";

    private final Ssh ssh;
    private final Path root;
    private final Path dir;
    private final String run;
    private final Map<String, SshHost> remote = new LinkedHashMap<>();
    /** Each host's class path (lockstorm's, and a user's extra entries after it), once it is there. */
    private final Map<String, List<String>> classpaths = new ConcurrentHashMap<>();
    /** Each remote host's monotonic clock minus this JVM's, measured once. */
    private final Map<String, Long> clockOffsets = new ConcurrentHashMap<>();
    /** Each local jar's digest, computed once for all hosts. */
    private final Map<Path, String> digests = new ConcurrentHashMap<>();
    /** Directories every host sees at the same path (a container's read-only mounts): entries under them are not copied. */
    private final List<Path> mounted = new java.util.concurrent.CopyOnWriteArrayList<>();
    private final List<String> removedAtOpen = new ArrayList<>();
    /** Undoes the run on its hosts when this JVM is interrupted (Ctrl-C, SIGTERM) before {@link #close}. */
    private final Thread onExit = new Thread(this::closeQuietly, "lockstorm-remote-cleanup");
    private boolean closed;
    /** What closing does last: a backend that made the hosts (containers) removes them. */
    private final List<Runnable> afterClose = new java.util.concurrent.CopyOnWriteArrayList<>();

    private SshLab(Ssh ssh, Path root, Path dir) {
        this.ssh = ssh;
        this.root = root;
        this.dir = dir;
        this.run = dir.toAbsolutePath().getFileName().toString().replaceAll("[^A-Za-z0-9._-]", "_");
    }

    /**
     * Connects to every host (the run's names n1, c1, … to where they are), checks that it logs in
     * as root, and removes what an earlier run that died left on it. Throws {@link SshException}
     * naming the first host that fails, with every connection closed and nothing started.
     *
     * @param dir the run's directory on this machine (its name names the run on the hosts)
     */
    public static SshLab open(SshOptions options, Map<String, SshTarget> targets, Path dir) {
        return open(options, targets, List.of(), dir, ROOT);
    }

    /** The same, keeping lockstorm's things on the hosts under {@code root} rather than {@link #ROOT}. */
    public static SshLab open(SshOptions options, Map<String, SshTarget> targets, Path dir, Path root) {
        return open(options, targets, List.of(), dir, root);
    }

    /**
     * The same, with hosts called {@code onControl} (clients) on this machine, the control node:
     * see {@link ControlHost}.
     */
    public static SshLab open(SshOptions options, Map<String, SshTarget> targets, List<String> onControl, Path dir, Path root) {
        if (targets.isEmpty()) throw new IllegalArgumentException("a remote run needs at least one remote host");
        Ssh ssh = Ssh.start(options);
        SshLab lab = new SshLab(ssh, root, dir);
        try {
            Files.createDirectories(dir);
            for (Map.Entry<String, SshTarget> e : targets.entrySet()) {
                SshHost h = ssh.connect(e.getKey(), e.getValue());
                lab.remote.put(e.getKey(), h);
                lab.add(h);
                String uid = h.check(List.of("id", "-u"), null).strip();
                if (!uid.equals("0")) throw new SshException(h.target(), "logged in, but not as root (uid " + uid + "): log in as root");
            }
            String first = targets.values().iterator().next().host();
            for (String name : onControl) lab.add(ControlHost.towards(name, first));
            for (SshHost h : lab.remote.values()) {
                for (String left : SshCleanup.run(h, true, root, null)) lab.removedAtOpen.add(h.name() + ": " + left);
            }
            for (SshHost h : lab.remote.values()) {
                // made now, open to every user: a server that makes its own directory first (etcd) would make
                // its parents private, and PostgreSQL, which runs as its own user, could not reach its data
                Path runDir = lab.dir(h);
                List<String> dirs = List.of(root.toString(), root.resolve("runs").toString(), runDir.toString(), lab.scratch(h).toString());
                h.check(List.of("sh", "-c", "mkdir -p " + Shell.quote(lab.scratch(h).toString()) + " && chmod 755 "
                        + String.join(" ", dirs.stream().map(Shell::quote).toList())), null);
            }
            Runtime.getRuntime().addShutdownHook(lab.onExit);
            return lab;
        } catch (IOException | RuntimeException e) {
            ssh.close();
            if (e instanceof LabException le) throw le;
            throw new LabException("cannot prepare the remote hosts: " + e.getMessage(), e);
        }
    }

    /** What an earlier run had left on the hosts and {@link #open} removed, a line each. */
    public List<String> removedAtOpen() {
        return List.copyOf(removedAtOpen);
    }

    /** The remote host called {@code name}. */
    public SshHost remote(String name) {
        SshHost h = remote.get(name);
        if (h == null) throw new IllegalArgumentException("no remote host '" + name + "' in this run; remote hosts: " + remote.keySet());
        return h;
    }

    @Override
    public Path dir() {
        return dir;
    }

    /** Under the root on a remote host; the run's own directory on the control node. */
    @Override
    public Path dir(Host host) {
        return host instanceof SshHost ? root.resolve("runs").resolve(run) : dir;
    }

    @Override
    public Path scratch(Host host) {
        return dir(host).resolve("scratch");
    }

    /**
     * On a remote host: this JVM's time plus the host's clock offset, measured by reading its
     * CLOCK_MONOTONIC ({@code /proc/timer_list}, root only; else {@code /proc/uptime}, to 10 ms)
     * in the middle of one SSH round trip.
     */
    @Override
    public long monotonicOn(Host host, long nanos) {
        if (!(host instanceof SshHost h)) return nanos;
        return nanos + clockOffsets.computeIfAbsent(h.name(), x -> {
            long t0 = System.nanoTime();
            String out = h.check(List.of("sh", "-c", "grep -m1 '^now at' /proc/timer_list 2>/dev/null || cat /proc/uptime"), null).strip();
            long t1 = System.nanoTime();
            long remote = out.startsWith("now at ") ? Long.parseLong(out.split("\\s+")[2])
                    : (long) (Double.parseDouble(out.split("\\s+")[0]) * 1e9);
            return remote - (t0 + t1) / 2;
        });
    }

    @Override
    protected Map<String, String> env(Map<String, String> env) {
        Map<String, String> all = new LinkedHashMap<>(env);
        all.put(MARK, run);
        return all;
    }

    /**
     * The host's {@code java} (installed with apt when missing) with this JVM's class path as copied
     * to the host: jars once into the cache under their content's digest, class directories into
     * the run's directory.
     */
    @Override
    public List<String> jvm(Host host, String heap, List<String> props, List<Path> extraClasspath, String mainClass, List<String> args) {
        if (!(host instanceof SshHost h)) return Jvm.command(heap, props, extraClasspath, mainClass, args);
        List<String> cp = new ArrayList<>(classpaths.computeIfAbsent(h.name(), x -> {
            require(h, "java", "openjdk-17-jre-headless");
            return copy(h, Jvm.classpath(), "cp");
        }));
        if (!extraClasspath.isEmpty()) {
            cp.addAll(classpaths.computeIfAbsent(h.name() + " " + extraClasspath, x -> copy(h, extraClasspath, "extra-" + classpaths.size())));
        }
        return Jvm.command("java", cp, heap, props, mainClass, args);
    }

    /**
     * Copies class path entries to {@code h}: the paths there, in the same order. What is missing
     * goes in one tar stream (a command per file cost a round trip each: seconds for a test's 120
     * jars): jars into the cache under their digest, each appearing whole (unpacked beside it,
     * then renamed), class directories into the run's directory.
     */
    private List<String> copy(SshHost h, List<Path> entries, String dirName) {
        Path lib = root.resolve("lib");
        // one copy per host name: clients that share a machine start at once, and must not overwrite each other's classes
        Path classes = dir(h).resolve("classes-" + h.name()).resolve(dirName);
        Set<String> there = Set.of(h.exec("ls", "-1", lib.toString()).output().split("\n"));
        List<String> remote = new ArrayList<>();
        Path stage = dir.resolve(".copy-" + h.name() + "-" + dirName);
        try {
            LocalFiles.deleteTree(stage);
            for (int i = 0; i < entries.size(); i++) {
                Path local = entries.get(i).toAbsolutePath().normalize();
                if (mounted.stream().anyMatch(local::startsWith)) {
                    if (Files.exists(local)) remote.add(local.toString());
                } else if (Files.isDirectory(local)) {
                    String name = i + "-" + local.getFileName();
                    link(stage.resolve("classes").resolve(name), local);
                    remote.add(classes.resolve(name).toString());
                } else if (Files.isRegularFile(local)) {
                    String name = digests.computeIfAbsent(local, SshLab::digest) + "-" + local.getFileName();
                    if (!there.contains(name)) link(stage.resolve("lib").resolve(name), local);
                    remote.add(lib.resolve(name).toString());
                }
                // an entry that does not exist here is not needed there either
            }
            if (Files.isDirectory(stage)) send(h, stage, lib, classes);
            return remote;
        } catch (IOException e) {
            throw new LabException("cannot stage the class path for " + h.name() + " in " + stage + ": " + e.getMessage(), e);
        } finally {
            try {
                LocalFiles.deleteTree(stage);
            } catch (IOException e) {
                // in the run's own directory: harmless
            }
        }
    }

    private static void link(Path link, Path target) throws IOException {
        Files.createDirectories(link.getParent());
        Files.createSymbolicLink(link, target);
    }

    /** This machine's tar of the staged links, followed ({@code -h}), unpacked on {@code h} and moved into place. */
    private void send(SshHost h, Path stage, Path lib, Path classes) {
        String script = String.join("\n",
                "set -e",
                "mkdir -p " + Shell.quote(lib.toString()) + " " + Shell.quote(classes.toString()),
                "t=$(mktemp -d " + Shell.quote(root.resolve(".incoming-XXXXXX").toString()) + ")",
                "tar -x -C \"$t\"",
                "if [ -d \"$t/lib\" ]; then for f in \"$t\"/lib/*; do mv -f \"$f\" " + Shell.quote(lib.toString()) + "/; done; fi",
                "if [ -d \"$t/classes\" ]; then for f in \"$t\"/classes/*; do rm -rf " + Shell.quote(classes.toString())
                        + "/\"${f##*/}\"; mv \"$f\" " + Shell.quote(classes.toString()) + "/; done; fi",
                "rm -rf \"$t\"");
        try {
            Process tar = new ProcessBuilder("tar", "-c", "-h", "-C", stage.toString(), ".").redirectError(ProcessBuilder.Redirect.DISCARD).start();
            Commands.Result r;
            try (InputStream in = tar.getInputStream()) {
                r = h.exec(List.of("sh", "-c", script), in, Duration.ofMinutes(5));
            }
            if (tar.waitFor() != 0) throw new LabException("tar of the class path for " + h.name() + " failed (exit " + tar.exitValue() + ")");
            if (!r.ok()) throw new SshException(h.target(), "copying the class path failed: " + r.output().strip());
        } catch (IOException e) {
            throw new LabException("cannot copy the class path to " + h.name() + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LabException("interrupted while copying the class path to " + h.name(), e);
        }
    }


    /** The first 16 hex digits of the file's SHA-256: a jar is copied again only when it changed. */
    private static String digest(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            byte[] buf = new byte[1 << 16];
            for (int n; (n = in.read(buf)) > 0; ) md.update(buf, 0, n);
            return HexFormat.of().formatHex(md.digest(), 0, 8);
        } catch (IOException e) {
            throw new LabException("cannot read " + file + ": " + e.getMessage(), e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Installs {@code pkg} with apt-get when {@code program} is missing on the host, as Jepsen does. */
    @Override
    public void require(Host host, String program, String pkg) {
        if (host.has(program)) return;
        if (!(host instanceof SshHost h)) throw new LabException(program + " is missing on the control node (Debian: apt-get install " + pkg + ")");
        Commands.Result r = h.exec(List.of("sh", "-c", "DEBIAN_FRONTEND=noninteractive apt-get install -y -q " + Shell.quote(pkg)
                + " || (apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q " + Shell.quote(pkg) + ")"), (String) null, Duration.ofMinutes(10));
        if (!r.ok() || !host.has(program)) {
            List<String> lines = r.output().strip().lines().toList();
            throw new SshException(h.target(), program + " is missing and 'apt-get install " + pkg + "' did not install it: "
                    + String.join("\n", lines.subList(Math.max(0, lines.size() - 4), lines.size())));
        }
    }

    /**
     * Kills every process the run started, removes the nemesis's nft table and the run's directory
     * on every host, and checks that nothing of the run is left; then closes the connections.
     */
    @Override
    public synchronized void close() {
        if (closed) return;
        closed = true;
        try {
            Runtime.getRuntime().removeShutdownHook(onExit);
        } catch (IllegalStateException e) {
            // shutting down: this is the hook
        }
        try {
            killProcesses();
            List<String> left = new ArrayList<>();
            for (SshHost h : remote.values()) {
                try {
                    SshCleanup.run(h, true, root, run);
                    for (String l : SshCleanup.run(h, false, root, run)) left.add(h.name() + ": " + l);
                } catch (SshException e) {
                    left.add(e.getMessage());
                }
            }
            if (!left.isEmpty()) throw new LabException("the run left things behind on its hosts: " + String.join("; ", left));
        } finally {
            ssh.close();
            for (Runnable step : afterClose) step.run();
        }
    }

    /**
     * Says that every host sees these directories of this machine at the same paths (mounted into
     * containers): class path entries under them are used there, not copied.
     */
    public void mounted(List<Path> dirs) {
        dirs.forEach(d -> mounted.add(d.toAbsolutePath().normalize()));
    }

    /** Runs {@code step} when the run closes (also from the shutdown hook), after its hosts were cleaned and the connections closed. */
    public void afterClose(Runnable step) {
        afterClose.add(step);
    }

    private void closeQuietly() {
        try {
            close();
        } catch (RuntimeException e) {
            System.err.println("lockstorm: " + e.getMessage() + " (lockstorm cleanup --hosts removes it)");
        }
    }

    /** What is left of this run on its hosts: live processes, the nemesis's table, the run's directory. */
    @Override
    public List<String> leftovers() {
        List<String> left = new ArrayList<>();
        for (HostProcess p : liveProcesses()) left.add("process " + p);
        if (closed) return left;
        for (SshHost h : remote.values()) {
            for (String l : SshCleanup.run(h, false, root, run)) left.add(h.name() + ": " + l);
        }
        return left;
    }
}
