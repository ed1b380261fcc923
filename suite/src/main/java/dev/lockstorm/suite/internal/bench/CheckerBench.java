package dev.lockstorm.suite.internal.bench;

import dev.lockstorm.checker.CheckResult;
import dev.lockstorm.checker.Checker;
import dev.lockstorm.checker.Verdict;
import dev.lockstorm.checker.corpus.Corpus;
import dev.lockstorm.checker.corpus.CorpusCase;
import dev.lockstorm.checker.history.History;
import dev.lockstorm.checker.io.HistoryFormat;
import dev.lockstorm.checker.io.HistoryReader;
import dev.lockstorm.checker.io.HistoryWriter;
import dev.lockstorm.checker.linear.SearchLimits;
import dev.lockstorm.checker.model.FencedMutex;
import dev.lockstorm.checker.model.Models;
import dev.lockstorm.checker.sim.LockSimulation;

import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;

/**
 * The checker's benchmark: a large simulated fenced-mutex history (generate, write, read, check) and
 * the whole public corpus in one JVM. Prints figures to compare across changes; asserts nothing
 * about time.
 */
public final class CheckerBench {
    private final PrintStream out;

    public CheckerBench(PrintStream out) {
        this.out = out;
    }

    /**
     * Start-up: from this JVM's start to the first file checked (a small Porcupine etcd history), as
     * a {@code lockstorm check} of one file spends it. Call it first, before anything warms the JVM.
     */
    public void startup(Path corpusRoot) {
        Path first = corpusRoot.resolve("porcupine-etcd/etcd_000.log");
        long started = ManagementFactory.getRuntimeMXBean().getStartTime();
        CheckResult r = Checker.check(HistoryReader.read(first, HistoryFormat.AUTO), Models.byName("register"),
                SearchLimits.withTimeLimit(Duration.ofSeconds(60)));
        out.printf(Locale.ROOT, "start-up: %d ms from the JVM's start to the first checked file (%s, %s)%n",
                System.currentTimeMillis() - started, first.getFileName(), r.verdict().wire());
    }

    /** The large-history figures. Returns false when the verdict is not the expected {@code valid}. */
    public boolean large(int events, int clients, double crashRate, long seed) throws IOException {
        out.printf(Locale.ROOT, "fenced-mutex history: %,d events, %d clients, %.1f %% crashed ops, seed %d, -Xmx %d MiB, %d cores%n",
                events, clients, crashRate * 100, seed, Runtime.getRuntime().maxMemory() >> 20, Runtime.getRuntime().availableProcessors());
        long t0 = System.nanoTime();
        History h = new LockSimulation(clients, crashRate, LockSimulation.Fault.NONE, seed).run(events);
        long t1 = System.nanoTime();
        Path dir = Files.createTempDirectory("lockstorm-bench");
        Path file = dir.resolve("history.jsonl");
        HistoryWriter.write(h, file);
        long t2 = System.nanoTime();
        resetPeaks();
        History read = HistoryReader.read(file, HistoryFormat.JSONL);
        long t3 = System.nanoTime();
        CheckResult r = Checker.check(read, new FencedMutex(), SearchLimits.withTimeLimit(Duration.ofSeconds(120)));
        long t4 = System.nanoTime();
        Files.delete(file);
        Files.delete(dir);
        row("generate", t1 - t0, h.size());
        row("write JSONL", t2 - t1, h.size());
        row("read + validate", t3 - t2, h.size());
        row("check (all analyses)", t4 - t3, h.size());
        row("read + check", t4 - t2, h.size());
        out.printf(Locale.ROOT, "  verdict %s, %,d ops searched, %,d crashed, states explored %,d, peak states %,d, peak heap %d MiB%n",
                r.verdict().wire(), r.linearizability().operations(), r.stats().crashedOperations(),
                r.linearizability().statesExplored(), r.linearizability().peakStates(), peakHeapMiB());
        return r.verdict() == Verdict.VALID;
    }

    /** Checks every corpus file; returns the number whose verdict differs from the expected one. */
    public int corpus(Path root) {
        long t0 = System.nanoTime();
        int wrong = 0;
        int n = 0;
        String slowest = "";
        long slowestNanos = 0;
        long states = 0;
        resetPeaks();
        for (CorpusCase c : Corpus.cases(root)) {
            long s = System.nanoTime();
            History h = HistoryReader.read(c.file(), HistoryFormat.AUTO);
            CheckResult r = Checker.check(h, Models.byName(c.model()), SearchLimits.withTimeLimit(Duration.ofSeconds(60)));
            long took = System.nanoTime() - s;
            n++;
            states += r.linearizability().statesExplored();
            if (took > slowestNanos) {
                slowestNanos = took;
                slowest = c.toString();
            }
            if (r.verdict() != c.expected()) {
                wrong++;
                out.printf(Locale.ROOT, "  MISMATCH %s: expected %s, got %s%s%n", c, c.expected().wire(), r.verdict().wire(),
                        r.linearizability().reason() == null ? "" : " (" + r.linearizability().reason() + ")");
            }
        }
        long total = System.nanoTime() - t0;
        out.printf(Locale.ROOT, "corpus %s: %d files, %d verdicts as expected, %d not, in %.2f s; slowest %s %.2f s; %,d states; peak heap %d MiB%n",
                root, n, n - wrong, wrong, total / 1e9, slowest, slowestNanos / 1e9, states, peakHeapMiB());
        return wrong;
    }

    private void row(String what, long nanos, int events) {
        out.printf(Locale.ROOT, "  %-22s %8.2f s  %,12.0f events/s%n", what, nanos / 1e9, events / (nanos / 1e9));
    }

    private static void resetPeaks() {
        System.gc();
        for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) if (p.getType() == MemoryType.HEAP) p.resetPeakUsage();
    }

    private static long peakHeapMiB() {
        long sum = 0;
        for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) if (p.getType() == MemoryType.HEAP) sum += p.getPeakUsage().getUsed();
        return sum >> 20;
    }
}
