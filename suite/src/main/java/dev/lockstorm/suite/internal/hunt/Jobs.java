package dev.lockstorm.suite.internal.hunt;

import dev.lockstorm.clusters.lab.LabLauncher;
import dev.lockstorm.results.RunStore;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

/**
 * A hunt in several labs side by side ({@code hunt --jobs N}). Each job is a hunt of its own in a lab
 * of its own (a helper process in new namespaces, as the JUnit extension's runs are), over an equal
 * part of the hunt's share of the rotation ({@link Shard#part}), its record in the store's
 * {@code hunts/} as a CI shard's is. Once one job finds a defect the others start no more runs;
 * then their records are joined into one under {@code merged/}, as {@code lockstorm merge} joins a
 * CI job's shards, so that a hunt in N jobs and the same hunt in one record the same runs.
 */
public final class Jobs {
    private Jobs() {
    }

    /**
     * One job of the hunt.
     *
     * @param number its number, from 1
     * @param share  its share of the rotation's runs
     * @param record the directory of its record ({@code hunts/<time>} in the store)
     * @param stop   the file whose presence tells it to start no more runs
     */
    public record Job(int number, Shard share, Path record, Path stop) {
    }

    /**
     * What the jobs ended with.
     *
     * @param codes  each job's exit code, in job order
     * @param merged their records joined, or null when none wrote one
     * @param dir    the directory of the joined record ({@code merged/<time>} in the store)
     */
    public record Ended(List<Integer> codes, HuntLog merged, Path dir) {
    }

    /**
     * Runs {@code jobs} jobs over {@code share} and waits for them all.
     *
     * @param command the helper's command line for a job (a JVM running this hunt with the job's share, record and stop file)
     * @param env     what the helpers' environment adds
     * @param inLabs  whether each job runs in a lab of its own (its runs make their hosts there); else as it is (on containers)
     * @throws IllegalStateException when no lab can be made here (the message says why)
     */
    public static Ended run(RunStore store, Shard share, int jobs, Function<Job, List<String>> command, Map<String, String> env,
                            boolean inLabs, PrintStream progress) throws IOException, InterruptedException {
        if (inLabs) {
            LabLauncher.unavailable().ifPresent(why -> {
                throw new IllegalStateException("hunt --jobs runs each job in a lab of its own, and " + why);
            });
        }
        Path dir = store.newRun("merged");
        Path stop = dir.resolve("stop");
        List<Job> all = new ArrayList<>();
        for (int j = 1; j <= jobs; j++) all.add(new Job(j, share.part(j, jobs), store.newRun("hunts"), stop));
        progress.println("hunt: " + jobs + " jobs side by side" + (inLabs ? ", each in a lab of its own" : "") + ": " + String.join(", ",
                all.stream().map(j -> "job " + j.number() + " takes shard " + j.share()).toList()));
        List<Process> processes = new ArrayList<>();
        List<Thread> readers = new ArrayList<>();
        try {
            for (Job j : all) {
                ProcessBuilder pb = new ProcessBuilder(inLabs ? LabLauncher.command(command.apply(j)) : command.apply(j)).redirectErrorStream(true);
                pb.environment().putAll(env);
                Process p = pb.start();
                processes.add(p);
                Thread t = new Thread(() -> relay(p, "[job " + j.number() + "] ", progress), "hunt-job-" + j.number());
                t.start();
                readers.add(t);
            }
            // a job that found a defect (exit 1) stops the others at their next run, whichever ends first
            List<CompletableFuture<Integer>> ends = processes.stream().map(p -> p.onExit().thenApply(done -> {
                if (done.exitValue() == 1) stop(stop);
                return done.exitValue();
            })).toList();
            List<Integer> codes = new ArrayList<>();
            for (CompletableFuture<Integer> end : ends) codes.add(end.join());
            for (Thread t : readers) t.join();
            Files.deleteIfExists(stop);
            List<HuntLog> logs = new ArrayList<>();
            for (Job j : all) if (Files.isRegularFile(j.record().resolve(HuntLog.FILE))) logs.add(HuntLog.read(j.record().resolve(HuntLog.FILE)));
            HuntLog merged = logs.isEmpty() ? null : HuntLog.merge(logs);
            if (merged != null) merged.write(dir);
            return new Ended(codes, merged, dir);
        } finally {
            // interrupted or failed on the way: no job outlives the hunt (each lab goes with its helper)
            for (Process p : processes) p.destroy();
        }
    }

    /** Tells every job to start no more runs (two that end with a defect at once make the file once). */
    private static void stop(Path stop) {
        try {
            Files.createFile(stop);
        } catch (java.nio.file.FileAlreadyExistsException e) {
            // another job's defect made it first
        } catch (IOException e) {
            throw new java.io.UncheckedIOException("cannot tell the hunt's jobs to stop: " + stop, e);
        }
    }

    /** Each line of a job's output, prefixed with the job's name, as it comes. */
    private static void relay(Process p, String prefix, PrintStream progress) {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = in.readLine()) != null; ) progress.println(prefix + line);
        } catch (IOException e) {
            progress.println(prefix + "(its output could not be read: " + e.getMessage() + ")");
        }
    }
}
