package dev.lockstorm.suite.internal.bench;

import dev.lockstorm.checker.CheckResult;
import dev.lockstorm.checker.Checker;
import dev.lockstorm.checker.Verdict;
import dev.lockstorm.checker.corpus.Corpus;
import dev.lockstorm.checker.corpus.CorpusCase;
import dev.lockstorm.checker.history.History;
import dev.lockstorm.checker.history.Op;
import dev.lockstorm.checker.history.OpType;
import dev.lockstorm.checker.io.HistoryFormat;
import dev.lockstorm.checker.io.HistoryReader;
import dev.lockstorm.checker.io.HistoryWriter;
import dev.lockstorm.checker.linear.SearchLimits;
import dev.lockstorm.checker.model.FencedMutex;
import dev.lockstorm.checker.model.Models;
import dev.lockstorm.checker.model.RwLock;
import dev.lockstorm.suite.internal.workload.LockSimulation;

import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
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
    public boolean large(int events, int clients, double crashRate, long seed, Path launcher) throws IOException {
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
        long bytes = Files.size(file);
        // the whole command a user types, cold: JVM start, read, check, summary
        long cold = -1;
        if (launcher != null) {
            long c0 = System.nanoTime();
            quietly(List.of(launcher.toString(), "check", file.toString()));
            cold = System.nanoTime() - c0;
        }
        Files.delete(file);
        Files.delete(dir);
        row("generate", t1 - t0, h.size());
        row("write JSONL", t2 - t1, h.size());
        row("read + validate", t3 - t2, h.size());
        out.printf(Locale.ROOT, "  %-24s %6.0f MB/s (%,d bytes)%n", "read rate", bytes / 1e6 / ((t3 - t2) / 1e9), bytes);
        row("check (all analyses)", t4 - t3, h.size());
        row("read + check", t4 - t2, h.size());
        if (cold >= 0) out.printf(Locale.ROOT, "  %-24s %6.2f s   (bin/lockstorm check FILE: a cold JVM, read, check, summary)%n", "the whole command", cold / 1e9);
        out.printf(Locale.ROOT, "  verdict %s, %,d ops searched, %,d crashed, states explored %,d, peak states %,d, peak heap %d MiB%n",
                r.verdict().wire(), r.linearizability().operations(), r.stats().crashedOperations(),
                r.linearizability().statesExplored(), r.linearizability().peakStates(), peakHeapMiB());
        return r.verdict() == Verdict.VALID;
    }

    /**
     * {@code n} readers of one read-write lock all asking at once, granted in the reverse order, then
     * all releasing, then one writer: trivially valid, and a search of it would have to enumerate
     * every reader's order. Returns false when the verdict is not {@code valid}.
     */
    public boolean readers(int n) {
        List<Op> ops = new ArrayList<>();
        long t = 0;
        for (int p = 0; p < n; p++) ops.add(Op.of(0, t++, OpType.INVOKE, p, RwLock.ACQUIRE_READ, null));
        for (int p = n - 1; p >= 0; p--) ops.add(Op.of(0, t++, OpType.OK, p, RwLock.ACQUIRE_READ, null));
        for (int p = 0; p < n; p++) ops.add(Op.of(0, t++, OpType.INVOKE, p, RwLock.RELEASE_READ, null));
        for (int p = 0; p < n; p++) ops.add(Op.of(0, t++, OpType.OK, p, RwLock.RELEASE_READ, null));
        ops.add(Op.of(0, t++, OpType.INVOKE, n, RwLock.ACQUIRE_WRITE, null));
        ops.add(Op.of(0, t, OpType.OK, n, RwLock.ACQUIRE_WRITE, null));
        History h = History.of("readers", ops);
        resetPeaks();
        long t0 = System.nanoTime();
        CheckResult r = Checker.check(h, new RwLock(), SearchLimits.withTimeLimit(Duration.ofSeconds(120)));
        long took = System.nanoTime() - t0;
        out.printf(Locale.ROOT, "rw-lock history: %,d readers at once, then a writer (%,d events)%n", n, h.size());
        row("check (all analyses)", took, h.size());
        out.printf(Locale.ROOT, "  verdict %s, double holders %s, states explored %,d, peak heap %d MiB%n", r.verdict().wire(),
                r.holdsCounted() ? Integer.toString(r.doubleHolderCount()) : "not counted", r.linearizability().statesExplored(), peakHeapMiB());
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

    /**
     * The figure Porcupine's own test run compares with: one cold {@code bin/lockstorm check} through
     * the launcher over the etcd logs (095 aside, as Porcupine's test does) and the kv files, each
     * file's model inferred from its format (register for the etcd logs, kv for the kv files), as
     * Porcupine's one test binary checks both. The first command is not counted (it may write the
     * launcher's class-data archive); then {@code rounds} commands, each printed, and their median.
     */
    public boolean coldCommands(Path corpusRoot, Path launcher, int rounds, Path porcupine) throws IOException {
        List<String> etcd = files(corpusRoot.resolve("porcupine-etcd"), f -> f.endsWith(".log") && !f.equals("etcd_095.log"));
        List<String> kv = files(corpusRoot.resolve("porcupine-kv"), f -> f.endsWith(".txt"));
        List<String> check = new ArrayList<>(List.of(launcher.toString(), "check"));
        check.addAll(etcd);
        check.addAll(kv);
        List<String> theirs = porcupine == null ? null : porcupineTest(porcupine);
        if (porcupine != null && theirs == null) return false;
        long[] took = new long[rounds];
        long[] tookTheirs = new long[rounds];
        for (int round = -1; round < rounds; round++) {
            long t0 = System.nanoTime();
            int rc = quietly(check);
            long t1 = System.nanoTime();
            int rcTheirs = theirs == null ? 0 : quietly(theirs);
            long t2 = System.nanoTime();
            if (round < 0) {
                out.printf(Locale.ROOT, "cold command: check over %d etcd logs and %d kv files (each file's model from its format), exit code %d%s%n",
                        etcd.size(), kv.size(), rc, theirs == null ? "" : "; Porcupine's own test run over the same files"
                                + " (TestEtcdJepsen*, TestKv<N>Clients*), exit code " + rcTheirs);
                continue;
            }
            took[round] = t1 - t0;
            tookTheirs[round] = t2 - t1;
            out.printf(Locale.ROOT, "  round %d: %.2f s%s%n", round + 1, took[round] / 1e9,
                    theirs == null ? "" : String.format(Locale.ROOT, ", Porcupine %.2f s", tookTheirs[round] / 1e9));
        }
        long ours = median(took);
        if (theirs == null) {
            out.printf(Locale.ROOT, "  median %.2f s (Porcupine not measured: give --porcupine DIR, a checkout of github.com/anishathalye/porcupine,"
                    + " with Go installed)%n", ours / 1e9);
            return true;
        }
        long p = median(tookTheirs);
        out.printf(Locale.ROOT, "  median %.2f s, Porcupine %.2f s: lockstorm / Porcupine = %.2f%n", ours / 1e9, p / 1e9, ours / (double) p);
        return true;
    }

    private static long median(long[] xs) {
        long[] sorted = xs.clone();
        java.util.Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }

    /**
     * Builds Porcupine's test binary once ({@code go test -c}, offline: it has no dependencies) and
     * returns the command that runs its etcd and kv tests over the same files; null, with the reason
     * printed, when it cannot.
     */
    private List<String> porcupineTest(Path checkout) throws IOException {
        if (!Files.isRegularFile(checkout.resolve("porcupine_test.go")) || !Files.isDirectory(checkout.resolve("test_data"))) {
            out.println("cold command: " + checkout + " is not a Porcupine checkout (expected porcupine_test.go and test_data/)");
            return null;
        }
        Path binary = checkout.toAbsolutePath().resolve("porcupine.test");
        ProcessBuilder pb = new ProcessBuilder("go", "test", "-c", "-o", binary.toString(), ".").directory(checkout.toFile())
                .redirectErrorStream(true);
        pb.environment().put("GOFLAGS", "-mod=mod");
        pb.environment().put("GOPROXY", "off");
        try {
            Process go = pb.start();
            String said = new String(go.getInputStream().readAllBytes());
            if (go.waitFor() != 0) {
                out.println("cold command: go test -c failed in " + checkout + ":\n" + said);
                return null;
            }
        } catch (IOException e) {
            out.println("cold command: Go is missing (apt-get install golang-go): " + e.getMessage());
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
        // run from the checkout: its tests read test_data/ by relative path
        return List.of("sh", "-c", "cd '" + checkout.toAbsolutePath() + "' && exec ./porcupine.test -test.run 'TestEtcdJepsen|TestKv[0-9]' -test.count=1");
    }

    private static List<String> files(Path dir, java.util.function.Predicate<String> name) throws IOException {
        try (var s = Files.list(dir)) {
            return s.filter(f -> name.test(f.getFileName().toString())).map(Path::toString).sorted().toList();
        }
    }

    private static int quietly(List<String> command) throws IOException {
        Process p = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        try {
            return p.waitFor();
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
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
