package dev.lockstorm.clusters.lab;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The lab on this machine: a network namespace per server node and per client, joined by a bridge, all
 * inside the run's own lab (bin/lab: network, mount and PID namespaces that the kernel removes with
 * everything in them when the run ends or dies). Nothing touches the machine's own network.
 *
 * <pre>{@code
 * try (Lab lab = Lab.open(new LabSpec(List.of("n1", "n2", "n3", "c1"), runDir))) {
 *     Host n1 = lab.host("n1");
 *     n1.exec("ping", "-c1", lab.host("n2").address());
 * }
 * }</pre>
 *
 * The calling JVM must already run inside a lab ({@code bin/lab java …}, which {@code bin/lockstorm}
 * and the integration tests do); elsewhere {@link Lab#open} fails at once and says so.
 */
public final class NamespaceLab extends Lab {
    /** The harness's side of the bridge; hosts get .11, .12, … */
    static final String SUBNET = "10.77.0.";
    static final String BRIDGE = "br0";
    /** In the lab's private /run (lab-init.sh), one lab at a time (the bridge has one name): see {@link #scratch}. */
    private static final Path SCRATCH = Path.of("/run/lockstorm/scratch");

    private final LabSpec spec;
    private boolean closed;

    private NamespaceLab(LabSpec spec) {
        this.spec = spec;
    }

    /** Creates the bridge and the hosts. */
    static NamespaceLab create(LabSpec spec) {
        Lab.requireInside();
        NamespaceLab lab = new NamespaceLab(spec);
        try {
            Files.createDirectories(spec.dir());
            LocalFiles.deleteTree(SCRATCH); // what a lab before this one in the same namespace left, if it was not closed
            Files.createDirectories(SCRATCH);
            Commands.check("ip", "link", "add", BRIDGE, "type", "bridge");
            Commands.check("ip", "addr", "add", SUBNET + "1/24", "dev", BRIDGE);
            Commands.check("ip", "link", "set", BRIDGE, "up");
            StringBuilder etcHosts = new StringBuilder("127.0.0.1\tlocalhost\n::1\tlocalhost\n");
            int i = 11;
            for (String name : spec.hosts()) {
                String addr = SUBNET + i++;
                Commands.check("ip", "netns", "add", name);
                Commands.check("ip", "link", "add", "v-" + name, "type", "veth", "peer", "name", "eth0", "netns", name);
                Commands.check("ip", "link", "set", "v-" + name, "master", BRIDGE, "up");
                Commands.check("ip", "-n", name, "addr", "add", addr + "/24", "dev", "eth0");
                Commands.check("ip", "-n", name, "link", "set", "eth0", "up");
                Commands.check("ip", "-n", name, "link", "set", "lo", "up");
                lab.add(new LabHost(name, addr));
                etcHosts.append(addr).append('\t').append(name).append('\n');
            }
            // the lab's private /etc/hosts (lab-init.sh): node names resolve without DNS
            Files.writeString(Path.of("/etc/hosts"), etcHosts, StandardCharsets.UTF_8, StandardOpenOption.TRUNCATE_EXISTING);
            return lab;
        } catch (IOException | RuntimeException e) {
            lab.close();
            throw e instanceof LabException le ? le : new LabException("cannot build the lab: " + e.getMessage(), e);
        }
    }

    @Override
    public Path dir() {
        return spec.dir();
    }

    /** Lab hosts share this machine's file system: the run's own directory. */
    @Override
    public Path dir(Host host) {
        return spec.dir();
    }

    /**
     * In the lab's private {@code /run}, which every user can reach whatever the run directory's
     * parents allow (a project under {@code /root} does not).
     */
    @Override
    public Path scratch(Host host) {
        return SCRATCH;
    }

    @Override
    public List<String> jvm(Host host, String heap, List<String> props, List<Path> extraClasspath, String mainClass, List<String> args) {
        return Jvm.command(heap, props, extraClasspath, mainClass, args);
    }

    /** A lab host has what this machine has: nothing is installed here behind the user's back. */
    @Override
    public void require(Host host, String program, String pkg) {
        if (!host.has(program)) throw new LabException(program + " is missing (Debian: apt-get install " + pkg + ")");
    }

    /**
     * Kills every process and removes the hosts and the bridge, then checks that nothing is left
     * (throws naming what is). Idempotent.
     */
    @Override
    public void close() {
        if (closed) return;
        closed = true;
        killProcesses();
        for (String name : names()) {
            Commands.run(List.of("ip", "netns", "delete", name), null, Duration.ofSeconds(10));
            // the host's end of the pair goes with its namespace, unless a dying process still holds that
            Commands.run(List.of("ip", "link", "delete", "v-" + name), null, Duration.ofSeconds(10));
        }
        Commands.run(List.of("ip", "link", "delete", BRIDGE), null, Duration.ofSeconds(10));
        try {
            LocalFiles.deleteTree(SCRATCH);
        } catch (IOException e) {
            // reported below as a leftover
        }
        List<String> left = leftovers();
        if (!left.isEmpty()) throw new LabException("the lab left things behind: " + String.join("; ", left));
        // the JVMs that recorded their classes have exited: the next lab's start from an archive (once per kind of JVM)
        ClassArchive.buildPending();
    }

    /** What remains of this lab: live processes, network namespaces, the bridge. */
    @Override
    public List<String> leftovers() {
        List<String> left = new ArrayList<>();
        for (HostProcess p : liveProcesses()) left.add("process " + p);
        for (String name : names()) {
            if (Files.exists(Path.of("/run/netns", name))) left.add("network namespace " + name);
            if (Commands.run("ip", "link", "show", "v-" + name).ok()) left.add("link v-" + name);
        }
        if (Commands.run("ip", "link", "show", BRIDGE).ok()) left.add("bridge " + BRIDGE);
        if (closed && Files.exists(SCRATCH)) left.add("scratch directory " + SCRATCH);
        return left;
    }

    private List<String> names() {
        return hosts().stream().map(Host::name).toList();
    }
}
