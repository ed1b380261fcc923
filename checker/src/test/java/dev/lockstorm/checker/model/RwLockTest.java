package dev.lockstorm.checker.model;

import dev.lockstorm.checker.CheckResult;
import dev.lockstorm.checker.Verdict;
import dev.lockstorm.checker.history.History;
import dev.lockstorm.checker.lock.DoubleHolder;
import dev.lockstorm.checker.lock.DoubleHolders;
import dev.lockstorm.checker.lock.HoldInterval;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.lockstorm.checker.H.h;
import static dev.lockstorm.checker.model.RwLock.ACQUIRE_READ;
import static dev.lockstorm.checker.model.RwLock.ACQUIRE_WRITE;
import static dev.lockstorm.checker.model.RwLock.RELEASE_READ;
import static dev.lockstorm.checker.model.RwLock.RELEASE_WRITE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

@Tag("unit")
class RwLockTest {
    private final RwLock model = new RwLock();

    @Test
    void readersShareTheLock() {
        var r = h().rw(0, ACQUIRE_READ).rw(1, ACQUIRE_READ).rw(2, ACQUIRE_READ).rw(1, RELEASE_READ).rw(0, RELEASE_READ).rw(2, RELEASE_READ)
                .rw(3, ACQUIRE_WRITE).rw(3, RELEASE_WRITE).linearizable(model);
        assertEquals(Verdict.VALID, r.verdict());
    }

    @Test
    void aWriterBesideAReaderIsInvalidAndSaysWhoHeldWhat() {
        var r = h().rw(0, ACQUIRE_READ).rw(1, ACQUIRE_WRITE).rw(0, RELEASE_READ).rw(1, RELEASE_WRITE).linearizable(model);
        assertEquals(Verdict.INVALID, r.verdict());
        assertTrue(r.failure().explanation().contains("process 1 acquired the write lock at") && r.failure().explanation()
                .contains("while process 0 held the read lock"), r.failure().explanation());
        assertEquals("read by process 0", r.failure().state());
    }

    @Test
    void aNamedLockIsNamedOnceAfterItsMode() {
        var r = h().on("db-18").rw(5, ACQUIRE_WRITE).rw(5, RELEASE_WRITE).on("db-17").rw(0, ACQUIRE_READ).rw(1, ACQUIRE_WRITE)
                .rw(0, RELEASE_READ).rw(1, RELEASE_WRITE).linearizable(model);
        assertEquals(Verdict.INVALID, r.verdict());
        assertTrue(r.failure().explanation().contains("process 1 acquired the write lock db-17 at"), r.failure().explanation());
        assertFalse(r.failure().explanation().contains("lock lock"), r.failure().explanation());
    }

    @Test
    void aReaderBesideAWriterIsInvalid() {
        var r = h().rw(0, ACQUIRE_WRITE).rw(1, ACQUIRE_READ).rw(1, RELEASE_READ).rw(0, RELEASE_WRITE).linearizable(model);
        assertEquals(Verdict.INVALID, r.verdict());
        assertTrue(r.failure().explanation().contains("process 1 acquired the read lock at") && r.failure().explanation()
                .contains("while process 0 held the write lock since"), r.failure().explanation());
    }

    @Test
    void twoWritersAreInvalid() {
        assertEquals(Verdict.INVALID, h().rw(0, ACQUIRE_WRITE).rw(1, ACQUIRE_WRITE).linearizable(model).verdict());
    }

    @Test
    void theWriterMayAlsoReadAndNestButAReaderMayNotUpgrade() {
        var downgrade = h().rw(0, ACQUIRE_WRITE).rw(0, ACQUIRE_WRITE).rw(0, ACQUIRE_READ).rw(0, RELEASE_WRITE).rw(0, RELEASE_WRITE)
                .rw(1, ACQUIRE_READ).rw(0, RELEASE_READ).rw(1, RELEASE_READ).linearizable(model);
        assertEquals(Verdict.VALID, downgrade.verdict(), "write, nest, read, give up the write: others may read beside the read hold");
        var earlyRead = h().rw(0, ACQUIRE_WRITE).rw(0, ACQUIRE_WRITE).rw(0, RELEASE_WRITE).rw(1, ACQUIRE_READ).linearizable(model);
        assertEquals(Verdict.INVALID, earlyRead.verdict(), "the nested write hold still excludes readers");
        assertEquals(Verdict.INVALID, h().rw(0, ACQUIRE_READ).rw(0, ACQUIRE_WRITE).linearizable(model).verdict(), "no upgrade");
    }

    @Test
    void releasingAModeNotHeldIsInvalid() {
        assertEquals(Verdict.INVALID, h().rw(0, ACQUIRE_READ).rw(0, RELEASE_WRITE).linearizable(model).verdict());
        var r = h().rw(0, ACQUIRE_WRITE).rw(1, RELEASE_READ).linearizable(model);
        assertEquals(Verdict.INVALID, r.verdict());
        assertTrue(r.failure().explanation().contains("released the read lock at") && r.failure().explanation().contains("did not hold it"),
                r.failure().explanation());
    }

    @Test
    void aCrashedReleaseOfTheReadHoldFreesOnlyTheReadHold() {
        // p0 holds write and read; its release-read crashes: the write hold stays while p0 lives
        var stillWriting = h().rw(0, ACQUIRE_WRITE).rw(0, ACQUIRE_READ).invoke(0, RELEASE_READ).rw(1, ACQUIRE_WRITE).linearizable(model);
        assertEquals(Verdict.INVALID, stillWriting.verdict());
        // a crashed release-read of a lone reader may have freed the lock at once
        var freed = h().rw(0, ACQUIRE_READ).invoke(0, RELEASE_READ).rw(1, ACQUIRE_WRITE).linearizable(model);
        assertEquals(Verdict.VALID, freed.verdict());
        // a process that crashed loses every hold at its crash
        var crashed = h().rw(0, ACQUIRE_WRITE).rw(0, ACQUIRE_READ).invoke(0, "write").info(0, "write").rw(1, ACQUIRE_WRITE).linearizable(model);
        assertEquals(Verdict.VALID, crashed.verdict());
    }

    @Test
    void expiryOfOneModeLeavesTheOther() {
        RwLock.State s = model.step(model.init(), op(0, ACQUIRE_WRITE));
        s = model.step(s, op(0, ACQUIRE_READ));
        assertEquals("written by process 0 (hold count 1), read by process 0", model.describe(s));
        assertNull(model.step(s, op(1, ACQUIRE_READ)));
        assertEquals("free", model.describe(model.step(model.step(s, op(0, RELEASE_READ)), op(0, RELEASE_WRITE))));
    }

    @Test
    void doubleHoldersAreAWriterBesideAnyoneNeverTwoReaders() {
        History h = h().rw(0, ACQUIRE_READ).rw(1, ACQUIRE_READ).rw(2, ACQUIRE_WRITE).rw(0, RELEASE_READ).rw(1, RELEASE_READ).rw(2, RELEASE_WRITE)
                .build();
        List<DoubleHolder> found = DoubleHolders.find(h);
        assertEquals(2, found.size(), "the writer beside each reader, not the readers beside each other");
        assertTrue(found.stream().allMatch(d -> d.second().mode().equals("write") && d.first().mode().equals("read")));
        assertTrue(found.get(0).explanation().startsWith("process 2 acquired the write lock at") && found.get(0).explanation()
                .contains("while process 0 held the read lock since"), found.get(0).explanation());
        List<HoldInterval> holds = DoubleHolders.holds(h().rw(0, ACQUIRE_WRITE).rw(0, ACQUIRE_WRITE).rw(0, RELEASE_WRITE).rw(1, ACQUIRE_READ)
                .rw(0, RELEASE_WRITE).build());
        assertEquals(2, holds.size(), "a nested write hold runs to the outermost release");
        assertEquals(1, DoubleHolders.find(h().rw(0, ACQUIRE_WRITE).rw(0, ACQUIRE_WRITE).rw(0, RELEASE_WRITE).rw(1, ACQUIRE_READ)
                .rw(0, RELEASE_WRITE).build()).size());
        assertTrue(DoubleHolders.find(h().rw(0, ACQUIRE_WRITE).rw(0, ACQUIRE_READ).rw(0, RELEASE_WRITE).rw(0, RELEASE_READ).build()).isEmpty(),
                "one process holding both modes is no double holder");
    }

    @Test
    void theWholeCheckIsInvalidWithTheDoubleHolderAndTheModelIsInferred() {
        History h = h().rw(0, ACQUIRE_READ).rw(1, ACQUIRE_WRITE).rw(1, RELEASE_WRITE).rw(0, RELEASE_READ).build();
        assertInstanceOf(RwLock.class, Models.infer(h, false));
        assertInstanceOf(RwLock.class, Models.byName("rw-lock"));
        CheckResult r = dev.lockstorm.checker.Checker.check(h, Models.infer(h, false), dev.lockstorm.checker.linear.SearchLimits.withTimeLimit(
                java.time.Duration.ofSeconds(30)));
        assertEquals(Verdict.INVALID, r.verdict());
        assertEquals(1, r.doubleHolders().size());
        CheckResult ok = h().rw(0, ACQUIRE_READ).rw(1, ACQUIRE_READ).rw(1, RELEASE_READ).rw(0, RELEASE_READ).rw(1, ACQUIRE_WRITE).rw(1, RELEASE_WRITE)
                .check(model);
        assertEquals(Verdict.VALID, ok.verdict(), ok.analyses().toString());
    }

    private static dev.lockstorm.checker.history.Operation op(int p, String f) {
        return h().rw(p, f).build().operations().get(0);
    }
}
