package dev.lockstorm.clusters.lab;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Finds, and removes, what a run could have left outside its lab. A run lives in its own lab, so
 * there should be nothing: this checks, it does not assume. Only things unmistakably lockstorm's
 * are touched: one of the nemesis's nft tables ({@link #NFT_TABLES}), a root qdisc with the slow links' handle, a
 * {@code lockstorm-run} mount, a stopped process of a lab.
 *
 * <pre>{@code
 * List<String> found = Cleanup.run(true);   // each line says what was found and removed
 * }</pre>
 */
public final class Cleanup {
    private Cleanup() {
    }

    /**
     * @param remove false to only report
     * @return one line for each leftover found (empty when there was nothing)
     */
    public static List<String> run(boolean remove) {
        List<String> found = new ArrayList<>();
        if (Commands.run("sh", "-c", "command -v nft").ok()) {
            Commands.Result tables = Commands.run("nft", "list", "tables");
            for (String table : tables.ok() ? nemesisTables(tables.output()) : List.<String>of()) {
                found.add("nft table '" + table + "' in this network namespace" + (remove ? ": deleted" : ""));
                String[] familyAndName = table.split(" ");
                if (remove) Commands.run("nft", "delete", "table", familyAndName[0], familyAndName[1]);
            }
        }
        if (Commands.run("sh", "-c", "command -v tc").ok()) {
            // slow links: an HTB root qdisc with lockstorm's handle (the nemesis's Slow)
            for (String dev : slowLinkDevices(Commands.run("tc", "qdisc", "show").output())) {
                found.add("slow-link qdisc on " + dev + " in this network namespace" + (remove ? ": deleted" : ""));
                if (remove) Commands.run("tc", "qdisc", "del", "dev", dev, "root");
            }
        }
        // inside a lab, the lockstorm-run mounts in sight are that lab's own (another lab's are in
        // another mount namespace); outside, any would have leaked from a lab
        boolean insideALab = System.getenv("LOCKSTORM_LAB") != null;
        try {
            for (String line : insideALab ? List.<String>of() : Files.readAllLines(Path.of("/proc/self/mountinfo"))) {
                if (!line.contains(" lockstorm-run ")) continue;
                String mountPoint = line.split(" ")[4];
                found.add("mount of lockstorm-run at " + mountPoint + (remove ? ": unmounted" : ""));
                if (remove) Commands.run("umount", "-l", mountPoint);
            }
        } catch (IOException e) {
            found.add("cannot read /proc/self/mountinfo: " + e.getMessage());
        }
        for (long pid : stoppedLabProcesses()) {
            found.add("stopped lab process " + pid + (remove ? ": resumed and killed" : ""));
            if (remove) {
                Commands.run("kill", "-CONT", Long.toString(pid));
                Commands.run("kill", "-KILL", Long.toString(pid));
            }
        }
        return found;
    }

    /** The nemesis's tables ({@link #NFT_TABLES}) that {@code nft list tables} printed. */
    public static List<String> nemesisTables(String nftListTables) {
        return NFT_TABLES.stream().filter(t -> nftListTables.lines().anyMatch(l -> l.strip().equals("table " + t))).toList();
    }

    /** The interfaces whose root qdisc is a slow link's ({@code qdisc htb 4c53: dev eth0 root …} in {@code tc qdisc show}). */
    public static List<String> slowLinkDevices(String tcShow) {
        return tcShow.lines().filter(l -> l.startsWith("qdisc htb " + SLOW_LINK_HANDLE + " dev ") && l.contains(" root"))
                .map(l -> l.split(" ")[4]).distinct().toList();
    }

    /** The partitions' nft table (family {@code inet}). */
    public static final String PARTITION_TABLE = "nemesis";
    /** The lossy links' nft table (family {@code inet}), apart from the partitions' so that a cut and a loss come and go apart. */
    public static final String LOSS_TABLE = "nemesis_loss";
    /** The delay proxies' redirect (family {@code ip}, on a client's host). */
    public static final String DELAY_TABLE = "nemesis_delay";

    /**
     * The nemesis's nft tables, each as "family name": the partitions', the lossy links', and the
     * delay proxies' redirect (on a client's host). A table with one of these names is lockstorm's.
     */
    public static final List<String> NFT_TABLES = List.of("inet " + PARTITION_TABLE, "inet " + LOSS_TABLE, "ip " + DELAY_TABLE);

    /** The root qdisc handle of the nemesis's slow links ("LS"): a qdisc with it is unmistakably lockstorm's. */
    public static final String SLOW_LINK_HANDLE = "4c53:";

    /**
     * Processes of a lab (LOCKSTORM_LAB=1) stopped by SIGSTOP and left in this PID namespace. A
     * process in another PID namespace belongs to a lab that is still running (a lab's namespace,
     * and everything in it, ends with its first process), paused on purpose by that run's nemesis.
     */
    private static List<Long> stoppedLabProcesses() {
        List<Long> out = new ArrayList<>();
        if (System.getenv("LOCKSTORM_LAB") != null) return out; // inside a lab its own processes may be paused on purpose
        Path ours = pidNamespace(Path.of("/proc/self"));
        try (Stream<Path> procs = Files.list(Path.of("/proc"))) {
            for (Path p : procs.filter(p -> p.getFileName().toString().matches("\\d+")).toList()) {
                try {
                    if (!Files.readString(p.resolve("status")).contains("State:\tT")) continue;
                    if (ours != null && !ours.equals(pidNamespace(p))) continue;
                    String env = new String(Files.readAllBytes(p.resolve("environ")));
                    if (env.contains("LOCKSTORM_LAB=1")) out.add(Long.parseLong(p.getFileName().toString()));
                } catch (IOException e) {
                    // gone, or not ours to read
                }
            }
        } catch (IOException e) {
            // no /proc: nothing to scan
        }
        return out;
    }

    private static Path pidNamespace(Path proc) {
        try {
            return Files.readSymbolicLink(proc.resolve("ns/pid"));
        } catch (IOException | UnsupportedOperationException e) {
            return null;
        }
    }
}
