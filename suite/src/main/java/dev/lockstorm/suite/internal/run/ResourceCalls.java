package dev.lockstorm.suite.internal.run;

import dev.lockstorm.api.ProtectedResource;
import dev.lockstorm.checker.history.OpType;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The run's protected resource as the driver calls it, one instance shared by every client
 * thread: each call's answer as the history needs it (accepted, refused as stale, or unknown when
 * the resource threw), and the run's final read by a process of its own.
 */
final class ResourceCalls {
    private final ProtectedResource resource;

    ResourceCalls(ProtectedResource resource) {
        this.resource = resource;
    }

    /**
     * What a call answered.
     *
     * @param type  {@code ok} (accepted), {@code fail} (refused as stale) or {@code info} (the resource threw: unknown)
     * @param value the value read (an accepted read)
     * @param error why it was refused or unknown, or null
     */
    record Answer(OpType type, long value, String error) {
    }

    Answer read(Long token) {
        return read(token, false);
    }

    /** @param shared a read under a read-write lock's read lock ({@link ProtectedResource#readShared}) */
    Answer read(Long token, boolean shared) {
        try {
            ProtectedResource.Read r = shared ? resource.readShared(token) : resource.read(token);
            return r.accepted() ? new Answer(OpType.OK, r.value(), null) : refused(r.reason(), token);
        } catch (Exception e) {
            return new Answer(OpType.INFO, 0, describe(e));
        }
    }

    Answer write(Long token, long value) {
        try {
            ProtectedResource.Write w = resource.write(token, value);
            return w.accepted() ? new Answer(OpType.OK, value, null) : refused(w.reason(), token);
        } catch (Exception e) {
            return new Answer(OpType.INFO, 0, describe(e));
        }
    }

    /** The reading of the resource at the end of the run, by a process of its own, without a token. */
    void finalRead(Recorder recorder, int process) {
        Map<String, Object> noToken = new LinkedHashMap<>();
        noToken.put("token", null);
        recorder.record(OpType.INVOKE, process, "read", noToken, Map.of("client", "final"));
        Map<String, Object> extra = new LinkedHashMap<>();
        extra.put("client", "final");
        Answer a = read(null);
        if (a.type() != OpType.OK) {
            extra.put("error", a.type() == OpType.FAIL ? "the resource refused a read without a token: " + a.error() : a.error());
        }
        recorder.record(a.type(), process, "read", a.type() == OpType.OK ? Map.of("value", a.value()) : null, extra);
    }

    private static Answer refused(String reason, Long token) {
        return new Answer(OpType.FAIL, 0, reason != null ? reason : "stale token " + token);
    }

    static String describe(Exception e) {
        return e.getClass().getSimpleName() + ": " + e.getMessage();
    }
}
