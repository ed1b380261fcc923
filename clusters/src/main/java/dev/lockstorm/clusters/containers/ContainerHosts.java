package dev.lockstorm.clusters.containers;

import com.github.dockerjava.api.model.AccessMode;
import com.github.dockerjava.api.model.Bind;
import com.github.dockerjava.api.model.Capability;
import com.github.dockerjava.api.model.ContainerNetwork;
import com.github.dockerjava.api.model.Volume;
import dev.lockstorm.clusters.lab.LabException;
import dev.lockstorm.clusters.lab.Wait;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.Network;
import org.testcontainers.lifecycle.Startables;
import org.testcontainers.utility.DockerImageName;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletionException;

/**
 * A run's hosts as containers, through Testcontainers: one user-defined network for the run, and on
 * it one container per host (n1 …, c1 …) from its family's image, named after the run and labelled
 * with it and with the lockstorm process that made it. Each runs sshd with the run's key, and gets
 * {@code NET_ADMIN} (its own nft tables, for partitions) and nothing more; directories of this
 * machine (lockstorm's class path) are mounted read-only at the same paths. The SSH backend then
 * drives them as it drives remote machines. {@link #close} removes the containers and the network;
 * a {@link Reaper} started with them removes them when this JVM dies first ({@code kill -9} too), and
 * {@link #cleanup} removes what a lockstorm whose reaper died as well left.
 *
 * <p>Testcontainers' reaper (Ryuk) runs from an image that must be on the engine or pulled from a
 * registry; where neither can be, it is turned off with {@code TESTCONTAINERS_RYUK_DISABLED=true}
 * (bin/lockstorm does so), and lockstorm's own reaper, labels and {@link #cleanup} do its work.
 *
 * <pre>{@code
 * try (ContainerHosts hosts = ContainerHosts.start(docker, "run-1", Map.of("n1", redisImage, "c1", commonImage), Map.of(),
 *         key.publicLine(), List.of())) {
 *     String n1 = hosts.addresses().get("n1");
 * }
 * }</pre>
 */
public final class ContainerHosts implements AutoCloseable {
    /** The reaper image of the Testcontainers version in lockstorm's build (its {@code RyukContainer}). */
    public static final String RYUK_IMAGE = "testcontainers/ryuk:0.12.0";

    static {
        // Testcontainers tells every image check and container start at INFO; a run's output is the run's
        for (String logger : List.of("org.testcontainers", "tc", "com.github.dockerjava")) {
            System.getProperties().putIfAbsent("org.slf4j.simpleLogger.log." + logger, "warn");
        }
        // its banner that the reaper is off, every run: doctor says so once
        System.getProperties().putIfAbsent("org.slf4j.simpleLogger.log.org.testcontainers.utility.ResourceReaper", "error");
    }

    private final Docker docker;
    private final String name;
    private final Network network;
    /** This process's own container, joined to the run's network to reach its hosts (a CI runner's on a network of its own). */
    private Optional<String> joined = Optional.empty();
    /** Removes the run's containers and network should this JVM die before {@link #close} does. */
    private final Reaper reaper;
    private final Map<String, GenericContainer<?>> containers = new LinkedHashMap<>();
    private final Map<String, String> addresses = new LinkedHashMap<>();

    private ContainerHosts(Docker docker, String name, Network network, Reaper reaper) {
        this.docker = docker;
        this.reaper = reaper;
        this.name = name;
        this.network = network;
    }

    /**
     * Starts a container per host, each from its image, all at once, and waits until each one's
     * sshd listens. On failure, whatever was started is removed again.
     *
     * @param images    each host's name to its image
     * @param sysctls   each host's kernel settings of its own network namespace (hosts not named: none)
     * @param publicKey the line of the key the run logs in with (authorized_keys format)
     * @param mounts    directories of this machine each container sees, read-only, at the same path
     */
    public static ContainerHosts start(Docker docker, String run, Map<String, String> images, Map<String, Map<String, String>> sysctls,
                                       String publicKey, List<Path> mounts) {
        reaperProblem(docker).ifPresent(why -> {
            throw new LabException(why);
        });
        String name = "lockstorm-" + run.replaceAll("[^A-Za-z0-9_.-]", "_");
        Map<String, String> labels = Map.of(Docker.RUN_LABEL, run, Docker.OWNER_LABEL, Long.toString(ProcessHandle.current().pid()));
        Reaper reaper = Reaper.watch(docker, run);
        Network network = Network.builder().createNetworkCmdModifier(cmd -> {
            Map<String, String> all = new HashMap<>(cmd.getLabels() == null ? Map.of() : cmd.getLabels());
            all.putAll(labels);
            cmd.withName(name).withLabels(all);
        }).build();
        ContainerHosts hosts = new ContainerHosts(docker, name, network, reaper);
        List<Bind> binds = mounts.stream().map(d -> new Bind(d.toString(), new Volume(d.toString()), AccessMode.ro)).toList();
        try {
            for (Map.Entry<String, String> e : images.entrySet()) {
                String host = e.getKey();
                Map<String, String> hostSysctls = sysctls.getOrDefault(host, Map.of());
                GenericContainer<?> c = new GenericContainer<>(DockerImageName.parse(e.getValue()))
                        .withNetwork(network)
                        .withNetworkAliases(host)
                        .withLabels(labels)
                        .withEnv("LOCKSTORM_KEY", publicKey)
                        // binds through the engine's own host config: Testcontainers' file mounts would first test mounting with an image pulled from a registry
                        .withCreateContainerCmdModifier(cmd -> {
                            cmd.withName(name + "-" + host).withHostName(host);
                            cmd.getHostConfig().withCapAdd(Capability.NET_ADMIN).withBinds(binds);
                            if (!hostSysctls.isEmpty()) cmd.getHostConfig().withSysctls(hostSysctls);
                        });
                hosts.containers.put(host, c);
            }
            try {
                Startables.deepStart(hosts.containers.values()).join();
            } catch (CompletionException e) {
                Throwable cause = e.getCause() == null ? e : e.getCause();
                throw new LabException("the containers of run " + run + " did not start: " + cause.getMessage(), cause);
            }
            // lockstorm in a container of its own network (a CI runner's) reaches the hosts by their addresses only once it joins theirs
            hosts.joined = docker.ownBridgedContainer();
            hosts.joined.ifPresent(self -> docker.check("network", "connect", name, self));
            for (Map.Entry<String, GenericContainer<?>> e : hosts.containers.entrySet()) {
                ContainerNetwork net = e.getValue().getContainerInfo().getNetworkSettings().getNetworks().get(name);
                String ip = net == null ? null : net.getIpAddress();
                if (ip == null || ip.isEmpty()) throw new LabException("container " + name + "-" + e.getKey() + " has no address on network " + name);
                hosts.addresses.put(e.getKey(), ip);
            }
            for (Map.Entry<String, String> e : hosts.addresses.entrySet()) hosts.awaitSshd(e.getKey(), e.getValue());
            return hosts;
        } catch (RuntimeException e) {
            hosts.close();
            throw e;
        }
    }

    /**
     * Why Testcontainers could not start here, or empty: its reaper needs {@link #RYUK_IMAGE} on the
     * engine (it would try a registry for it) unless it is turned off.
     */
    public static Optional<String> reaperProblem(Docker docker) {
        if (reaperDisabled() || docker.exists("image", RYUK_IMAGE)) return Optional.empty();
        return Optional.of("Testcontainers starts its reaper from the image " + RYUK_IMAGE + ", which this Docker engine does not have:"
                + " set TESTCONTAINERS_RYUK_DISABLED=true (bin/lockstorm does; lockstorm removes its containers by its own label, at the run's end"
                + " and, after a crash, at the next run or 'cleanup --backend containers'), or pull that image where a registry answers");
    }

    /** Whether Testcontainers' reaper is turned off in this process (an environment variable: Testcontainers reads it nowhere else). */
    public static boolean reaperDisabled() {
        return Boolean.parseBoolean(System.getenv("TESTCONTAINERS_RYUK_DISABLED"));
    }

    /**
     * The directories to mount so that every entry of {@code classpath} is where it is here: each
     * jar's directory and each class directory, without those inside another.
     */
    public static List<Path> mountsFor(List<Path> classpath) {
        List<Path> dirs = new ArrayList<>();
        for (Path entry : classpath) {
            Path p = entry.toAbsolutePath().normalize();
            Path dir = Files.isDirectory(p) ? p : Files.isRegularFile(p) ? p.getParent() : null;
            if (dir != null && !dirs.contains(dir) && !system(dir)) dirs.add(dir);
        }
        return dirs.stream().filter(d -> dirs.stream().noneMatch(o -> !o.equals(d) && d.startsWith(o))).sorted().toList();
    }

    /** A directory the image has too (its system's, or a top-level one): mounting over it would hide the image's; what is there is copied instead. */
    private static boolean system(Path dir) {
        return dir.getNameCount() <= 1 || List.of("usr", "etc", "bin", "sbin", "lib", "lib64", "proc", "sys", "dev", "run", "boot")
                .contains(dir.getName(0).toString());
    }

    private void awaitSshd(String host, String ip) {
        boolean up = Wait.polled(() -> {
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress(ip, 22), 500);
                return true;
            } catch (IOException e) {
                return false;
            }
        }, System.nanoTime() + Duration.ofSeconds(30).toNanos(), 100);
        if (!up) {
            String logs = containers.get(host).getLogs();
            String tail = String.join("\n", logs.lines().skip(Math.max(0, logs.lines().count() - 20)).toList());
            throw new LabException("container " + name + "-" + host + " (" + ip + ") did not open its SSH port within 30 s: " + tail);
        }
    }

    /** Each host's address on the run's network. */
    public Map<String, String> addresses() {
        return Map.copyOf(addresses);
    }

    /** Removes the containers (stopped ones too, with their volumes) and the network. */
    @Override
    public void close() {
        for (Map.Entry<String, GenericContainer<?>> e : containers.entrySet()) {
            try {
                e.getValue().stop();
            } catch (RuntimeException ex) {
                // an engine that hiccuped: the container is still there by its name
                docker.run(List.of("rm", "-f", "-v", name + "-" + e.getKey()), null, Duration.ofMinutes(1));
            }
        }
        containers.clear();
        joined.ifPresent(self -> docker.run(List.of("network", "disconnect", "-f", name, self), null, Duration.ofSeconds(30)));
        try {
            network.close();
        } catch (RuntimeException e) {
            // removed by name below
        }
        // Testcontainers logs a network it could not remove and goes on: make sure (by name, anything still on it taken off first)
        if (docker.exists("network", name)) docker.removeNetwork(name);
        reaper.close();
    }

    /**
     * Removes the containers and networks of runs whose lockstorm process is gone (a live run's are
     * left alone); what it removed (or, with {@code dryRun}, would remove), in words.
     */
    public static List<String> cleanup(Docker docker, boolean dryRun) {
        List<String> removed = new ArrayList<>();
        for (String kind : List.of("container", "network")) {
            for (String id : docker.labelled(kind, Docker.RUN_LABEL)) {
                String labels = kind.equals("container") ? ".Config.Labels" : ".Labels";
                Optional<String> inspected = unlessGone(docker, kind, id,
                        () -> docker.check(kind, "inspect", "--format", "{{.Name}} {{index " + labels + " \"" + Docker.OWNER_LABEL + "\"}}", id));
                if (inspected.isEmpty()) continue;
                String[] f = inspected.get().strip().split(" ");
                String name = f[0].replaceFirst("^/", "");
                boolean ownerAlive = f.length > 1 && f[1].matches("[0-9]+") && ProcessHandle.of(Long.parseLong(f[1])).isPresent();
                if (ownerAlive) continue;
                if (!dryRun) {
                    if (kind.equals("container")) unlessGone(docker, kind, id, () -> docker.check(List.of("rm", "-f", "-v", id), Duration.ofMinutes(1)));
                    else unlessGone(docker, kind, id, () -> {
                        docker.removeNetwork(id);
                        return id;
                    });
                }
                removed.add(kind + " " + name);
            }
        }
        return removed;
    }

    /**
     * What {@code step} on a run's container or network returned; empty when it failed because the container or network
     * was gone by then: another run going on beside this one (a parallel test) removes its own between the listing and here.
     */
    private static <T> Optional<T> unlessGone(Docker docker, String kind, String id, java.util.function.Supplier<T> step) {
        try {
            return Optional.of(step.get());
        } catch (LabException e) {
            if (docker.exists(kind, id)) throw e;
            return Optional.empty();
        }
    }
}
