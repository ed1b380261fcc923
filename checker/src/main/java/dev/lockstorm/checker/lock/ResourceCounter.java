package dev.lockstorm.checker.lock;

import dev.lockstorm.checker.history.History;
import dev.lockstorm.checker.history.Op;
import dev.lockstorm.checker.history.OpType;
import dev.lockstorm.checker.history.Prose;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Each lock's protected resource is a counter incremented read-modify-write under the lock, from 0.
 * Acknowledged increments (ok writes) minus the final value are lost updates, where the final value
 * is read by a read that began after every acknowledged write of that lock had completed: a read
 * concurrent with a write may have happened before it, and proves nothing. Counted per lock
 * (the {@code lock} field), summed. A read that returned a value no write could have set (neither 0 nor
 * the value of a write sent before it was answered and not refused) is the resource's own fault
 * ({@link UnwrittenRead}).
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
     * One lock's counter.
     *
     * @param lock         the lock ("" for a single lock)
     * @param acknowledged ok writes
     * @param uncertain    writes whose outcome is unknown (info or never completed)
     * @param finalValue   the value the final read returned, or null
     * @param finalRead    that read's completion, or null
     * @param lostUpdates  acknowledged − final value, at least 0 (0 when not checked)
     * @param why          why the count could not be checked, or null
     * @param overwrites   acknowledged writes that went backwards (no higher than the acknowledged write before
     *                     them, in completion order): where updates were lost, and how many each lost, in order
     */
    public record Counter(Object lock, int acknowledged, int uncertain, Long finalValue, Op finalRead, long lostUpdates, String why,
                          List<Overwrite> overwrites) implements Prose.Explained {
        public Counter {
            overwrites = List.copyOf(overwrites);
        }

        /** Overwrites of an acknowledged write that a later read no longer saw: the resource's own losses. */
        public long forgotten() {
            return overwrites.stream().filter(Overwrite::forgotten).count();
        }

        /** The first overwrite, or null. */
        public Op firstLoss() {
            return overwrites.isEmpty() ? null : overwrites.get(0).write();
        }

        public boolean checked() {
            return why == null;
        }

        /** What this lock's counter shows. */
        @Override
        public Prose prose() {
            String of = "".equals(lock) ? "" : "lock " + lock + ": ";
            if (!checked()) return Prose.text(of + why);
            return Prose.of(of + acknowledged + (acknowledged == 1 ? " increment" : " increments") + " acknowledged, final value " + finalValue + " read at "
                    + History.when(finalRead), lostUpdates > 0 ? ": " + lostUpdates + (lostUpdates == 1 ? " update" : " updates") + " lost" : "",
                    lostUpdates > 0 && !overwrites.isEmpty() ? Prose.of(", the first when ", overwrites.get(0).prose()) : "");
        }
    }

    /**
     * Every lock's counter, and their sums.
     *
     * @param counters one per lock with resource operations, in order of first appearance
     * @param tornReads reads under a read-write lock's read lock that saw a write half done ({@link TornReads})
     * @param unwrittenReads reads that returned a value no write could have set
     */
    public record Result(List<Counter> counters, List<TornReads.TornRead> tornReads, List<UnwrittenRead> unwrittenReads) implements Prose.Explained {
        public Result {
            counters = List.copyOf(counters);
            tornReads = List.copyOf(tornReads);
            unwrittenReads = List.copyOf(unwrittenReads);
        }

        public Result(List<Counter> counters) {
            this(counters, List.of(), List.of());
        }

        /** Whether the resource shows harm: a lost update, a write seen half done, or a value no write set. */
        public boolean harmProven() {
            return lossProven() || !tornReads.isEmpty() || !unwrittenReads.isEmpty();
        }

        /** Whether every lock's count could be checked (a history without resource operations cannot be). */
        public boolean checked() {
            return !counters.isEmpty() && counters.stream().allMatch(Counter::checked);
        }

        /** Whether some lock's count proves lost updates: a loss on one lock is a loss, whatever the other locks say. */
        public boolean lossProven() {
            return counters.stream().anyMatch(c -> c.checked() && c.lostUpdates() > 0);
        }

        /** The locks whose count could not be checked, by name ("" for a single lock). */
        public List<Object> unchecked() {
            return counters.stream().filter(c -> !c.checked()).map(Counter::lock).toList();
        }

        public int acknowledged() {
            return counters.stream().mapToInt(Counter::acknowledged).sum();
        }

        /**
         * Acknowledged writes the resource lost (a read that began after one returned less, and its writer wrote that
         * back), over every lock: a defect of the resource whatever the lock did.
         */
        public long forgottenWrites() {
            return counters.stream().mapToLong(Counter::forgotten).sum();
        }

        public int uncertain() {
            return counters.stream().mapToInt(Counter::uncertain).sum();
        }

        /** Lost updates of the locks that could be checked. */
        public long lostUpdates() {
            return counters.stream().mapToLong(Counter::lostUpdates).sum();
        }

        /** The final value, when there is one lock. */
        public Long finalValue() {
            return counters.size() == 1 ? counters.get(0).finalValue() : null;
        }

        /** Every overwrite of the locks that lost updates, in history order. */
        public List<Overwrite> overwrites() {
            List<Overwrite> out = new ArrayList<>();
            for (Counter c : counters) if (c.lostUpdates() > 0) out.addAll(c.overwrites());
            out.sort(java.util.Comparator.comparingInt(o -> o.write().index()));
            return out;
        }

        /** Where the first update was lost (the earliest overwrite among the locks that lost some), or null. */
        public Op firstLoss() {
            Op first = null;
            for (Counter c : counters) {
                if (c.lostUpdates() > 0 && c.firstLoss() != null && (first == null || c.firstLoss().index() < first.index())) first = c.firstLoss();
            }
            return first;
        }

        /** The final read, when there is one lock. */
        public Op finalRead() {
            return counters.size() == 1 ? counters.get(0).finalRead() : null;
        }

        /** What the counters show, the first torn read and the first read of a value no write set. */
        @Override
        public Prose prose() {
            Prose p = counted();
            if (!tornReads.isEmpty()) {
                p = Prose.of(p, "; " + tornReads.size() + (tornReads.size() == 1 ? " read" : " reads") + " saw a write half done, the first: ",
                        tornReads.get(0).prose());
            }
            if (!unwrittenReads.isEmpty()) {
                p = Prose.of(p, "; " + unwrittenReads.size() + (unwrittenReads.size() == 1 ? " read" : " reads") + " returned a value no write set, the first: ",
                        unwrittenReads.get(0).prose());
            }
            return p;
        }

        private Prose counted() {
            if (counters.isEmpty()) return Prose.text("no resource reads or writes");
            Prose.Builder b = new Prose.Builder();
            if (counters.size() > 1 && !unchecked().isEmpty()) {
                b.add(unchecked().size() + " of " + counters.size() + " locks could not be checked (" + unchecked().stream().map(String::valueOf)
                        .collect(java.util.stream.Collectors.joining(", ")) + "): ");
            }
            return b.join("; ", counters.stream().map(Counter::prose).toList()).build();
        }
    }

    public static Result analyze(History h) {
        return analyze(h, List.of());
    }

    /**
     * The same, each overwrite's cause judged with the run's {@code faults} at hand: a server killed between the
     * acknowledged write a read no longer saw and that read is named beside the loss.
     */
    public static Result analyze(History h, List<FaultSpan> faults) {
        Map<Object, Tally> byLock = new LinkedHashMap<>();
        // each process's latest ok read with a value, by lock: what its next write was computed from
        Map<List<Object>, Op> readOf = new java.util.HashMap<>();
        // each process's value to count from in its hold, by lock: its latest ok read's, or its own acknowledged write's since
        // (a read-write lock's writer writes twice in one hold); a write of anything but one more is no increment
        Map<List<Object>, Long> countsFrom = new java.util.HashMap<>();
        WritesByValue writes = new WritesByValue();
        List<UnwrittenRead> unwritten = new ArrayList<>();
        for (Op op : h.ops()) {
            // a new hold counts from what it reads: a value carried from an earlier hold is no base for its writes
            if (op.isClient() && op.type() == OpType.OK && op.f().startsWith("acquire")) countsFrom.remove(List.of(op.process(), op.lock()));
            if (!op.isClient() || !(op.f().equals("write") || op.f().equals("read"))) continue;
            Tally t = byLock.computeIfAbsent(op.lock(), k -> new Tally());
            // this process under this lock: whose reads and writes count on from one another
            List<Object> client = List.of(op.process(), op.lock());
            if (op.f().equals("write")) {
                Long wrote = op.type() == OpType.INVOKE ? Resource.writeValue(op) : null;
                Long from = wrote == null ? null : countsFrom.get(client);
                // a write with nothing read before it in its hold is taken as the increment the history says it is
                if (wrote != null && from != null && wrote != from + 1 && t.notAnIncrement == null) {
                    t.notAnIncrement = op;
                    t.countedFrom = from;
                }
                if (op.type() == OpType.OK) {
                    t.acknowledged++;
                    t.lastAckedWrite = op;
                    Long v = Resource.writeValue(h.get(h.partner(op.index())));
                    if (v != null) {
                        // an acknowledged write is what its writer counts on from (a refused one is tried again from the read)
                        countsFrom.put(client, v);
                        // each increment sets one more than the last: a value no higher than the last acknowledged one went
                        // backwards and lost what lay between; the writes that go on counting from it lose nothing more
                        if (t.lastWritten != null && v <= t.lastWritten) {
                            Op read = readOf.get(client);
                            t.overwrites.add(new Overwrite(op, t.lastWritten, v, cause(h, read, t.lastWrittenBy, t.lastWritten, faults, writes)));
                        }
                        // a write that jumps up (it read before a stale write landed) counts the stale write's losses again
                        if (t.lastWritten != null && v > t.lastWritten + 1) t.recover(v - t.lastWritten - 1);
                        t.lastWritten = v;
                        t.lastWrittenBy = op;
                    }
                } else if (op.type() == OpType.INFO || op.type() == OpType.INVOKE && h.partner(op.index()) < 0) {
                    t.uncertain++;
                }
            } else if (op.type() == OpType.OK && Resource.readValue(op) != null) {
                UnwrittenRead made = unwritten(h, op, writes);
                if (made != null) unwritten.add(made);
                Op invoke = h.get(h.partner(op.index()));
                readOf.put(client, op);
                countsFrom.put(client, Resource.readValue(op));
                if (t.lastRead == null || invoke.index() > t.lastReadInvoke.index()) {
                    t.lastRead = op;
                    t.lastReadInvoke = invoke;
                }
            }
        }
        List<Counter> out = new ArrayList<>();
        byLock.forEach((lock, t) -> out.add(t.counter(lock)));
        return new Result(out, TornReads.find(h), unwritten);
    }

    /**
     * {@code read} as a read of a value no write could have set, or null: a value other than 0 is explained by a write of
     * it sent before the read was answered, unless the resource refused every such write.
     */
    private static UnwrittenRead unwritten(History h, Op read, WritesByValue writes) {
        long got = Resource.readValue(read);
        if (got == 0) return null;
        Op refused = null;
        for (Op w : writes.of(h, read.lock(), got)) {
            if (w.index() > read.index()) break;
            int done = h.partner(w.index());
            if (done < 0 || h.get(done).type() != OpType.FAIL) return null;
            if (refused == null) refused = w;
        }
        return new UnwrittenRead(read, got, refused);
    }

    /**
     * Why a write went backwards over {@code overwritten}'s {@code over}, from its writer's {@code read}: a read that began
     * after that write was acknowledged and returned less shows the resource lost it; one that began before may rightly
     * have returned the older value.
     */
    private static Overwrite.Cause cause(History h, Op read, Op overwritten, long over, List<FaultSpan> faults, WritesByValue writes) {
        if (read == null || overwritten == null) return new Overwrite.Cause.Unread();
        long got = Resource.readValue(read);
        Op readInvoke = h.get(h.partner(read.index()));
        if (readInvoke.index() < overwritten.index() || got >= over) return new Overwrite.Cause.ReadBefore(read, got, overwritten);
        // a write of what the read returned that may have taken effect after the overwritten one (its outcome unknown, or
        // acknowledged after that one was invoked) explains the read without the resource losing anything: a late write
        Op overwrittenInvoke = h.get(h.partner(overwritten.index()));
        for (Op w : writes.of(h, read.lock(), got)) {
            int done = h.partner(w.index());
            Op completion = done < 0 ? null : h.get(done);
            if (w.index() > read.index() || completion != null && completion.type() == OpType.FAIL) continue;
            if (completion == null || completion.type() != OpType.OK || completion.index() > overwrittenInvoke.index()) {
                return new Overwrite.Cause.LateWrite(read, got, overwritten, w);
            }
        }
        FaultSpan crash = faults.stream().filter(f -> f.effect().onProcess() == dev.lockstorm.faults.FaultEffect.OnProcess.CRASHES_SERVER
                && f.start().index() > overwritten.index() && f.start().index() < read.index()).findFirst().orElse(null);
        return new Overwrite.Cause.Forgotten(read, got, overwritten, crash);
    }

    /** Write invocations by lock and the value they write, indexed once, when the first overwrite asks. */
    private static final class WritesByValue {
        private Map<List<Object>, List<Op>> index;

        List<Op> of(History h, Object lock, long value) {
            if (index == null) {
                index = new java.util.HashMap<>();
                for (Op op : h.ops()) {
                    if (!op.isClient() || op.type() != OpType.INVOKE || !op.f().equals("write")) continue;
                    Long v = Resource.writeValue(op);
                    if (v != null) index.computeIfAbsent(List.of(op.lock(), v), k -> new ArrayList<>()).add(op);
                }
            }
            return index.getOrDefault(List.of(lock, value), List.of());
        }
    }

    /** What one lock's resource operations add up to while the history is read. */
    private static final class Tally {
        int acknowledged;
        int uncertain;
        /** the acknowledged write that completed last */
        Op lastAckedWrite;
        /** the ok read invoked last, and its invocation */
        Op lastRead;
        Op lastReadInvoke;
        /** the value the last acknowledged write set, that write, and the writes that went backwards from the one before them */
        Long lastWritten;
        Op lastWrittenBy;
        final List<Overwrite> overwrites = new ArrayList<>();
        /** the first write that did not set one more than what its writer had read or written last in its hold (null: none), and that value */
        Op notAnIncrement;
        Long countedFrom;

        /** Gives {@code n} increments back to the latest overwrites; one with nothing left lost is no overwrite. */
        void recover(long n) {
            for (int i = overwrites.size() - 1; i >= 0 && n > 0; i--) {
                Overwrite o = overwrites.get(i);
                long back = Math.min(n, o.lost());
                n -= back;
                if (back == o.lost()) overwrites.remove(i);
                else overwrites.set(i, o.recovered(back));
            }
        }

        Counter counter(Object lock) {
            // the count rests on every write adding one to what its writer read: a write that did not leaves nothing to count
            if (notAnIncrement != null) {
                return new Counter(lock, acknowledged, uncertain, null, null, 0, notAnIncrement.who() + "'s write at " + History.when(notAnIncrement)
                        + " set " + Resource.writeValue(notAnIncrement) + ", not one more than the " + countedFrom + " it had read or written last in its hold"
                        + ": lost updates are counted only where every write adds one to what its writer read", List.of());
            }
            // only a read that began after every acknowledged write had completed proves a loss
            if (lastRead != null && (lastAckedWrite == null || lastReadInvoke.index() > lastAckedWrite.index())) {
                long fin = Resource.readValue(lastRead);
                return new Counter(lock, acknowledged, uncertain, fin, lastRead, Math.max(0, acknowledged - fin), null, overwrites);
            }
            if (lastAckedWrite == null) return new Counter(lock, acknowledged, uncertain, null, null, 0, "no read of the counter", overwrites);
            String why = lastRead == null || lastRead.index() < lastAckedWrite.index()
                    ? "no read of the counter after the last acknowledged write (at " + History.when(lastAckedWrite) + ")"
                    : "the last read began at " + History.when(lastReadInvoke) + ", before the write acknowledged at "
                            + History.when(lastAckedWrite) + " had completed, so it may have happened before that write;"
                            + " only a read that begins after every acknowledged write has completed proves a loss";
            return new Counter(lock, acknowledged, uncertain, null, null, 0, why, overwrites);
        }
    }
}
