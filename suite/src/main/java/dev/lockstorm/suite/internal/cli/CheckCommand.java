package dev.lockstorm.suite.internal.cli;

import dev.lockstorm.checker.CheckResult;
import dev.lockstorm.checker.Checker;
import dev.lockstorm.checker.Summary;
import dev.lockstorm.checker.Verdict;
import dev.lockstorm.checker.history.HistoryFormatException;
import dev.lockstorm.checker.io.HistoryFormat;
import dev.lockstorm.checker.io.HistoryReader;
import dev.lockstorm.checker.linear.SearchLimits;
import dev.lockstorm.checker.model.Model;
import dev.lockstorm.checker.model.Models;
import dev.lockstorm.results.ResultsJson;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/** {@code lockstorm check}: checks history files and prints a summary of each. */
@Command(name = "check", mixinStandardHelpOptions = true,
        description = {"Checks histories: linearizability against a model and, for locks, double holders, fencing tokens,"
                + " stale writes and lost updates.",
                "Every file is checked and reported. Exit code, the worst over the files: 3 a file is bad input, else 1 any invalid,"
                        + " else 2 any unknown, else 0 all valid."})
public final class CheckCommand implements Callable<Integer> {

    @Parameters(arity = "1..*", paramLabel = "FILE", description = "Names the history files to check (JSONL, Jepsen EDN or Jepsen log).")
    List<Path> files;

    @Option(names = "--model", paramLabel = "M",
            description = "Sets the model: ${COMPLETION-CANDIDATES} (default: told from the history's operations).",
            completionCandidates = ModelNames.class)
    String model;

    @Option(names = "--format", paramLabel = "F", defaultValue = "auto",
            description = "Sets the files' format: jsonl, edn, jepsen-log, or auto to tell it from the name and content (default: ${DEFAULT-VALUE}).")
    String format;

    @Option(names = "--time-limit", paramLabel = "S", defaultValue = "300", converter = SecondsConverter.class,
            description = "Sets how long the check may take per file before the verdict is unknown: seconds (300) or a duration as"
                    + " run takes it (30s, 5m) (default: ${DEFAULT-VALUE}).")
    double timeLimit;

    @Option(names = "--out", paramLabel = "DIR",
            description = "Writes results.json into DIR (with several files, one sub-directory each: 1-<name>, 2-<name>, …).")
    Path out;

    @Override
    public Integer call() {
        return check(files, model, format, timeLimit, out, System.out, System.err);
    }

    /**
     * {@code check} without picocli when its arguments are plain: files and the options above, each
     * given once as {@code --name value} or {@code --name=value}. Building picocli's model of the
     * command line costs ~90 ms of a cold start, most of a small check (Porcupine's corpora, CI loops).
     * Anything else (help, an unknown or repeated option, a missing value, no file) returns empty, and
     * picocli parses it and words its error: this path never decides what is an error.
     */
    static java.util.OptionalInt quick(String[] args) {
        java.util.Map<String, String> opts = new java.util.HashMap<>();
        List<Path> files = new java.util.ArrayList<>();
        for (int i = 1; i < args.length; i++) {
            String a = args[i];
            if (!a.startsWith("-")) {
                files.add(Path.of(a));
                continue;
            }
            int eq = a.indexOf('=');
            String name = eq < 0 ? a : a.substring(0, eq);
            if (!java.util.Set.of("--model", "--format", "--time-limit", "--out").contains(name) || opts.containsKey(name)) {
                return java.util.OptionalInt.empty();
            }
            String value = eq >= 0 ? a.substring(eq + 1) : ++i < args.length ? args[i] : null;
            if (value == null || value.isEmpty() || value.startsWith("-")) return java.util.OptionalInt.empty();
            opts.put(name, value);
        }
        if (files.isEmpty()) return java.util.OptionalInt.empty();
        double seconds;
        try {
            seconds = seconds(opts.getOrDefault("--time-limit", "300"));
        } catch (IllegalArgumentException e) {
            return java.util.OptionalInt.empty();
        }
        Path out = opts.containsKey("--out") ? Path.of(opts.get("--out")) : null;
        return java.util.OptionalInt.of(check(files, opts.get("--model"), opts.getOrDefault("--format", "auto"), seconds, out,
                System.out, System.err));
    }

    /** Below this many bytes in all, files are checked side by side. */
    private static final long PARALLEL_BYTES = 64L << 20;

    /** A file's check: its {@link CheckResult}, or the {@link HistoryFormatException} that says why it is bad input. */
    private static Object checkOne(Path file, HistoryFormat format, Model<?> fixed, SearchLimits limits) {
        try {
            HistoryReader.Told read = HistoryReader.readTold(file, format);
            // the model given, or told from the history and the format it was read in
            Model<?> m = fixed != null ? fixed : Models.infer(read.history(), read.format() == HistoryFormat.JEPSEN_LOG);
            return Checker.check(read.history(), m, limits);
        } catch (HistoryFormatException e) {
            return e;
        }
    }

    private static long size(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            return 0;
        }
    }

    /** {@code --time-limit}'s value in seconds: a number of seconds ("300"), or a duration with its unit ("30s", "5m", "500ms"). */
    static double seconds(String text) {
        try {
            return Double.parseDouble(text);
        } catch (NumberFormatException e) {
            return dev.lockstorm.suite.internal.run.Durations.parse(text).toNanos() / 1e9;
        }
    }

    /** Picocli's side of {@link #seconds}. */
    static final class SecondsConverter implements picocli.CommandLine.ITypeConverter<Double> {
        @Override
        public Double convert(String s) {
            try {
                return seconds(s);
            } catch (IllegalArgumentException e) {
                throw new picocli.CommandLine.TypeConversionException("'" + s + "' is neither a number of seconds (300) nor a duration (30s, 5m): "
                        + e.getMessage());
            }
        }
    }

    /** The longest --time-limit, in seconds (a week): anything longer is a typo, not a plan. */
    static final double MAX_SECONDS = 7 * 24 * 3600;

    /**
     * Checks every file and prints a summary of each. The exit code is the worst of them, in this
     * order: 3 (a file is bad input) over 1 (invalid) over 2 (unknown) over 0 (valid), so that a bad
     * file is never mistaken for a verdict, and an invalid history is never hidden by an unknown one.
     */
    static int check(List<Path> files, String modelName, String formatName, double seconds, Path out,
                     PrintStream stdout, PrintStream stderr) {
        HistoryFormat format;
        Model<?> fixed = null;
        try {
            format = HistoryFormat.fromName(formatName);
            if (modelName != null) fixed = Models.byName(modelName);
            if (!(seconds > 0 && seconds <= MAX_SECONDS)) {
                throw new IllegalArgumentException("--time-limit must be a number of seconds above 0 and at most " + (long) MAX_SECONDS
                        + " (a week), not " + seconds);
            }
        } catch (IllegalArgumentException e) {
            stderr.println("lockstorm check: " + e.getMessage());
            return Main.BAD_INPUT;
        }
        SearchLimits limits = SearchLimits.withTimeLimit(Duration.ofMillis((long) (seconds * 1000)));
        Model<?> model = fixed;
        // small files are read and checked side by side; their summaries still come in the files' order
        long[] sizes = new long[files.size()];
        long bytes = 0;
        for (int i = 0; i < sizes.length; i++) bytes += sizes[i] = size(files.get(i));
        int parallel = bytes < PARALLEL_BYTES ? Math.max(1, Math.min(files.size(), Runtime.getRuntime().availableProcessors())) : 1;
        ExecutorService pool = Executors.newFixedThreadPool(parallel, r -> {
            Thread t = new Thread(r, "lockstorm-check");
            t.setDaemon(true);
            return t;
        });
        // the largest files start first, so that the longest check is not left to run alone at the end;
        // the summaries still come in the order the files were named
        List<Future<Object>> outcomes = new ArrayList<>(java.util.Collections.nCopies(files.size(), (Future<Object>) null));
        Integer[] bySize = new Integer[files.size()];
        for (int i = 0; i < bySize.length; i++) bySize[i] = i;
        if (parallel > 1) java.util.Arrays.sort(bySize, (a, b) -> Long.compare(sizes[b], sizes[a]));
        for (int i : bySize) {
            Path file = files.get(i);
            outcomes.set(i, pool.submit(() -> checkOne(file, format, model, limits)));
        }
        Verdict all = Verdict.VALID;
        boolean badInput = false;
        try {
            for (int n = 0; n < files.size(); n++) {
                Object o = outcomes.get(n).get();
                if (o instanceof HistoryFormatException e) {
                    stderr.println("lockstorm check: " + e.getMessage());
                    badInput = true;
                    continue;
                }
                CheckResult r = (CheckResult) o;
                stdout.print(Summary.of(r));
                all = all.and(r.verdict());
                if (out == null) continue;
                // one directory per file: every run's file is called history.jsonl
                Path dir = files.size() == 1 ? out : out.resolve(String.format("%0" + String.valueOf(files.size()).length() + "d-%s", n + 1,
                        files.get(n).getFileName()));
                try {
                    Files.createDirectories(dir);
                    ResultsJson.write(r, dir.resolve("results.json"));
                    stdout.println("  results: " + dir.resolve("results.json"));
                } catch (IOException e) {
                    stderr.println("lockstorm check: cannot write results to " + dir + ": " + IoProblems.describe(e));
                    badInput = true;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Main.BAD_INPUT;
        } catch (ExecutionException e) {
            throw new IllegalStateException("checking failed", e.getCause());
        } finally {
            pool.shutdownNow();
        }
        return badInput ? Main.BAD_INPUT : all.exitCode();
    }

    /** The models {@code --model} lists in its help: every one the checker has, from its one list. */
    static final class ModelNames implements Iterable<String> {
        @Override
        public java.util.Iterator<String> iterator() {
            return dev.lockstorm.checker.model.Models.NAMES.iterator();
        }
    }
}
