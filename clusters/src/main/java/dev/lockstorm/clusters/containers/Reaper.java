package dev.lockstorm.clusters.containers;

import dev.lockstorm.clusters.lab.LabException;

import java.io.IOException;
import java.io.OutputStream;

/**
 * Testcontainers' reaper contract (Ryuk's) without its image: a process outside this JVM, started
 * before a run's first container, that removes every container, network and volume labelled with
 * the run once this JVM is gone, however it went (a {@code kill -9} of a run or of a Surefire fork
 * included). It waits on a pipe whose writing end only this JVM holds (Java closes every other
 * descriptor in the processes it starts); the kernel closes that end when the JVM dies, and the
 * reaper's read returns. It runs in a session of its own, so that a signal to the run's process
 * group (a terminal's Ctrl-C) does not take it with the run, and it sweeps twice, a moment apart, for
 * a container the engine was still creating when the JVM died.
 *
 * <pre>{@code
 * try (Reaper reaper = Reaper.watch(docker, "run-1")) {
 *     // make containers labelled dev.lockstorm.run=run-1 ...
 * }   // closed: the reaper sweeps (finding nothing once the run removed its own) and exits
 * }</pre>
 */
final class Reaper implements AutoCloseable {
    /** $1 the docker program, $2 the label's key=value; the pipe's end is its standard input. */
    private static final String SCRIPT = """
            trap '' HUP INT
            cat >/dev/null
            for pass in 1 2; do
                "$1" ps -aq --filter "label=$2" | xargs -r "$1" rm -f -v >/dev/null 2>&1
                for n in $("$1" network ls -q --filter "label=$2"); do
                    # a CI runner's own container joined to the run's network: off it first, or the engine keeps the network
                    for c in $("$1" network inspect --format '{{range $id, $c := .Containers}}{{$id}} {{end}}' "$n" 2>/dev/null); do
                        "$1" network disconnect -f "$n" "$c" >/dev/null 2>&1
                    done
                    "$1" network rm "$n" >/dev/null 2>&1
                done
                "$1" volume ls -q --filter "label=$2" | xargs -r "$1" volume rm -f >/dev/null 2>&1
                [ "$pass" = 2 ] || sleep 2
            done
            """;

    private final OutputStream pipe;

    private Reaper(Process process) {
        this.pipe = process.getOutputStream();
    }

    /** Starts the reaper of {@code run}'s containers, networks and volumes (those labelled {@link Docker#RUN_LABEL}={@code run}). */
    static Reaper watch(Docker docker, String run) {
        ProcessBuilder pb = new ProcessBuilder("setsid", "sh", "-c", SCRIPT, "lockstorm-reaper", docker.program(), Docker.RUN_LABEL + "=" + run)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD);
        try {
            return new Reaper(pb.start());
        } catch (IOException e) {
            throw new LabException("could not start the reaper of run " + run + " (setsid and sh, from util-linux and dash): " + e.getMessage(), e);
        }
    }

    /**
     * The run ended and removed its own: the reaper sweeps once more, finding nothing, and exits within
     * a few seconds, on its own (a run does not wait for it).
     */
    @Override
    public void close() {
        try {
            pipe.close();
        } catch (IOException e) {
            // the reaper is gone already
        }
    }
}
