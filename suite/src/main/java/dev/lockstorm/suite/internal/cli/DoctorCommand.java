package dev.lockstorm.suite.internal.cli;

import dev.lockstorm.clusters.containers.ContainerHosts;
import dev.lockstorm.clusters.lab.Commands;
import dev.lockstorm.clusters.ssh.HostCheck;
import dev.lockstorm.clusters.ssh.SshTarget;
import picocli.CommandLine.Command;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code lockstorm doctor}: what a run needs from this machine, checked and printed as a table.
 * Exit 0 when everything required is there, else 3 with what to install.
 */
@Command(name = "doctor", mixinStandardHelpOptions = true,
        description = {"Checks the kernel features, binaries and versions a run needs and prints a table.",
                "With --hosts, checks remote hosts over SSH instead: reachable, logged in as root, nft or iptables, apt, Java.",
                "Exit code 0 when all is there, 3 when something is missing (the table says what to install)."})
public final class DoctorCommand implements Callable<Integer> {

    @picocli.CommandLine.Mixin
    SshArgs ssh = new SshArgs();

    /** One line of the table. */
    record Check(String what, boolean ok, String detail, String fix) {
    }

    @picocli.CommandLine.Option(names = "--backend", paramLabel = "lab|containers", defaultValue = "lab",
            description = "lab (default): what a run in namespaces on this machine needs; containers: the Docker engine and the images.")
    String backend = "lab";

    @Override
    public Integer call() {
        if (ssh.given()) return remote();
        boolean containers;
        try {
            containers = RemoteArgs.containers(backend);
        } catch (IllegalArgumentException e) {
            System.err.println("lockstorm doctor: " + e.getMessage());
            return Main.BAD_INPUT;
        }
        List<Check> checks = containers ? containerChecks() : checks();
        System.out.printf("%-28s %-7s %s%n", "check", "status", "detail");
        boolean ok = true;
        for (Check c : checks) {
            System.out.printf("%-28s %-7s %s%n", c.what(), c.ok() ? "ok" : "MISSING", c.ok() ? c.detail() : c.detail() + " — " + c.fix());
            ok &= c.ok();
        }
        System.out.println(ok ? "doctor: ready for a run" : "doctor: not ready; install what is missing (bin/test installs all of it as root)");
        return ok ? 0 : Main.BAD_INPUT;
    }

    /** One row per remote host; exit 3 when any is not ready, naming the host and what failed. */
    private Integer remote() {
        return ssh.onHosts("doctor", (client, targets) -> {
            List<HostCheck> checks = new ArrayList<>();
            for (SshTarget t : targets) checks.add(HostCheck.of(client, t));
            System.out.print(HostCheck.table(checks));
            boolean ready = checks.stream().allMatch(HostCheck::ready);
            System.out.println(ready ? "doctor: every host is ready" : "doctor: not every host is ready (see above)");
            return ready ? 0 : Main.BAD_INPUT;
        });
    }

    static List<Check> checks() {
        List<Check> out = new ArrayList<>();
        boolean root = "0".equals(first("id", "-u"));
        out.add(new Check("root", root, root ? "uid 0" : "uid " + first("id", "-u"), "run as root: namespaces and nft need it"));
        out.add(binary("unshare", List.of("unshare", "--version"), "apt-get install util-linux"));
        out.add(binary("ip (iproute2)", List.of("ip", "-V"), "apt-get install iproute2"));
        out.add(binary("nft (nftables)", List.of("nft", "--version"), "apt-get install nftables"));
        out.add(binary("redis-server", List.of("redis-server", "--version"), "apt-get install redis-server"));
        out.add(binary("etcd", List.of("etcd", "--version"), "apt-get install etcd-server"));
        // Debian keeps the server off PATH, one directory per major version: the newest is the one a run uses
        out.add(binary("PostgreSQL", List.of("sh", "-c", "\"$(ls -d /usr/lib/postgresql/*/bin/postgres | sort -V | tail -n 1)\" --version"),
                "apt-get install postgresql"));
        out.add(binary("MariaDB", List.of("mariadbd", "--version"), "apt-get install mariadb-server"));
        out.add(binary("gcc (clock faults)", List.of("gcc", "--version"), "apt-get install gcc"));
        String dynalite = dev.lockstorm.clusters.dynamodb.DynaliteNode.INSTALL_DIR + "/node_modules/dynalite/package.json";
        out.add(binary("dynalite (DynamoDB locks)", List.of("sh", "-c", "node --version >/dev/null && test -f " + dynalite
                        + " && echo \"dynalite $(sed -n 's/^ *\"version\": *\"\\([^\"]*\\)\".*/\\1/p' " + dynalite + ") on node $(node --version)\""),
                "apt-get install nodejs npm; bin/lockstorm installs dynalite " + dev.lockstorm.clusters.dynamodb.DynaliteNode.VERSION + " with npm"));
        if (root) {
            Commands.Result ns = Commands.run(List.of("unshare", "--net", "--mount", "--pid", "--fork", "true"), null, Duration.ofSeconds(10));
            out.add(new Check("namespaces", ns.ok(), ns.ok() ? "network, mount and PID namespaces can be created" : ns.output().strip(),
                    "the kernel must allow namespaces (no container without CAP_SYS_ADMIN)"));
        }
        String zk;
        try {
            zk = org.apache.zookeeper.Version.getFullVersion();
        } catch (LinkageError e) {
            zk = null;
        }
        out.add(new Check("ZooKeeper jars", zk != null, zk == null ? "not on the class path" : zk, "rebuild: mvn -DskipTests package"));
        out.add(new Check("java", Runtime.version().feature() >= 17, "Java " + Runtime.version(), "install a JDK 17 or newer"));
        return out;
    }

    /** What {@code --backend containers} needs: an engine this user may use, and the images (built by a run when missing). */
    static List<Check> containerChecks() {
        List<Check> out = new ArrayList<>();
        dev.lockstorm.clusters.containers.Docker docker = dev.lockstorm.clusters.containers.Docker.cli();
        java.util.Optional<String> noEngine = docker.problem();
        out.add(new Check("Docker engine", noEngine.isEmpty(), noEngine.isEmpty() ? "version " + docker.version() : noEngine.get(),
                "apt-get install docker.io, start dockerd, and add this user to the group docker"));
        if (noEngine.isEmpty()) {
            java.util.Optional<String> noReaper = ContainerHosts.reaperProblem(docker);
            out.add(new Check("Testcontainers", noReaper.isEmpty(), noReaper.orElse(ContainerHosts.reaperDisabled()
                    ? "its reaper off (TESTCONTAINERS_RYUK_DISABLED): lockstorm's own removes a run's containers when its JVM dies"
                    : "its reaper from " + ContainerHosts.RYUK_IMAGE), "export TESTCONTAINERS_RYUK_DISABLED=true"));
            dev.lockstorm.clusters.containers.Images images = new dev.lockstorm.clusters.containers.Images(docker, System.err);
            boolean base = images.hasBase();
            out.add(new Check("base image", base, base ? dev.lockstorm.clusters.containers.Images.BASE : "not made yet",
                    "bin/lockstorm images build, once as root where no registry answers (debootstrap)"));
            if (base) {
                for (String p : ImagesCommand.families()) {
                    String tag = images.tag(p);
                    // a missing family image is built by the first run that needs it: worth saying, not a failure
                    out.add(new Check(tag.replaceFirst("lockstorm/", "").replaceFirst(":.*", ""), true, docker.exists("image", tag) ? tag : tag + " (not built yet: a run builds it, ~15 s)", ""));
                }
                if (noReaper.isEmpty()) out.add(probe(docker, images));
            }
        }
        out.add(new Check("java", Runtime.version().feature() >= 17, "Java " + Runtime.version(), "install a JDK 17 or newer"));
        return out;
    }

    /**
     * One real container from the common host image (built first when missing, as a run would), reached over SSH as a
     * run reaches its hosts, then removed: an engine that answers is not yet one whose containers a run can reach (a
     * host that is itself a container, a network the engine cannot give addresses on).
     */
    private static Check probe(dev.lockstorm.clusters.containers.Docker docker, dev.lockstorm.clusters.containers.Images images) {
        java.nio.file.Path dir = null;
        long t0 = System.nanoTime();
        try {
            dir = java.nio.file.Files.createTempDirectory("lockstorm-doctor");
            String image = images.host(dev.lockstorm.clusters.containers.Images.COMMON);
            try (dev.lockstorm.clusters.ssh.SshLab lab = dev.lockstorm.clusters.containers.ContainerLab.open(docker, java.util.Map.of("probe", image),
                    java.util.Map.of(), List.of(), dir)) {
                Commands.Result r = lab.host("probe").exec("true");
                if (!r.ok()) return new Check("a container", false, "started from " + image + ", but a command over SSH failed: " + r.output().strip(), CONTAINER_FIX);
            }
            return new Check("a container", true, String.format(java.util.Locale.ROOT, "started from %s, reached over SSH and removed in %.1f s", image,
                    (System.nanoTime() - t0) / 1e9), "");
        } catch (RuntimeException | java.io.IOException e) {
            return new Check("a container", false, "could not start one and reach it: " + e.getMessage(), CONTAINER_FIX);
        } finally {
            try {
                if (dir != null) dev.lockstorm.clusters.lab.LocalFiles.deleteTree(dir);
            } catch (java.io.IOException e) {
                System.err.println("doctor: could not remove " + dir + ": " + e.getMessage());
            }
        }
    }

    private static final String CONTAINER_FIX = "bin/lockstorm cleanup --backend containers, then docs/containers.md (Testcontainers here)";

    private static Check binary(String what, List<String> cmd, String fix) {
        Commands.Result r;
        try {
            r = Commands.run(cmd, null, Duration.ofSeconds(10));
        } catch (RuntimeException e) {
            return new Check(what, false, "not found", fix);
        }
        String firstLine = r.output().strip().lines().findFirst().orElse("");
        return new Check(what, r.ok(), r.ok() ? firstLine : "not working: " + firstLine, fix);
    }

    private static String first(String... cmd) {
        try {
            return Commands.run(cmd).output().strip();
        } catch (RuntimeException e) {
            return "?";
        }
    }
}
