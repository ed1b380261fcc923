package dev.lockstorm.clusters.containers;

import dev.lockstorm.clusters.lab.Jvm;
import dev.lockstorm.clusters.lab.Lab;
import dev.lockstorm.clusters.ssh.SshLab;
import dev.lockstorm.clusters.ssh.SshOptions;
import dev.lockstorm.clusters.ssh.SshTarget;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A lab whose hosts are containers: what a run on {@code --backend containers} (and the backend's
 * own tests) open. The containers start ({@link ContainerHosts}), this JVM's class path is mounted
 * into each of them read-only, and the SSH backend drives them; closing the lab removes them.
 *
 * <pre>{@code
 * Images images = new Images(docker, System.err);
 * try (SshLab lab = ContainerLab.open(docker, Map.of("n1", images.host("redis-server")), Map.of(), List.of(), dir)) {
 *     RedisNode n1 = RedisNode.start(lab, lab.host("n1"), Persistence.NONE);
 * }
 * }</pre>
 */
public final class ContainerLab {
    private ContainerLab() {
    }

    /**
     * Starts a container per host (each name to its image; {@code sysctls}: a host's kernel settings
     * of its own network namespace) and opens them as the run {@code dir}'s hosts, logged into with
     * {@link ContainerKey}'s key. This JVM's class path and {@code classpath} (a user's jars and class
     * directories, which the clients add) are mounted read-only.
     */
    public static SshLab open(Docker docker, Map<String, String> images, Map<String, Map<String, String>> sysctls, List<Path> classpath,
                              Path dir) {
        ContainerKey key = ContainerKey.load(ContainerKey.defaultFile());
        List<Path> entries = new ArrayList<>(Jvm.classpath());
        entries.addAll(classpath);
        List<Path> mounts = ContainerHosts.mountsFor(entries);
        long t0 = System.nanoTime();
        ContainerHosts containers = ContainerHosts.start(docker, Lab.runId(dir), images, sysctls, key.publicLine(), mounts);
        System.err.printf("containers: %s started, their sshd listening, in %.1f s%n", String.join(" ", images.keySet()), (System.nanoTime() - t0) / 1e9);
        try {
            Map<String, SshTarget> targets = new LinkedHashMap<>(); // in the hosts' order: the lab lists its hosts so
            for (String host : images.keySet()) targets.put(host, SshTarget.parse(containers.addresses().get(host), "root"));
            SshLab lab = SshLab.open(SshOptions.defaults().withKey(key.file()).withoutHostKeyCheck(), targets, dir, SshLab.ROOT);
            lab.mounted(mounts);
            lab.afterClose(containers::close);
            return lab;
        } catch (RuntimeException e) {
            containers.close();
            throw e;
        }
    }
}
