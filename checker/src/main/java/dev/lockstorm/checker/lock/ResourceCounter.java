package dev.lockstorm.checker.lock;

import dev.lockstorm.checker.history.History;
import dev.lockstorm.checker.history.Op;
import dev.lockstorm.checker.history.OpType;

/**
 * The protected resource is a counter incremented read-modify-write under the lock, from 0.
 * Acknowledged increments (ok writes) minus the final value read are lost updates.
 *
 * <pre>{@code
 * ResourceCounter.Result r = ResourceCounter.analyze(history);
 * if (r.checked()) System.out.println(r.lostUpdates() + " lost updates");
 * }</pre>
 */
public final class ResourceCounter {
    private ResourceCounter() {
    }

    /**
     * @param acknowledged ok writes
     * @param uncertain    writes whose outcome is unknown (info or never completed)
     * @param finalValue   the value of the last ok read after the last acknowledged write, or null
     * @param finalRead    that read's completion, or null
     * @param lostUpdates  acknowledged − final value, at least 0 (0 when not checked)
     * @param why          why the count could not be checked, or null
     */
    public record Result(int acknowledged, int uncertain, Long finalValue, Op finalRead, long lostUpdates, String why) {
        public boolean checked() {
            return why == null;
        }

        public String explanation() {
            if (!checked()) return why;
            return acknowledged + " increments acknowledged, final value " + finalValue + " read at "
                    + History.when(finalRead) + (lostUpdates > 0 ? ": " + lostUpdates + " updates lost" : "");
        }
    }

    public static Result analyze(History h) {
        int acked = 0;
        int uncertain = 0;
        Op lastWrite = null;
        Op lastRead = null;
        for (Op op : h.ops()) {
            if (!op.isClient()) continue;
            if (op.f().equals("write")) {
                if (op.type() == OpType.OK) {
                    acked++;
                    lastWrite = op;
                } else if (op.type() == OpType.INFO) {
                    uncertain++;
                }
            } else if (op.f().equals("read") && op.type() == OpType.OK && Resource.readValue(op) != null) {
                lastRead = op;
            }
        }
        for (Op op : h.ops()) {
            if (op.isClient() && op.f().equals("write") && op.type() == OpType.INVOKE && h.partner(op.index()) < 0) uncertain++;
        }
        if (acked == 0 && lastRead == null) return new Result(0, uncertain, null, null, 0, "no resource reads or writes");
        if (lastRead == null || (lastWrite != null && lastRead.index() < lastWrite.index())) {
            return new Result(acked, uncertain, null, null, 0, "no read of the counter after the last acknowledged write");
        }
        long fin = Resource.readValue(lastRead);
        return new Result(acked, uncertain, fin, lastRead, Math.max(0, acked - fin), null);
    }
}
