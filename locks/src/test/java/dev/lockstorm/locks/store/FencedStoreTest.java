package dev.lockstorm.locks.store;

import dev.lockstorm.api.Fencing;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The fenced counter and why fencing only writes is not enough for read-modify-write: an older
 * holder that read before a newer holder's read can still write, and one increment is lost;
 * fencing reads too closes that.
 */
@Tag("unit")
class FencedStoreTest {

    /** Holder 1 (token 1) reads, holder 2 (token 2) reads, holder 1 writes, holder 2 writes. */
    private static long[] interleaved(Fencing fencing) {
        FencedStore s = new FencedStore(fencing);
        long r1 = s.read(1L).value();
        long r2 = s.read(2L).value();
        boolean w1 = s.write(1L, r1 + 1).accepted();
        boolean w2 = s.write(2L, r2 + 1).accepted();
        int acked = (w1 ? 1 : 0) + (w2 ? 1 : 0);
        return new long[]{acked, s.value(), w1 ? 1 : 0};
    }

    @Test
    void withoutFencingBothWritesLandAndAnIncrementIsLost() {
        long[] r = interleaved(Fencing.NONE);
        assertEquals(2, r[0]);
        assertEquals(1, r[1], "two acknowledged increments, final value 1: one lost");
    }

    @Test
    void fencingWritesIsNotEnoughForReadModifyWrite() {
        long[] r = interleaved(Fencing.WRITES);
        assertEquals(1, r[2], "the older holder's write is accepted: the newer holder had only read");
        assertEquals(2, r[0]);
        assertEquals(1, r[1], "still one increment lost");
    }

    @Test
    void fencingReadsAndWritesClosesIt() {
        long[] r = interleaved(Fencing.ALL);
        assertEquals(0, r[2], "the newer holder's read fenced the older holder's write");
        assertEquals(1, r[0]);
        assertEquals(1, r[1], "one acknowledged increment, final value 1: nothing lost");
    }

    @Test
    void staleWritesAreRejectedOnceANewerTokenWrote() {
        FencedStore s = new FencedStore(Fencing.WRITES);
        assertTrue(s.write(5L, 1).accepted());
        assertFalse(s.write(4L, 2).accepted());
        assertTrue(s.write(5L, 3).accepted(), "the same holder writes again");
        assertTrue(s.write(null, 4).accepted(), "no token: nothing to check");
        assertEquals(4, s.value());
    }

    @Test
    void readersSideBySidePresentTheirTokensInAnyOrder() {
        FencedStore s = new FencedStore(Fencing.ALL);
        assertTrue(s.readShared(11L).accepted());
        assertTrue(s.readShared(10L).accepted(), "an older reader beside a newer one is no stale reader");
    }

    @Test
    void aReaderAdmittedBesideAStaleWriterFencesTheWritersSecondStep() {
        FencedStore s = new FencedStore(Fencing.ALL);
        assertTrue(s.read(12L).accepted());
        assertTrue(s.write(12L, 1).accepted(), "the writer's first step: the write half done");
        assertEquals(1, s.readShared(13L).value(), "a reader granted after the writer's lease ended sees the half-done write");
        assertFalse(s.write(12L, 2).accepted(), "the stale writer's second step is rejected");
    }

    @Test
    void aReaderOlderThanAWriterIsStale() {
        FencedStore s = new FencedStore(Fencing.ALL);
        assertTrue(s.readShared(10L).accepted());
        assertTrue(s.write(12L, 1).accepted());
        assertFalse(s.readShared(10L).accepted(), "the reader's lease ended before the writer's grant");
    }

    /** A store kept in a file, opened again on it (a service started again after a crash), has its value and its bars back. */
    @Test
    void aStoreKeptInAFileComesBackWithItsValueAndBars(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) {
        java.nio.file.Path file = dir.resolve("counter");
        FencedStore before = new FencedStore(Fencing.ALL, file);
        assertTrue(before.write(5L, 7).accepted());
        assertTrue(before.readShared(6L).accepted());
        FencedStore after = new FencedStore(Fencing.ALL, file);
        assertEquals(7, after.value());
        assertFalse(after.write(4L, 8).accepted(), "the bar came back: a stale write is refused");
        assertFalse(after.read(5L).accepted(), "a reader's token raised the bar of writers too");
        assertTrue(after.write(6L, 8).accepted());
        assertEquals(8, new FencedStore(Fencing.ALL, file).value());
    }
}
