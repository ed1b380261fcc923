package dev.lockstorm.suite.internal.cli;

import dev.lockstorm.results.RunStore;
import dev.lockstorm.suite.internal.hunt.HuntLog;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Stream;

/** {@code lockstorm merge}: the hunts of several stores (a CI job's shards) as one record and one summary. */
@Command(name = "merge", mixinStandardHelpOptions = true,
        description = {"Joins the hunts recorded in several stores (each shard's, from 'lockstorm hunt --shard i/n') into one record:"
                + " every run with its verdict, the first defect (the lock's, or with --fencing the resource's) by the time its run started, and what the runs exercised,"
                + " summed. Writes it as hunt.json in a new directory of --store's merged/ and prints the summary.",
                "Exit code: 1 a defect found, 0 none, 3 bad input (no hunt record, an unreadable one, hunts of different locks)."})
public final class MergeCommand implements Callable<Integer> {
    @Parameters(arity = "1..*", paramLabel = "STORE", description = "A store (its hunts/*/hunt.json are read), a hunt's directory, or a hunt.json.")
    List<Path> stores;

    @Option(names = "--store", paramLabel = "DIR", description = "Where the merged record goes, under merged/ (default: store/ in the checkout).")
    Path into;

    @Override
    public Integer call() throws IOException {
        HuntLog merged;
        try {
            List<HuntLog> logs = new ArrayList<>();
            for (Path s : stores) for (Path f : records(s)) logs.add(HuntLog.read(f));
            merged = HuntLog.merge(logs);
        } catch (IllegalArgumentException | IOException e) {
            System.err.println("lockstorm merge: " + e.getMessage());
            return Main.BAD_INPUT;
        }
        Path dir = new RunStore(into != null ? into : Home.store()).newRun("merged");
        merged.write(dir);
        return report("merge", merged, dir);
    }

    /**
     * Prints a joined record (every run, what they exercised, the first defect) as {@code lockstorm
     * <command>}; the exit code: 1 a defect found, 0 none.
     */
    static int report(String command, HuntLog merged, Path dir) {
        System.out.println("lockstorm " + command + ": " + merged.runs().size() + " runs of hunts in " + merged.system() + " (" + merged.coverage() + ")");
        for (HuntLog.Run r : merged.runs()) {
            System.out.printf(java.util.Locale.ROOT, "  %s  seed %d, %-24s %-8s %s%n", r.startedAt(), r.seed(), r.nemesis(), r.verdict(),
                    r.defect() != null ? "defect" : "");
        }
        System.out.println("  exercised: " + dev.lockstorm.results.Results.reached(merged.exercised()));
        System.out.println("  record:    " + dir.resolve(HuntLog.FILE));
        var first = merged.firstDefect();
        if (first.isPresent()) {
            System.out.println("lockstorm " + command + ": the first defect, seed " + first.get().seed() + ", " + first.get().nemesis() + ": " + first.get().defect());
            System.out.println("  report:    " + Path.of(first.get().dir()).resolve("report.html"));
            return 1;
        }
        System.out.println("lockstorm " + command + ": no defect in " + merged.runs().size() + " runs");
        return 0;
    }

    /** The hunt records {@code place} names: itself (a hunt.json), the one in it (a hunt's directory), or every hunt of a store. */
    static List<Path> records(Path place) throws IOException {
        if (Files.isRegularFile(place)) return List.of(place);
        if (Files.isRegularFile(place.resolve(HuntLog.FILE))) return List.of(place.resolve(HuntLog.FILE));
        Path hunts = place.resolve("hunts");
        if (!Files.isDirectory(hunts)) throw new IllegalArgumentException(place + ": expected a store with hunts/, a hunt's directory or a hunt.json; found none");
        try (Stream<Path> in = Files.list(hunts)) {
            List<Path> found = in.filter(d -> !Files.isSymbolicLink(d)).map(d -> d.resolve(HuntLog.FILE)).filter(Files::isRegularFile).sorted().toList();
            if (found.isEmpty()) throw new IllegalArgumentException(hunts + ": no hunt record (hunt.json) in it");
            return found;
        }
    }
}
