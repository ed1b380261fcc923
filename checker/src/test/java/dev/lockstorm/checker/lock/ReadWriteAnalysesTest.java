package dev.lockstorm.checker.lock;

import dev.lockstorm.checker.Analysis;
import dev.lockstorm.checker.CheckResult;
import dev.lockstorm.checker.H;
import dev.lockstorm.checker.Verdict;
import dev.lockstorm.checker.history.OpType;
import dev.lockstorm.checker.model.RwLock;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.lockstorm.checker.H.h;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A read-write lock's histories as lockstorm records them: readers read under the read lock,
 * writers write in two steps under the write lock. Torn reads are reads that saw the first step
 * while its writer had yet to send the second; readers' tokens are in order among the writers'.
 */
@Tag("unit")
class ReadWriteAnalysesTest {

    /** A history whose run fences reads too ({@code fencing: all}). */
    private static H fencedReads() {
        return h().nemesis(dev.lockstorm.faults.NemesisEvent.RUN.f(), java.util.Map.of("fencing", "all"));
    }

    private static H grant(H h, int p, String f, long token) {
        return h.invoke(p, f).ok(p, f, token);
    }

    /** Writer 0 (token 10) writes 1, then 2; reader 1 (token 11) reads 2 after it; a final read. */
    private static H orderly() {
        H h = grant(h(), 0, RwLock.ACQUIRE_WRITE, 10).read(0, 10L, 0).write(0, 10L, 1, OpType.OK).write(0, 10L, 2, OpType.OK)
                .rw(0, RwLock.RELEASE_WRITE);
        return grant(h, 1, RwLock.ACQUIRE_READ, 11).read(1, 11L, 2).rw(1, RwLock.RELEASE_READ).read(9, null, 2);
    }

    @Test
    void anOrderlyHistoryHasNoTornReadAndItsTokensAreInOrder() {
        CheckResult r = orderly().check(new RwLock());
        assertEquals(Verdict.VALID, r.verdict(), r.analyses().toString());
        assertTrue(r.resource().tornReads().isEmpty());
        assertEquals(2, r.fencing().tokens());
        assertEquals(0, r.lostUpdates().getAsLong());
    }

    @Test
    void aReaderAdmittedBesideAWriterSeesItsWriteHalfDone() {
        H h = grant(h(), 0, RwLock.ACQUIRE_WRITE, 10).read(0, 10L, 0).write(0, 10L, 1, OpType.OK);
        // the writer stalls; a reader is admitted and reads the first half; then the writer sends its second half
        h = grant(h, 1, RwLock.ACQUIRE_READ, 11).read(1, 11L, 1).rw(1, RwLock.RELEASE_READ);
        h = h.write(0, 10L, 2, OpType.OK).rw(0, RwLock.RELEASE_WRITE).read(9, null, 2);
        CheckResult r = h.check(new RwLock());
        assertEquals(Verdict.INVALID, r.verdict());
        List<TornReads.TornRead> torn = r.resource().tornReads();
        assertEquals(1, torn.size());
        assertEquals(1, torn.get(0).read().process());
        assertEquals(0, torn.get(0).begin().process());
        assertTrue(torn.get(0).explanation().contains("read 1"), torn.get(0).explanation());
        assertEquals(Analysis.Status.INVALID, r.analysis(Analysis.Kind.RESOURCE).orElseThrow().status());
        assertEquals(0, r.lostUpdates().getAsLong(), "no update is lost: the data was only seen half written");
    }

    @Test
    void aSecondHalfSentBeforeTheReadButDoneAfterItStillLeavesTheReadTorn() {
        // the frozen writer's second half was sent (the driver invoked it) but lands only when the writer wakes
        H h = grant(h(), 0, RwLock.ACQUIRE_WRITE, 10).read(0, 10L, 0).write(0, 10L, 1, OpType.OK).invoke(0, "write", java.util.Map.of("token", 10L, "value", 2L));
        h = grant(h, 1, RwLock.ACQUIRE_READ, 11).read(1, 11L, 1).rw(1, RwLock.RELEASE_READ).ok(0, "write");
        assertEquals(1, TornReads.find(h.build()).size());
    }

    @Test
    void aWriteLeftHalfDoneByACrashIsNoTornRead() {
        H h = grant(h(), 0, RwLock.ACQUIRE_WRITE, 10).read(0, 10L, 0).write(0, 10L, 1, OpType.OK).invoke(0, "write").info(0, "write");
        h = grant(h, 1, RwLock.ACQUIRE_READ, 11).read(1, 11L, 1).rw(1, RwLock.RELEASE_READ);
        assertTrue(TornReads.find(h.build()).isEmpty(), "the writer crashed: nobody was in the middle of the write any more");
    }

    @Test
    void aWritersOwnReadAfterADowngradeIsNoTornRead() {
        H h = grant(h(), 0, RwLock.ACQUIRE_WRITE, 10).read(0, 10L, 0).write(0, 10L, 1, OpType.OK).write(0, 10L, 2, OpType.OK);
        h = grant(h, 0, RwLock.ACQUIRE_READ, 12).rw(0, RwLock.RELEASE_WRITE).read(0, 12L, 2).rw(0, RwLock.RELEASE_READ);
        assertTrue(TornReads.find(h.build()).isEmpty());
        assertEquals(Verdict.VALID, h.read(9, null, 2).check(new RwLock()).verdict());
    }

    @Test
    void readersTokensMayComeInAnyOrderAmongThemselvesButNotBelowAWriters() {
        H h = h().invoke(1, RwLock.ACQUIRE_READ).invoke(2, RwLock.ACQUIRE_READ).ok(2, RwLock.ACQUIRE_READ, 12L).ok(1, RwLock.ACQUIRE_READ, 11L);
        h = h.rw(1, RwLock.RELEASE_READ).rw(2, RwLock.RELEASE_READ);
        assertTrue(FencingAnalysis.analyze(h.build()).tokenViolations().isEmpty(), "readers side by side are granted in any order");
        h = grant(h, 0, RwLock.ACQUIRE_WRITE, 13).rw(0, RwLock.RELEASE_WRITE);
        H stale = grant(h, 3, RwLock.ACQUIRE_READ, 12);
        List<TokenViolation> v = FencingAnalysis.analyze(stale.build()).tokenViolations();
        assertEquals(1, v.size(), "a read grant below a write grant completed before it went backwards");
        H writerBelowReader = grant(h(), 1, RwLock.ACQUIRE_READ, 20).rw(1, RwLock.RELEASE_READ);
        writerBelowReader = grant(writerBelowReader, 0, RwLock.ACQUIRE_WRITE, 19);
        assertEquals(1, FencingAnalysis.analyze(writerBelowReader.build()).tokenViolations().size(),
                "a write grant below a read grant completed before it went backwards");
    }

    @Test
    void whereReadsAreFencedAReaderIsStaleOnlyBelowAWritersTokenNeverBelowAnotherReaders() {
        // readers 11 and 12 side by side: 12 reads first, then 11; the resource rightly takes both (ProtectedResource.readShared)
        H h = grant(grant(fencedReads(), 1, RwLock.ACQUIRE_READ, 11), 2, RwLock.ACQUIRE_READ, 12).read(2, 12L, 0).read(1, 11L, 0);
        FencingAnalysis.Result sideBySide = FencingAnalysis.analyze(h.build());
        assertTrue(sideBySide.staleReads().isEmpty(), sideBySide.staleReads().toString());
        // a writer's read under its write lock is no shared read: below reader 12's token it is stale
        H writerRead = grant(h.rw(1, RwLock.RELEASE_READ), 1, RwLock.ACQUIRE_WRITE, 11).read(1, 11L, 0);
        assertEquals(1, FencingAnalysis.analyze(writerRead.build()).staleReads().size());
        // a write below a reader's token is stale; a reader below that write's token too
        H afterWrite = grant(grant(fencedReads(), 0, RwLock.ACQUIRE_WRITE, 13), 1, RwLock.ACQUIRE_READ, 12).write(0, 13L, 1, OpType.OK)
                .read(1, 12L, 1);
        assertEquals(1, FencingAnalysis.analyze(afterWrite.build()).staleReads().size());
        H writeBelowReader = grant(grant(fencedReads(), 1, RwLock.ACQUIRE_READ, 12), 0, RwLock.ACQUIRE_WRITE, 11).read(1, 12L, 0)
                .write(0, 11L, 1, OpType.OK);
        assertEquals(1, FencingAnalysis.analyze(writeBelowReader.build()).staleWrites().size());
        // reader 11 refused after reader 12 read: a current holder turned away (a resource whose readShared is its read)
        H refused = grant(grant(fencedReads(), 1, RwLock.ACQUIRE_READ, 11), 2, RwLock.ACQUIRE_READ, 12).read(2, 12L, 0)
                .invoke(1, "read", java.util.Map.of("token", 11L)).fail(1, "read");
        List<dev.lockstorm.checker.lock.WrongfulRefusal> wrong = FencingAnalysis.analyze(refused.build()).wrongfulRefusals();
        assertEquals(1, wrong.size());
        assertTrue(wrong.get(0).explanation().contains("no writer had presented a higher token"), wrong.get(0).explanation());
        // reader 12 refused after writer 13 wrote: fencing at work
        H stopped = grant(grant(fencedReads(), 0, RwLock.ACQUIRE_WRITE, 13), 1, RwLock.ACQUIRE_READ, 12).write(0, 13L, 1, OpType.OK)
                .invoke(1, "read", java.util.Map.of("token", 12L)).fail(1, "read");
        FencingAnalysis.Result right = FencingAnalysis.analyze(stopped.build());
        assertTrue(right.wrongfulRefusals().isEmpty(), right.wrongfulRefusals().toString());
        assertEquals(1, right.rejectedReads());
    }

    // a hold's grant counts once, in every mode

    @Test
    void aNestedWriteGrantKeepingItsHoldsTokenIsOneGrantNotADuplicate() {
        // a reentrant write lock: the nested acquire returns the hold's own token
        H h = grant(grant(h(), 0, RwLock.ACQUIRE_WRITE, 10), 0, RwLock.ACQUIRE_WRITE, 10).read(0, 10L, 0).write(0, 10L, 1, OpType.OK)
                .write(0, 10L, 2, OpType.OK).rw(0, RwLock.RELEASE_WRITE).rw(0, RwLock.RELEASE_WRITE);
        h = grant(grant(h, 1, RwLock.ACQUIRE_READ, 11), 1, RwLock.ACQUIRE_READ, 11).read(1, 11L, 2).rw(1, RwLock.RELEASE_READ)
                .rw(1, RwLock.RELEASE_READ).read(9, null, 2);
        CheckResult r = h.check(new RwLock());
        assertEquals(0, r.tokenViolations(), r.fencing().tokenViolations().toString());
        assertEquals(Verdict.VALID, r.verdict(), r.analyses().toString());
        assertEquals(2, r.fencing().tokens(), "one token per hold");
    }

    @Test
    void aFailedWriteReleaseKeepsTheHoldSoTheNextWriterIsADoubleHolder() {
        // the writer's release fails (it still holds); another writer is granted: two writers at once
        H h = grant(h(), 0, RwLock.ACQUIRE_WRITE, 10).invoke(0, RwLock.RELEASE_WRITE).fail(0, RwLock.RELEASE_WRITE);
        h = grant(h, 1, RwLock.ACQUIRE_WRITE, 11).rw(1, RwLock.RELEASE_WRITE).rw(0, RwLock.RELEASE_WRITE);
        CheckResult r = h.check(new RwLock());
        assertEquals(1, r.doubleHolderCount(), "the failed release left process 0 holding");
        // the same for a read hold beside a writer
        H read = grant(h(), 0, RwLock.ACQUIRE_READ, 10).invoke(0, RwLock.RELEASE_READ).fail(0, RwLock.RELEASE_READ);
        read = grant(read, 1, RwLock.ACQUIRE_WRITE, 11).rw(1, RwLock.RELEASE_WRITE).rw(0, RwLock.RELEASE_READ);
        assertEquals(1, read.check(new RwLock()).doubleHolderCount());
    }

    @Test
    void aWriterKilledBetweenItsStepsLeftNoTornRead() {
        // the writer's second step is in flight when it is killed (-9); its driver notices later; a reader reads the first step
        H h = grant(h(), 0, RwLock.ACQUIRE_WRITE, 10).read(0, 10L, 0).write(0, 10L, 1, OpType.OK)
                .invoke(0, "write", java.util.Map.of("token", 10L, "value", 2L)).nemesis("kill-client", List.of(0L));
        h = grant(h, 1, RwLock.ACQUIRE_READ, 11).read(1, 11L, 1).rw(1, RwLock.RELEASE_READ).info(0, "write");
        assertTrue(TornReads.find(h.build()).isEmpty(), "dead from its kill: nobody was in the middle of the write");
    }

    @Test
    void aTornReadInsideAReentrantWriteHoldIsStillFound() {
        // the writer takes its write lock twice and gives the inner hold back before writing: still one write hold
        H h = grant(grant(h(), 0, RwLock.ACQUIRE_WRITE, 10), 0, RwLock.ACQUIRE_WRITE, 10).rw(0, RwLock.RELEASE_WRITE)
                .read(0, 10L, 0).write(0, 10L, 1, OpType.OK);
        h = grant(h, 1, RwLock.ACQUIRE_READ, 11).read(1, 11L, 1).rw(1, RwLock.RELEASE_READ);
        h = h.write(0, 10L, 2, OpType.OK).rw(0, RwLock.RELEASE_WRITE).read(9, null, 2);
        assertEquals(1, TornReads.find(h.build()).size(), "the nested release did not end the write hold");
    }
}
