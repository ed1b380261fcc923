package dev.lockstorm.checker.lock;

import dev.lockstorm.checker.history.History;
import dev.lockstorm.checker.history.Op;
import dev.lockstorm.checker.history.OpType;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static dev.lockstorm.checker.H.h;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Lost updates are counted per lock and only from a read that must have seen every acknowledged write; stale writes only when proven. */
@Tag("unit")
class ResourceAndStaleWritesTest {

    /** An event of process p on lock l at position i (i ms). */
    private static Op on(List<Op> ops, OpType type, int p, String f, Object value, String lock) {
        Map<String, Object> extra = new LinkedHashMap<>();
        extra.put("lock", lock);
        Op op = new Op(ops.size(), ops.size() * 1_000_000L, type, p, f, value, extra, 0);
        ops.add(op);
        return op;
    }

    private static Map<String, Object> tv(Long token, Long value) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("token", token);
        if (value != null) m.put("value", value);
        return m;
    }

    /** One holder of {@code lock} reads 0 and writes 1, then a final read of 1. */
    private static void oneIncrement(List<Op> ops, int p, String lock, long token) {
        on(ops, OpType.INVOKE, p, "acquire", null, lock);
        on(ops, OpType.OK, p, "acquire", token, lock);
        on(ops, OpType.INVOKE, p, "read", tv(token, null), lock);
        on(ops, OpType.OK, p, "read", Map.of("value", 0L), lock);
        on(ops, OpType.INVOKE, p, "write", tv(token, 1L), lock);
        on(ops, OpType.OK, p, "write", null, lock);
        on(ops, OpType.INVOKE, p, "release", null, lock);
        on(ops, OpType.OK, p, "release", null, lock);
    }

    @Test
    void twoLocksTwoCountersNoLoss() {
        List<Op> ops = new ArrayList<>();
        oneIncrement(ops, 0, "a", 1);
        oneIncrement(ops, 1, "b", 1);
        on(ops, OpType.INVOKE, 2, "read", tv(null, null), "a");
        on(ops, OpType.OK, 2, "read", Map.of("value", 1L), "a");
        on(ops, OpType.INVOKE, 2, "read", tv(null, null), "b");
        on(ops, OpType.OK, 2, "read", Map.of("value", 1L), "b");
        ResourceCounter.Result r = ResourceCounter.analyze(History.of("t", ops));
        assertTrue(r.checked(), r.explanation());
        assertEquals(2, r.acknowledged());
        assertEquals(0, r.lostUpdates(), "each lock's counter holds its one increment: " + r.explanation());
        assertEquals(2, r.counters().size());
        assertNull(r.finalValue(), "no single final value for two counters");
    }

    @Test
    void aFinalReadConcurrentWithTheLastWriteProvesNothing() {
        // p0's write (token 1, value 1) is acknowledged after the final read began: the read may precede it
        History hist = h().acquire(0, 1L).read(0, 1L, 0)
                .invoke(0, "write", tv(1L, 1L)).invoke(1, "read", tv(null, null))
                .ok(0, "write").ok(1, "read", Map.of("value", 0L)).release(0).build();
        ResourceCounter.Result r = ResourceCounter.analyze(hist);
        assertFalse(r.checked());
        assertEquals(0, r.lostUpdates());
        assertTrue(r.explanation().startsWith("the last read began at 5.000 ms, before the write acknowledged at 6.000 ms had completed"),
                r.explanation());
    }

    @Test
    void aFinalReadAfterEveryAcknowledgedWriteProvesALoss() {
        History hist = h().acquire(0, 1L).read(0, 1L, 0).write(0, 1L, 1, OpType.OK).release(0)
                .read(1, null, 0).build();
        ResourceCounter.Result r = ResourceCounter.analyze(hist);
        assertTrue(r.checked());
        assertEquals(1, r.lostUpdates());
    }

    @Test
    void theFirstLostUpdateIsTheFirstWriteThatOverwroteAnIncrement() {
        // both holders read 0; p1 writes 1 (event 9), then p0 writes 1 over it (event 11): lost there
        History hist = h().acquire(0, 1L).read(0, 1L, 0).acquire(1, 2L).read(1, 2L, 0)
                .write(1, 2L, 1, OpType.OK).write(0, 1L, 1, OpType.OK).release(0).release(1).read(2, null, 1).build();
        ResourceCounter.Result r = ResourceCounter.analyze(hist);
        assertEquals(1, r.lostUpdates());
        assertEquals(11, r.firstLoss().index());
        assertTrue(r.explanation().endsWith("1 update lost, the first when process 0's write at 11.000 ms set 1 over 1: 1 increment lost;"
                + " it wrote from its read at 3.000 ms (0), which began before process 1's write of 1 was acknowledged at 9.000 ms"), r.explanation());
    }

    @Test
    void aStaleWriteOverwrittenInTurnByAWriteFromAboveItLosesOnlyWhatStaysLost() {
        // p0 reads 0 and stalls; p1 counts 1, 2, 3 and reads 3; p0 writes 1 over 3; p1 writes 4 (from its read of 3): one lost
        History hist = h().acquire(0, 1L).read(0, 1L, 0)
                .acquire(1, 2L).read(1, 2L, 0).write(1, 2L, 1, OpType.OK).read(1, 2L, 1).write(1, 2L, 2, OpType.OK).read(1, 2L, 2)
                .write(1, 2L, 3, OpType.OK).read(1, 2L, 3)
                .write(0, 1L, 1, OpType.OK).release(0)
                .write(1, 2L, 4, OpType.OK).release(1)
                .read(2, null, 4).build();
        ResourceCounter.Result r = ResourceCounter.analyze(hist);
        assertEquals(1, r.lostUpdates());
        assertEquals(1, r.overwrites().size(), r.overwrites().toString());
        assertEquals(1, r.overwrites().get(0).lost(), "the one number everywhere: " + r.overwrites().get(0).explanation());
    }

    @Test
    void aLossIsBlamedOnTheWriteThatWentBackwardsNotOnTheIncrementsAfterIt() {
        // p0 reads 0 and stalls; p1 counts 1, 2, 3; p0 writes 1 over 3 (it should have made 4: 3 lost); p1 counts on: 2, 3
        History hist = h().acquire(0, 1L).read(0, 1L, 0)
                .acquire(1, 2L).read(1, 2L, 0).write(1, 2L, 1, OpType.OK).read(1, 2L, 1).write(1, 2L, 2, OpType.OK).read(1, 2L, 2)
                .write(1, 2L, 3, OpType.OK)
                .write(0, 1L, 1, OpType.OK).release(0)
                .read(1, 2L, 1).write(1, 2L, 2, OpType.OK).read(1, 2L, 2).write(1, 2L, 3, OpType.OK).release(1)
                .read(2, null, 3).build();
        ResourceCounter.Result r = ResourceCounter.analyze(hist);
        assertEquals(6, r.acknowledged());
        assertEquals(3, r.lostUpdates());
        assertEquals(1, r.overwrites().size(), "only p0's stale write is to blame: " + r.overwrites());
        Overwrite o = r.overwrites().get(0);
        assertEquals(0, o.write().process());
        assertEquals(3, o.over());
        assertEquals(1, o.value());
        assertEquals(3, o.lost(), "the one number: it should have made 4 and made 1");
        assertTrue(o.explanation().contains("set 1 over 3: 3 increments lost; it wrote from its read at 3.000 ms (0)"), o.explanation());
        assertFalse(o.forgotten(), "p0 read before p1's writes: the resource answered what it held");
        // the summary a person reads (check's, a run's summary.txt) names the write that went backwards, not only the count
        String summary = dev.lockstorm.checker.Summary.of(dev.lockstorm.checker.Checker.check(hist, new dev.lockstorm.checker.model.FencedMutex(),
                dev.lockstorm.checker.linear.SearchLimits.withTimeLimit(java.time.Duration.ofSeconds(30))));
        assertTrue(summary.contains("\n    " + o.explanation() + "\n"), summary);
    }

    @Test
    void overlappingWritesAreNotStale() {
        // p1 (token 2) and p0 (token 1) write at once: either order may have been applied
        History hist = h().acquire(0, 1L).acquire(1, 2L)
                .invoke(1, "write", tv(2L, 1L)).invoke(0, "write", tv(1L, 1L)).ok(1, "write").ok(0, "write").build();
        assertTrue(FencingAnalysis.analyze(hist).staleWrites().isEmpty());
    }

    /** A history that starts with the run's fencing mode. */
    private static dev.lockstorm.checker.H fencing(String mode) {
        return h().nemesis(dev.lockstorm.faults.NemesisEvent.RUN.f(), Map.of("fencing", mode));
    }

    @Test
    void whereTheResourceChecksReadsANewerHoldersReadMakesAnOlderWriteStale() {
        // p1 (token 2) reads, then p0 (token 1) writes: fenced reads raised the bar, so the write is stale
        History all = fencing("all").acquire(0, 1L).acquire(1, 2L).read(1, 2L, 0).write(0, 1L, 1, OpType.OK).build();
        FencingAnalysis.Result f = FencingAnalysis.analyze(all);
        assertEquals(1, f.staleWrites().size());
        assertTrue(f.staleWrites().get(0).explanation().contains("although process 1's read with token 2 had been acknowledged"),
                f.staleWrites().get(0).explanation());
        // where only writes are checked, a read raises no bar: not stale (read-modify-write is what --fencing writes cannot save)
        History writes = fencing("writes").acquire(0, 1L).acquire(1, 2L).read(1, 2L, 0).write(0, 1L, 1, OpType.OK).build();
        assertTrue(FencingAnalysis.analyze(writes).staleWrites().isEmpty());
    }

    @Test
    void aReadAcceptedBelowTheBarIsAStaleReadWhereTheResourceChecksReads() {
        History all = fencing("all").acquire(0, 1L).acquire(1, 2L).write(1, 2L, 1, OpType.OK).read(0, 1L, 1).build();
        FencingAnalysis.Result f = FencingAnalysis.analyze(all);
        assertEquals(1, f.staleReads().size());
        assertTrue(f.staleReads().get(0).explanation().startsWith("process 0 read with token 1"), f.staleReads().get(0).explanation());
        assertTrue(f.staleReads().get(0).explanation().endsWith("the resource accepted a stale read"), f.staleReads().get(0).explanation());
        assertEquals(dev.lockstorm.checker.Verdict.INVALID, dev.lockstorm.checker.Checker.check(all, new dev.lockstorm.checker.model.FencedMutex(),
                dev.lockstorm.checker.linear.SearchLimits.defaults()).verdict());
        History writes = fencing("writes").acquire(0, 1L).acquire(1, 2L).write(1, 2L, 1, OpType.OK).read(0, 1L, 1).build();
        assertTrue(FencingAnalysis.analyze(writes).staleReads().isEmpty(), "reads are not checked: nothing to count");
    }

    @Test
    void aRefusalOfTheNewestTokenIsNoFencingButACurrentHolderRefused() {
        // p0's token 1 written; p1's token 2 refused: nothing higher was ever taken
        FencingAnalysis.Result wrong = FencingAnalysis.analyze(fencing("writes").acquire(0, 1L).write(0, 1L, 1, OpType.OK).release(0)
                .acquire(1, 2L).write(1, 2L, 2, OpType.FAIL).build());
        assertEquals(0, wrong.rejected(), "not a time fencing saved you");
        assertEquals(1, wrong.wrongfulRefusals().size());
        assertTrue(wrong.wrongfulRefusals().get(0).explanation().contains("with token 2 was refused")
                && wrong.wrongfulRefusals().get(0).explanation().contains("highest token the resource had accepted was 1"),
                wrong.wrongfulRefusals().get(0).explanation());
        // p1's token 2 written; p0's token 1 refused: fencing at work
        FencingAnalysis.Result right = FencingAnalysis.analyze(fencing("writes").acquire(0, 1L).acquire(1, 2L).write(1, 2L, 1, OpType.OK)
                .write(0, 1L, 2, OpType.FAIL).build());
        assertEquals(1, right.rejected());
        assertTrue(right.wrongfulRefusals().isEmpty());
        // a write of token 3 whose outcome is unknown may have raised the bar: token 2 refused after it is no wrongful refusal
        FencingAnalysis.Result unsure = FencingAnalysis.analyze(fencing("writes").acquire(0, 3L).write(0, 3L, 1, OpType.INFO)
                .acquire(1, 2L).write(1, 2L, 2, OpType.FAIL).build());
        assertTrue(unsure.wrongfulRefusals().isEmpty(), unsure.wrongfulRefusals().toString());
        assertEquals(1, unsure.rejected());
        // p1's token 2 presented by a read the resource took though the run fences writes only (a resource may fence more than
        // it is asked): p0's token 1 was no longer the newest, so its refusal is fencing at work, not a current holder refused
        FencingAnalysis.Result stricter = FencingAnalysis.analyze(fencing("writes").acquire(0, 1L).acquire(1, 2L).read(1, 2L, 0)
                .write(0, 1L, 1, OpType.FAIL).build());
        assertTrue(stricter.wrongfulRefusals().isEmpty(), stricter.wrongfulRefusals().toString());
        assertEquals(1, stricter.rejected());
        // a check of "<=" for "<": the holder's own read with token 1 taken under fencing writes, its write with 1 refused; the
        // read counts in no bar, and the refusal is not worded as though the resource had seen no token
        FencingAnalysis.Result offByOne = FencingAnalysis.analyze(fencing("writes").acquire(0, 1L).read(0, 1L, 0)
                .write(0, 1L, 1, OpType.FAIL).build());
        assertEquals(1, offByOne.wrongfulRefusals().size());
        assertTrue(offByOne.wrongfulRefusals().get(0).explanation().endsWith("with token 1 was refused at 6.000 ms though no operation with a higher"
                + " token had reached the resource: the resource refused a current holder"), offByOne.wrongfulRefusals().get(0).explanation());
    }

    @Test
    void aReadOfAValueNoWriteCouldHaveSetIsTheResourcesOwnFault() {
        // 1 increment acknowledged, the final read says 5: nobody wrote 5
        ResourceCounter.Result madeUp = ResourceCounter.analyze(h().acquire(0, 1L).read(0, 1L, 0).write(0, 1L, 1, OpType.OK).release(0)
                .read(1, null, 5).build());
        assertEquals(1, madeUp.unwrittenReads().size());
        assertTrue(madeUp.harmProven());
        assertTrue(madeUp.unwrittenReads().get(0).explanation().contains("returned 5 at ")
                && madeUp.unwrittenReads().get(0).explanation().contains("a value no write had been sent with"), madeUp.unwrittenReads().get(0).explanation());
        // a write of 2 refused as stale, yet read back
        ResourceCounter.Result applied = ResourceCounter.analyze(h().acquire(0, 1L).read(0, 1L, 0).write(0, 1L, 1, OpType.OK)
                .write(0, 1L, 2, OpType.FAIL).release(0).read(1, null, 2).build());
        assertEquals(1, applied.unwrittenReads().size());
        assertTrue(applied.unwrittenReads().get(0).explanation().contains("which the resource refused: it applied a write it said it had not"),
                applied.unwrittenReads().get(0).explanation());
        // 0 is the counter's first value; a write whose outcome is unknown, or still in flight when the read was answered, may have set what it read
        ResourceCounter.Result fine = ResourceCounter.analyze(h().acquire(0, 1L).read(0, 1L, 0).invoke(0, "write", tv(1L, 1L))
                .read(1, null, 1).info(0, "write").read(2, null, 1).build());
        assertTrue(fine.unwrittenReads().isEmpty(), fine.unwrittenReads().toString());
        // a read answered before the write of its value was sent cannot have seen it
        ResourceCounter.Result early = ResourceCounter.analyze(h().acquire(0, 1L).read(0, 1L, 1).write(0, 1L, 1, OpType.OK).release(0).build());
        assertEquals(1, early.unwrittenReads().size());
    }

    @Test
    void aTokenItsClientDidNotHoldIsForeignWhateverTheResourceDid() {
        // another holder's token: p1 holds token 2 and writes with p0's token 1
        FencingAnalysis.Result borrowed = FencingAnalysis.analyze(fencing("writes").acquire(0, 1L).release(0).acquire(1, 2L)
                .write(1, 1L, 1, OpType.OK).release(1).build());
        assertEquals(1, borrowed.foreignTokens().size());
        assertTrue(borrowed.foreignTokens().get(0).explanation().contains("though its hold (granted at ")
                && borrowed.foreignTokens().get(0).explanation().contains("had token 2: that token was granted to process 0 at "),
                borrowed.foreignTokens().get(0).explanation());
        // a token no acquire granted, accepted: the resource's bar it set makes the holder after it look stale, and the made-up
        // token is named as what it is
        FencingAnalysis.Result madeUp = FencingAnalysis.analyze(fencing("writes").acquire(0, 1L).write(0, 99L, 1, OpType.OK).release(0)
                .acquire(1, 2L).write(1, 2L, 2, OpType.OK).release(1).build());
        assertEquals(1, madeUp.foreignTokens().size());
        assertEquals(99L, madeUp.foreignTokens().get(0).token());
        assertTrue(madeUp.foreignTokens().get(0).explanation().contains("no acquire completed before it was granted that token"),
                madeUp.foreignTokens().get(0).explanation());
        // kept from its own earlier hold, presented after the release
        FencingAnalysis.Result kept = FencingAnalysis.analyze(fencing("writes").acquire(0, 1L).release(0).write(0, 1L, 1, OpType.OK).build());
        assertEquals(1, kept.foreignTokens().size());
        // a grant that recorded no token says nothing of the token its client was given
        assertTrue(FencingAnalysis.analyze(fencing("writes").acquire(0, null).write(0, 7L, 1, OpType.OK).build()).foreignTokens().isEmpty());
        assertTrue(kept.foreignTokens().get(0).explanation().contains("while it held no lock: that token was its own earlier hold's"),
                kept.foreignTokens().get(0).explanation());
        // a release that failed took nothing away; a nested hold of a reentrant lock presents its hold's token
        FencingAnalysis.Result own = FencingAnalysis.analyze(fencing("writes").acquire(0, 1L).invoke(0, "release").fail(0, "release")
                .write(0, 1L, 1, OpType.OK).acquire(0, 1L).write(0, 1L, 2, OpType.OK).release(0).write(0, 1L, 3, OpType.OK).release(0).build());
        assertTrue(own.foreignTokens().isEmpty(), own.foreignTokens().toString());
        // a read-write lock's downgrade: the write hold's token is gone with its release, the read hold's stays
        FencingAnalysis.Result downgrade = FencingAnalysis.analyze(fencing("all").invoke(0, "acquire-write").ok(0, "acquire-write", 5L)
                .invoke(0, "acquire-read").ok(0, "acquire-read", 6L).invoke(0, "release-write").ok(0, "release-write")
                .read(0, 6L, 0).read(0, 5L, 0).build());
        assertEquals(1, downgrade.foreignTokens().size(), downgrade.foreignTokens().toString());
        assertEquals(5L, downgrade.foreignTokens().get(0).token());
    }

    @Test
    void aWriteUnderNoHoldIsNotMadeUnderTheLockWithATokenOrWithout() {
        // after its release, with no token: nothing protected it; a read with none (the run's final read) is no use of the lock
        FencingAnalysis.Result after = FencingAnalysis.analyze(fencing("writes").acquire(0, 1L).write(0, 1L, 1, OpType.OK).release(0)
                .write(0, null, 2, OpType.OK).read(1, null, 2).build());
        assertEquals(1, after.foreignTokens().size(), after.foreignTokens().toString());
        assertTrue(after.foreignTokens().get(0).unheld());
        assertNull(after.foreignTokens().get(0).token());
        assertTrue(after.foreignTokens().get(0).explanation().contains("wrote to the resource with no token")
                && after.foreignTokens().get(0).explanation().contains("while it held no lock"), after.foreignTokens().get(0).explanation());
        // a lock that issues no tokens: the same write is still made under no hold, and the verdict says so
        assertEquals(1, FencingAnalysis.analyze(h().acquire(0, null).release(0).write(1, null, 1, OpType.OK).build()).foreignTokens().size());
        // a read-write lock's read lock is shared: a write under it alone is unprotected, even with that hold's own token
        FencingAnalysis.Result reader = FencingAnalysis.analyze(fencing("writes").invoke(0, "acquire-read").ok(0, "acquire-read", 3L)
                .write(0, 3L, 1, OpType.OK).build());
        assertEquals(1, reader.foreignTokens().size(), reader.foreignTokens().toString());
        assertTrue(reader.foreignTokens().get(0).explanation().contains("while it held only the read lock")
                && reader.foreignTokens().get(0).explanation().contains("its own read hold's"), reader.foreignTokens().get(0).explanation());
        // under several locks, a hold of another lock is no hold of this one
        FencingAnalysis.Result other = FencingAnalysis.analyze(h().on("b").acquire(0, 1L).on("a").acquire(1, 1L).release(1)
                .write(0, null, 1, OpType.OK).build());
        assertEquals(1, other.foreignTokens().size(), other.foreignTokens().toString());
        assertTrue(other.foreignTokens().get(0).explanation().contains("while it did not hold lock a"), other.foreignTokens().get(0).explanation());
        // a history of resource operations alone has no lock to hold; a holder's own writes are its own
        assertTrue(FencingAnalysis.analyze(h().write(0, null, 1, OpType.OK).read(1, null, 1).build()).foreignTokens().isEmpty());
        assertTrue(FencingAnalysis.analyze(h().acquire(0, null).write(0, null, 1, OpType.OK).release(0).build()).foreignTokens().isEmpty());
    }

    @Test
    void aReadOfTheNewestTokenRefusedIsACurrentHolderRefusedWhereOnlyWritesAreFencedToo() {
        // p0's token 1 written; p1 (token 2) refused its read by a resource that checks reads though the run fences writes only
        FencingAnalysis.Result wrong = FencingAnalysis.analyze(fencing("writes").acquire(0, 1L).write(0, 1L, 1, OpType.OK).release(0)
                .acquire(1, 2L).invoke(1, "read", java.util.Map.of("token", 2L)).fail(1, "read").build());
        assertEquals(1, wrong.wrongfulRefusals().size(), "nothing newer than token 2 stood against the read");
        // p1's token 2 written; p0's read with token 1 refused: below what was written, a refusal the resource may make
        FencingAnalysis.Result right = FencingAnalysis.analyze(fencing("writes").acquire(0, 1L).acquire(1, 2L).write(1, 2L, 1, OpType.OK)
                .invoke(0, "read", java.util.Map.of("token", 1L)).fail(0, "read").build());
        assertTrue(right.wrongfulRefusals().isEmpty(), right.wrongfulRefusals().toString());
        assertEquals(1, right.rejectedReads());
    }

    @Test
    void inAHistoryOfSeveralLocksTokenViolationsAndStaleWritesNameTheirLock() {
        // lock a is fine; on lock b, token 1 comes after token 2 and a write with token 1 lands after one with token 2
        History hist = h().on("a").acquire(5, 1L).release(5)
                .on("b").acquire(0, 2L).invoke(0, "write", tv(2L, 1L)).ok(0, "write").release(0)
                .acquire(1, 1L).invoke(1, "write", tv(1L, 2L)).ok(1, "write").release(1).build();
        FencingAnalysis.Result f = FencingAnalysis.analyze(hist);
        assertEquals(1, f.tokenViolations().size());
        assertTrue(f.tokenViolations().get(0).explanation().startsWith("process 1 acquired lock b at "), f.tokenViolations().get(0).explanation());
        assertEquals(1, f.staleWrites().size());
        assertTrue(f.staleWrites().get(0).explanation().startsWith("process 1 wrote under lock b with token 1"), f.staleWrites().get(0).explanation());
    }

    @Test
    void aWriteBegunAfterANewerWriteWasAcknowledgedIsStale() {
        History hist = h().acquire(0, 1L).acquire(1, 2L)
                .invoke(1, "write", tv(2L, 1L)).ok(1, "write").invoke(0, "write", tv(1L, 1L)).ok(0, "write").build();
        List<StaleWrite> stale = FencingAnalysis.analyze(hist).staleWrites();
        assertEquals(1, stale.size());
        assertEquals(1L, stale.get(0).token());
        assertEquals(2L, stale.get(0).newerToken());
        assertTrue(stale.get(0).explanation().startsWith("process 0 wrote with token 1 (acknowledged at 7.000 ms) although process 1's write"
                + " with token 2 had been acknowledged at 5.000 ms, before it began"), stale.get(0).explanation());
    }

    @Test
    void staleWritesAreJudgedPerLock() {
        List<Op> ops = new ArrayList<>();
        on(ops, OpType.INVOKE, 0, "write", tv(5L, 1L), "a");
        on(ops, OpType.OK, 0, "write", null, "a");
        on(ops, OpType.INVOKE, 1, "write", tv(1L, 1L), "b");
        on(ops, OpType.OK, 1, "write", null, "b");
        assertTrue(FencingAnalysis.analyze(History.of("t", ops)).staleWrites().isEmpty());
    }

    /**
     * A resource restarted without what it was told: p0's write of 1 is acknowledged, r1 is killed and started again, p1's
     * read (begun after that) returns 0 and its write of 1 goes back over p0's. The loss is the resource's own, and the
     * kill between the two is named; whatever the lock did, no read of the holder explains it.
     */
    @Test
    void aReadAfterAnAcknowledgedWriteThatReturnsLessIsTheResourcesOwnLossAndTheKillBetweenIsNamed() {
        History hist = h().acquire(0, 1L).read(0, 1L, 0).write(0, 1L, 1, OpType.OK).release(0)
                .nemesis("kill", List.of("r1")).with("hosts", List.of("r1"))
                .nemesis("start", List.of("r1")).with("hosts", List.of("r1"))
                .acquire(1, 2L).read(1, 2L, 0).write(1, 2L, 1, OpType.OK).release(1)
                .read(2, null, 1).build();
        ResourceCounter.Result r = ResourceCounter.analyze(hist, FaultSpans.of(hist));
        assertEquals(1, r.lostUpdates());
        assertEquals(1, r.forgottenWrites());
        Overwrite o = r.overwrites().get(0);
        assertTrue(o.forgotten());
        String why = o.explanation();
        assertTrue(why.contains("its read at") && why.contains("returned 0 though process 0") && why.contains("was acknowledged at")
                && why.contains("the resource lost an acknowledged write (kill r1 from"), why);
        // without the faults at hand the loss is still the resource's, and no kill is named
        ResourceCounter.Result bare = ResourceCounter.analyze(hist);
        assertEquals(1, bare.forgottenWrites());
        assertFalse(bare.overwrites().get(0).explanation().contains("kill"), bare.overwrites().get(0).explanation());
        // and with no crash to show for it, a read served by a stale copy (a cache, a lagging replica) is as likely as a loss
        assertTrue(bare.overwrites().get(0).explanation().endsWith("the resource lost an acknowledged write, or answered the read from a copy that lacked it"),
                bare.overwrites().get(0).explanation());
    }

    /**
     * Two holders' read-modify-writes interleaved: p1 reads 0 before p0's write of 1 is acknowledged, then writes 1 over it.
     * The resource returned what it held when the read began: no loss of its own, whatever a kill of a server did meanwhile.
     */
    @Test
    void aReadThatBeganBeforeTheOverwrittenWriteWasAcknowledgedIsNoLossOfTheResources() {
        History hist = h().acquire(0, 1L).read(0, 1L, 0).acquire(1, 2L)
                .invoke(1, "read", tv(2L, null)).invoke(0, "write", tv(1L, 1L)).ok(1, "read", Map.of("value", 0L)).ok(0, "write")
                .nemesis("kill", List.of("r1")).with("hosts", List.of("r1"))
                .write(1, 2L, 1, OpType.OK).release(0).release(1)
                .read(2, null, 1).build();
        ResourceCounter.Result r = ResourceCounter.analyze(hist, FaultSpans.of(hist));
        assertEquals(1, r.lostUpdates());
        assertEquals(0, r.forgottenWrites());
        String why = r.overwrites().get(0).explanation();
        assertTrue(why.contains("it wrote from its read at") && why.contains("(0), which began before process 0"), why);
        assertFalse(why.contains("lost an acknowledged write"), why);
    }

    /**
     * A read after an acknowledged write that returned less, where a write of that value with an unknown outcome may have
     * landed late: p0's write of 1 timed out (info); p1 writes 1 and p2 writes 2, both acknowledged; p3 reads 1 and writes
     * 2 over 2. p0's late write explains the read: no loss of the resource's own is claimed.
     */
    @Test
    void aReadThatALateWriteOfUnknownOutcomeExplainsIsNoLossOfTheResources() {
        History hist = h().acquire(0, 1L).read(0, 1L, 0).invoke(0, "write", tv(1L, 1L))
                .acquire(1, 2L).read(1, 2L, 0).write(1, 2L, 1, OpType.OK).release(1)
                .acquire(2, 3L).read(2, 3L, 1).write(2, 3L, 2, OpType.OK).release(2)
                .info(0, "write")
                .acquire(3, 4L).read(3, 4L, 1).write(3, 4L, 2, OpType.OK).release(3)
                .read(4, null, 2).build();
        ResourceCounter.Result r = ResourceCounter.analyze(hist);
        assertEquals(1, r.overwrites().size(), r.explanation());
        assertEquals(0, r.forgottenWrites(), r.explanation());
        String why = r.overwrites().get(0).explanation();
        assertTrue(why.contains("returned 1, which process 0's write invoked at") && why.contains("may have set after process 2's write of 2"), why);
    }
}
