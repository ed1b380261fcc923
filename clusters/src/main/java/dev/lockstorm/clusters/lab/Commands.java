package dev.lockstorm.clusters.lab;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs short commands (ip, nft, kill, …) and returns their exit code and output. */
public final class Commands {
    private Commands() {
    }

    /** @param exit the exit code; @param output stdout and stderr together */
    public record Result(int exit, String output) {
        public boolean ok() {
            return exit == 0;
        }
    }

    /** Runs {@code cmd}; a command still running after {@code timeout} is killed and reported. */
    public static Result run(List<String> cmd, String stdin, Duration timeout) {
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            if (stdin != null) p.getOutputStream().write(stdin.getBytes(StandardCharsets.UTF_8));
            p.getOutputStream().close();
            // small outputs: read after exit is safe below the pipe buffer, but read first to be sure
            byte[] out = p.getInputStream().readAllBytes();
            if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                p.destroyForcibly();
                throw new LabException("'" + String.join(" ", cmd) + "' did not finish within " + timeout);
            }
            return new Result(p.exitValue(), new String(out, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new LabException("cannot run '" + String.join(" ", cmd) + "': " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LabException("interrupted while running '" + String.join(" ", cmd) + "'", e);
        }
    }

    public static Result run(String... cmd) {
        return run(List.of(cmd), null, Duration.ofSeconds(30));
    }

    /** Runs {@code cmd} and fails with its output when it does not exit 0. */
    public static String check(List<String> cmd, String stdin) {
        Result r = run(cmd, stdin, Duration.ofSeconds(30));
        if (!r.ok()) {
            throw new LabException("'" + String.join(" ", cmd) + "' failed (exit " + r.exit() + "): " + r.output().strip());
        }
        return r.output();
    }

    public static String check(String... cmd) {
        return check(List.of(cmd), null);
    }
}
