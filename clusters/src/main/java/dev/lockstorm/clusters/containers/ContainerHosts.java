package dev.lockstorm.clusters.containers;

import dev.lockstorm.clusters.lab.LabException;
import dev.lockstorm.clusters.lab.Wait;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A run's hosts as containers: one user-defined network for the run, and on it one container per
 * host (n1 …, c1 …) from its family's image, named after the run and labelled with it and with the
 * lockstorm process that made it. Each runs sshd with the run's key, and gets {@code NET_ADMIN} (its
 * own nft tables, for partitions) and nothing more. The SSH backend then drives them as it drives
 * remote machines. {@link #close} removes the containers and the network; {@link #cleanup} removes
 * what a lockstorm that died left.
 *
 * <pre>{@code
 * try (ContainerHosts hosts = ContainerHosts.start(docker, "run-1", Map.of("n1", redisImage, "c1", commonImage), Map.of(), key.publicLine())) {
 *     String n1 = hosts.addresses().get("n1");
 * }
 * }</pre>
 */
public final class ContainerHosts implements AutoCloseable {
    private final Docker docker;
    private final String network;
    private final List<String> containers = new ArrayList<>();
    private final Map<String, String> addresses = new LinkedHashMap<>();

    private ContainerHosts(Docker docker, String network) {
        this.docker = docker;
        this.network = network;
    }

    /**
     * Starts a container per host, each from its image, and waits until each one's sshd listens.
     * On failure, whatever was started is removed again.
     *
     * @param images    each host's name to its image
     * @param sysctls   each host's kernel settings of its own network namespace (hosts not named: none)
     * @param publicKey the line of the key the run logs in with (authorized_keys format)
     */
    public static ContainerHosts start(Docker docker, String run, Map<String, String> images, Map<String, Map<String, String>> sysctls,
                                       String publicKey) {
        String name = "lockstorm-" + run.replaceAll("[^A-Za-z0-9_.-]", "_");
        String owner = Long.toString(ProcessHandle.current().pid());
        List<String> labels = List.of("--label", Docker.RUN_LABEL + "=" + run, "--label", Docker.OWNER_LABEL + "=" + owner);
        ContainerHosts hosts = new ContainerHosts(docker, name);
        try {
            List<String> net = new ArrayList<>(List.of("network", "create"));
            net.addAll(labels);
            net.add(name);
            docker.check(net, Duration.ofSeconds(60));
            for (Map.Entry<String, String> e : images.entrySet()) {
                String container = name + "-" + e.getKey();
                List<String> args = new ArrayList<>(List.of("run", "-d", "--name", container, "--hostname", e.getKey(), "--network", name,
                        "--cap-add", "NET_ADMIN", "-e", "LOCKSTORM_KEY=" + publicKey));
                sysctls.getOrDefault(e.getKey(), Map.of()).forEach((k, v) -> args.addAll(List.of("--sysctl", k + "=" + v)));
                args.addAll(labels);
                args.add(e.getValue());
                docker.check(args, Duration.ofSeconds(60));
                hosts.containers.add(container);
                String ip = docker.check("inspect", "--format", "{{range .NetworkSettings.Networks}}{{.IPAddress}}{{end}}", container).strip();
                if (ip.isEmpty()) throw new LabException("container " + container + " has no address on network " + name);
                hosts.addresses.put(e.getKey(), ip);
            }
            for (Map.Entry<String, String> e : hosts.addresses.entrySet()) hosts.awaitSshd(e.getKey(), e.getValue());
            return hosts;
        } catch (RuntimeException e) {
            hosts.close();
            throw e;
        }
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
            String logs = docker.run(List.of("logs", "--tail", "20", network + "-" + host), null, Duration.ofSeconds(10)).output().strip();
            throw new LabException("container " + network + "-" + host + " (" + ip + ") did not open its SSH port within 30 s: " + logs);
        }
    }

    /** Each host's address on the run's network. */
    public Map<String, String> addresses() {
        return Map.copyOf(addresses);
    }

    /** Removes the containers (stopped ones too) and the network. */
    @Override
    public void close() {
        if (!containers.isEmpty()) {
            List<String> rm = new ArrayList<>(List.of("rm", "-f", "-v"));
            rm.addAll(containers);
            docker.run(rm, null, Duration.ofMinutes(2));
            containers.clear();
        }
        docker.run(List.of("network", "rm", network), null, Duration.ofSeconds(60));
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
                String[] f = docker.check(kind, "inspect", "--format", "{{.Name}} {{index " + labels + " \"" + Docker.OWNER_LABEL + "\"}}", id)
                        .strip().split(" ");
                String name = f[0].replaceFirst("^/", "");
                boolean ownerAlive = f.length > 1 && f[1].matches("[0-9]+") && ProcessHandle.of(Long.parseLong(f[1])).isPresent();
                if (ownerAlive) continue;
                if (!dryRun) {
                    List<String> rm = kind.equals("container") ? List.of("rm", "-f", "-v", id) : List.of("network", "rm", id);
                    docker.check(rm, Duration.ofMinutes(1));
                }
                removed.add(kind + " " + name);
            }
        }
        return removed;
    }
}
