package dev.lockstorm.clusters;

import dev.lockstorm.clusters.lab.Lab;
import dev.lockstorm.clusters.lab.LabSpec;
import dev.lockstorm.clusters.ssh.LabSshd;
import dev.lockstorm.clusters.ssh.SshLab;
import dev.lockstorm.clusters.ssh.SshTarget;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Machines for the SSH backend's tests (SshClustersIT, SshServicesIT): hosts of a lab that run sshd
 * and are nothing more to a run than machines reached over SSH. Each test class opens its own, so
 * that the classes run side by side in two test forks.
 */
final class SshMachines implements AutoCloseable {
    /**
     * What the hosts keep (they share this machine's file system): in the lab's private /run, not
     * /var/lib, where every user can reach it (PostgreSQL runs as its own user).
     */
    static final Path REMOTE_ROOT = Path.of("/run/lockstorm/ssh-clusters-it");
    final Path dir;
    final Lab machines;
    final LabSshd sshd;

    /** {@code hosts} machines m1 …, sshd on the first three. */
    SshMachines(Class<?> test, int hosts) {
        dir = RunDirs.of(test.getSimpleName());
        List<String> names = new java.util.ArrayList<>();
        for (int i = 1; i <= hosts; i++) names.add("m" + i);
        machines = Lab.open(new LabSpec(names, dir));
        sshd = LabSshd.start(machines, dir, machines.hosts().subList(0, 3));
    }

    /** A run's SSH lab on m1, m2 and m3 (as n1, n2, n3), its directory named {@code run}. */
    SshLab remote(String run) {
        Map<String, SshTarget> targets = new LinkedHashMap<>();
        for (int i = 1; i <= 3; i++) targets.put("n" + i, new SshTarget("root", machines.host("m" + i).address(), 22));
        return SshLab.open(sshd.options(), targets, dir.resolve(run), REMOTE_ROOT);
    }

    /** Whether the hosts hold nothing of any run: no run directory, no process but sshd. */
    boolean noTraceOfRuns() {
        try (var runs = Files.list(REMOTE_ROOT.resolve("runs"))) {
            return runs.findAny().isEmpty() && machines.liveProcesses().stream().allMatch(p -> p.name().startsWith("sshd-"));
        } catch (java.io.IOException e) {
            return false;
        }
    }

    @Override
    public void close() {
        machines.close();
    }
}
