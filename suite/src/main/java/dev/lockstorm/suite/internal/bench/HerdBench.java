package dev.lockstorm.suite.internal.bench;

import dev.lockstorm.clusters.ProcessNode;
import dev.lockstorm.clusters.lab.HostProcess;
import dev.lockstorm.clusters.lab.Jvm;
import dev.lockstorm.clusters.lab.Lab;
import dev.lockstorm.clusters.lab.Wait;
import dev.lockstorm.clusters.zookeeper.ZooKeeperNode;
import dev.lockstorm.results.RunStore;
import dev.lockstorm.suite.internal.cluster.Cluster;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The herd effect, measured: for each ZooKeeper lock recipe and each number of waiters, N + 1
 * clients take and release the lock for a fixed time ({@link HerdLoop}, a session each in one JVM
 * on a client host; one holds, N wait) against one 3-node ensemble. Per handoff: the watch notifications the clients received,
 * the watches the servers triggered ({@code mntr}'s node-event watch counts, summed over the
 * nodes), and the watches set while it ran ({@code mntr}'s {@code zk_watch_count}, data and child
 * watches; {@code wchs} counts data watches only); and the handoff latency. Prints a table
 * and writes it with a plot (notifications per handoff against waiters, a line per recipe) to
 * {@code herd.html}.
 */
public final class HerdBench {
    /** The recipes compared: one node (every waiter watches it), children watchers, predecessor watchers, Curator's mutex. */
    public static final List<String> RECIPES = List.of("zk-unique", "zk-children", "zk-recipe", "curator-mutex");
    private static final Pattern WATCH_COUNT = Pattern.compile("(?m)^zk_watch_count\\s+(\\d+)");

    private final PrintStream out;
    private final RunStore store;

    public HerdBench(PrintStream out, Path root) {
        this.out = out;
        this.store = new RunStore(root);
    }

    /** One cell of the table. */
    public record Cell(String recipe, int waiters, long handoffs, long seconds, long notifications, long serverTriggers, double watchesSet,
                       double p50Ms, double p99Ms) {
        double perHandoff(long n) {
            return handoffs == 0 ? Double.NaN : (double) n / handoffs;
        }
    }

    /** Runs every recipe with each number of waiters (clients besides the holder); returns the cells. */
    public List<Cell> run(List<Integer> waiterCounts, Duration each, List<String> recipes) throws IOException {
        Path dir = store.newRun("bench-herd");
        List<Cell> cells = new ArrayList<>();
        new Throughput(store).withCluster("zk-recipe", (lab, cluster) -> {
            out.printf(Locale.ROOT, "%-14s %7s %9s %11s %14s %14s %12s %10s %10s%n", "recipe", "waiters", "handoffs", "handoffs/s",
                    "notified/hand", "triggered/hand", "watches set", "p50 ms", "p99 ms");
            for (String recipe : recipes) {
                for (int n : waiterCounts) {
                    Cell c = cell(lab, cluster, recipe, n, each);
                    cells.add(c);
                    out.printf(Locale.ROOT, "%-14s %7d %9d %11.1f %14.2f %14.2f %12.1f %10.2f %10.2f%n", c.recipe, c.waiters, c.handoffs,
                            (double) c.handoffs / c.seconds, c.perHandoff(c.notifications), c.perHandoff(c.serverTriggers), c.watchesSet,
                            c.p50Ms, c.p99Ms);
                }
            }
            return null;
        });
        Files.writeString(dir.resolve("herd.html"), HerdPlot.html(cells));
        out.println("notified/hand: watch notifications the clients received per handoff; triggered/hand: watches the servers fired per"
                + " handoff (mntr, all nodes); watches set: mntr's zk_watch_count summed over the nodes (data and child watches), the mean of ten samples; latency: a release's"
                + " call to the next grant; each holder keeps the lock " + HerdLoop.HOLD_MS + " ms");
        out.println("page with the plot: " + dir.resolve("herd.html"));
        return cells;
    }

    private Cell cell(Lab lab, Cluster cluster, String recipe, int waiters, Duration each) {
        int clients = waiters + 1;
        List<? extends ProcessNode> nodes = cluster.nodes();
        long triggeredBefore = triggered(nodes);
        HostProcess p = lab.start(lab.host("c1"), "herd-" + recipe + "-" + waiters, Jvm.command("768m",
                List.of("-Xss256k", "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn"), HerdLoop.class.getName(),
                List.of(recipe, cluster.connect(), Integer.toString(clients), Long.toString(each.toSeconds()), "/herd/" + recipe + "-" + waiters)),
                Map.of());
        Wait.until("the herd loop " + recipe + " × " + waiters + " waiters to open its sessions",
                () -> LogLines.has(p.log(), "HERD-MEASURING") || !p.isAlive(), Duration.ofSeconds(120));
        // watches set: the mean of ten samples, 100 ms apart, from the middle of the measured window
        Wait.sleep(Math.max(0, each.toMillis() / 2 - 500));
        long sampled = 0;
        for (int i = 0; i < 10; i++) {
            for (ProcessNode n : nodes) sampled += watchCount(((ZooKeeperNode) n).fourLetterWord("mntr", Duration.ofSeconds(2)));
            Wait.sleep(100);
        }
        double watches = sampled / 10.0;
        Wait.until("the herd loop " + recipe + " × " + waiters + " waiters", () -> !p.isAlive(), each.plusSeconds(120));
        long triggered = triggered(nodes) - triggeredBefore;
        String line = LogLines.last(p.log(), "HERD ").orElseThrow(() -> new IllegalStateException("the herd loop printed no result; see " + p.log()));
        String[] f = line.split(" ");
        return new Cell(recipe, waiters, Long.parseLong(f[2]), Long.parseLong(f[4]), Long.parseLong(f[6]), triggered, watches,
                Double.parseDouble(f[8]), Double.parseDouble(f[10]));
    }

    /** The watches the servers have fired so far on node events, summed over the nodes ({@code mntr}). */
    private static long triggered(List<? extends ProcessNode> nodes) {
        long sum = 0;
        for (ProcessNode n : nodes) sum += nodeEventWatches(((ZooKeeperNode) n).fourLetterWord("mntr", Duration.ofSeconds(2)));
        return sum;
    }

    /** The sum of {@code mntr}'s {@code zk_sum_node_*_watch_count} lines: watches fired on node created, deleted, changed, children events. */
    static long nodeEventWatches(String mntr) {
        if (mntr == null) throw new IllegalStateException("a ZooKeeper node did not answer mntr");
        long sum = 0;
        for (String line : mntr.split("\n")) {
            String[] kv = line.trim().split("\\s+");
            if (kv.length == 2 && kv[0].matches("zk_sum_node_(created|deleted|changed|children)_watch_count")) sum += Long.parseLong(kv[1]);
        }
        return sum;
    }

    /** {@code mntr}'s {@code zk_watch_count}: the data and child watches set now ({@code wchs} counts data watches only). */
    static long watchCount(String mntr) {
        if (mntr == null) throw new IllegalStateException("a ZooKeeper node did not answer mntr");
        Matcher m = WATCH_COUNT.matcher(mntr);
        if (!m.find()) throw new IllegalStateException("no zk_watch_count in mntr's answer");
        return Long.parseLong(m.group(1));
    }
}
