package dev.lockstorm.junit;

import dev.lockstorm.clusters.lab.LabLauncher;
import dev.lockstorm.results.RunStore;
import dev.lockstorm.suite.internal.run.RunRequest;
import dev.lockstorm.suite.internal.cli.Main;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs lockstorm tests from a normal JVM: each run happens in a helper process inside a fresh lab
 * (its own network, mount and PID namespaces; root is all it needs), or, for a spec whose backend is
 * {@code containers}, beside containers it starts on the Docker engine (no root), which starts the
 * servers, the nemesis and a worker JVM per client from this JVM's class path, so that your lock
 * systems and resources on it are found. The helper is driven over a pipe, never over the faulted network;
 * when this JVM goes away, the helper and its lab go too. The JUnit extension hands tests one;
 * elsewhere, make one with {@link #into}.
 *
 * <pre>{@code
 * LockStorm lockstorm = LockStorm.into(Path.of("target/lockstorm"), "nightly");
 * LockStormRun run = lockstorm.run(LockStormSpec.of("acme-lock").withNemesis("partition"));
 * run.assertSafe();
 * }</pre>
 */
public final class LockStorm {
    /** The system property that moves every test's results (default: {@code target/lockstorm}). */
    public static final String RESULTS_PROPERTY = "lockstorm.results";

    /** The system property that names the backend of every spec that names none (default: {@code lab}). */
    public static final String BACKEND_PROPERTY = "lockstorm.backend";

    private final Path root;
    private final String name;
    private final PrintStream progress;

    private LockStorm(Path root, String name, PrintStream progress) {
        this.root = root;
        this.name = name;
        this.progress = progress;
    }

    /**
     * Runs go to {@code root/name/<start-time>/}, and {@code root/name/latest} points at the newest; each
     * run is read back from its own directory, so runs of one name may go on side by side.
     */
    public static LockStorm into(Path root, String name) {
        return new LockStorm(root.toAbsolutePath(), name, System.out);
    }

    /** Where test results go: {@code -Dlockstorm.results}, else {@code target/lockstorm} in the working directory. */
    public static Path defaultRoot() {
        return Path.of(System.getProperty(RESULTS_PROPERTY, "target/lockstorm")).toAbsolutePath();
    }

    /** The backend of a spec or test that names none: {@code -Dlockstorm.backend}, else {@code lab}. */
    public static String defaultBackend() {
        return System.getProperty(BACKEND_PROPERTY, "lab");
    }

    /**
     * Runs {@code spec} and returns what it found, whatever the verdict; progress goes to stdout.
     *
     * @throws LockStormSetupException when the run cannot take place (the message says why)
     */
    public LockStormRun run(LockStormSpec spec) {
        boolean lab = spec.backend().equals("lab");
        // in a lab the helper runs inside its own namespaces; with containers it reaches them from this machine's network
        (lab ? LabLauncher.unavailable() : dev.lockstorm.clusters.containers.Docker.cli().problem()).ifPresent(why -> {
            throw new LockStormSetupException("lockstorm cannot run " + spec.system() + " here: " + why);
        });
        RunRequest request;
        try {
            request = spec.request();
        } catch (IllegalArgumentException e) {
            throw new LockStormSetupException("lockstorm cannot run " + spec.describe() + ": " + e.getMessage());
        }
        // the run's own directory, made here: runs of one test side by side (a parameterized test run in parallel) each read their own;
        // the helper is handed the spec as data, in it
        Path dir;
        Path specFile;
        try {
            dir = new RunStore(root).newRun(name);
            specFile = dir.resolve(RunRequest.FILE);
            request.write(specFile);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot make a run directory under " + root.resolve(name) + ": " + e.getMessage(), e);
        }
        List<String> java = new ArrayList<>(List.of(javaBinary(), "-XX:-UsePerfData", "-Xmx1g", "-cp", TestClasspath.current(),
                Main.class.getName(), "run", "--spec", specFile.toString(), "--run-dir", dir.toString()));
        if (!spec.until().isEmpty()) java.addAll(List.of("--until", String.join(",", spec.until())));
        ProcessBuilder pb = new ProcessBuilder(lab ? LabLauncher.command(java) : java).redirectErrorStream(true);
        pb.environment().put(Main.EXIT_WITH_STDIN, "1");
        // Testcontainers' reaper is an image from a registry; lockstorm removes its containers itself (as bin/lockstorm says)
        if (!lab) pb.environment().putIfAbsent("TESTCONTAINERS_RYUK_DISABLED", "true");
        // on a host with /.dockerenv, Testcontainers would find the engine's address with a registry's image; lockstorm never uses it
        if (!lab) pb.environment().putIfAbsent("TESTCONTAINERS_HOST_OVERRIDE", "localhost");
        Deque<String> tail = new ArrayDeque<>();
        int code;
        try {
            Process p = pb.start();
            // stdin stays open while we want the run: closing it (this JVM gone) stops the helper and its lab
            try (BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = out.readLine()) != null) {
                    progress.println("[lockstorm " + name + "] " + line);
                    tail.addLast(line);
                    if (tail.size() > 20) tail.removeFirst();
                }
            }
            if (!p.waitFor(30, TimeUnit.SECONDS)) p.destroyForcibly().waitFor();
            code = p.exitValue();
            p.getOutputStream().close();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start lockstorm's helper: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LockStormSetupException("interrupted while running " + spec.describe());
        }
        if (code > 2) {
            throw new LockStormSetupException("lockstorm could not run " + spec.describe() + " (exit " + code + "):\n  "
                    + String.join("\n  ", tail));
        }
        try {
            return LockStormRun.read(spec, dir);
        } catch (IOException e) {
            throw new UncheckedIOException("the run of " + spec.describe() + " left no results in " + dir + ": " + e.getMessage(), e);
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw new LockStormSetupException("lockstorm cannot read the run of " + spec.describe() + ": " + e.getMessage());
        }
    }

    private static String javaBinary() {
        return ProcessHandle.current().info().command().orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    }
}
