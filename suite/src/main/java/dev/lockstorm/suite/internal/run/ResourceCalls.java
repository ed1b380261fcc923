package dev.lockstorm.suite.internal.run;

import dev.lockstorm.api.ProtectedResource;
import dev.lockstorm.api.ResourceType;
import dev.lockstorm.checker.history.OpType;
import dev.lockstorm.clusters.lab.Host;
import dev.lockstorm.clusters.lab.HostProcess;
import dev.lockstorm.locks.PausePoint;
import dev.lockstorm.locks.internal.worker.Command;
import dev.lockstorm.locks.internal.worker.Reply;

import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The run's protected resource as its clients call it, where its type keeps it
 * ({@link ResourceType#where()}): in the driver ({@link DriverResource}) or as a service of its
 * own on the resource host ({@link ServiceResource}). Either way a call's answer is what the
 * history needs (accepted, refused as stale, or unknown, with the notes the resource added), and
 * the run ends with a final read by a process of its own.
 */
sealed interface ResourceCalls permits DriverResource, ServiceResource {

    /**
     * Who is calling.
     *
     * @param host   the client's host
     * @param worker its worker process now (null while it is being replaced)
     * @param point  where its run aims the pause point
     * @param via    sends a command to its worker and returns the reply, null when none came (a resource service is called
     *               from the client's process, over its links)
     */
    record Caller(Host host, Supplier<HostProcess> worker, PausePoint.Setting point, Function<Command, Reply> via) {
    }

    /**
     * What a call answered.
     *
     * @param type  {@code ok} (accepted), {@code fail} (refused as stale) or {@code info} (unknown)
     * @param value the value read (an accepted read)
     * @param error why it was refused or unknown, or null
     * @param notes what the resource noted on the call
     */
    record Answer(OpType type, long value, String error, List<String> notes) {
    }

    /**
     * A read; {@code caller} null for the run's final read.
     *
     * @param shared a read under a read-write lock's read lock ({@link ProtectedResource#readShared})
     */
    Answer read(Caller caller, Long token, boolean shared);

    Answer write(Caller caller, Long token, long value);

    /** Closes the resource; one that does not close cleanly is said on {@code progress}, the run's result stands. */
    void close(PrintStream progress);

    /** The reading of the resource at the end of the run, by a process of its own, without a token. */
    default void finalRead(Recorder recorder, int process) {
        Map<String, Object> noToken = new LinkedHashMap<>();
        noToken.put("token", null);
        recorder.record(OpType.INVOKE, process, "read", noToken, Map.of("client", "final"));
        Map<String, Object> extra = new LinkedHashMap<>();
        extra.put("client", "final");
        Answer a = read(null, null, false);
        if (a.type() != OpType.OK) {
            extra.put("error", a.type() == OpType.FAIL ? "the resource refused a read without a token: " + a.error() : a.error());
        }
        if (!a.notes().isEmpty()) extra.put("notes", a.notes());
        recorder.record(a.type(), process, "read", a.type() == OpType.OK ? Map.of("value", a.value()) : null, extra);
    }
}
