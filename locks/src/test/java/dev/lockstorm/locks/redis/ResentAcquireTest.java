package dev.lockstorm.locks.redis;

import dev.lockstorm.api.Lease;
import dev.lockstorm.api.NotAcquiredException;
import dev.lockstorm.api.Notes;
import io.lettuce.core.RedisCommandTimeoutException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What {@code redis-single}'s acquire makes of a SET whose reply comes after its command timed out
 * (2 s), by its retry mode. The peer answers the first EVAL late, with the token a server that
 * applied it would give (Lettuce reads that reply for the timed-out command, as it does when a
 * lost reply is retransmitted), and each later EVAL as a server would answer a SET sent again.
 */
@Tag("unit")
class ResentAcquireTest {
    private final List<String> notes = new CopyOnWriteArrayList<>();

    @BeforeEach
    void collectNotes() {
        Notes.install(notes::add);
    }

    @AfterEach
    void dropNotes() {
        Notes.install(note -> { });
    }

    /** A server that applied the first SET and answers it after 2.5 s, then answers {@code later} in turn (the last one again and again). */
    private static RespPeer appliedThenLate(String... later) throws Exception {
        AtomicInteger evals = new AtomicInteger();
        return new RespPeer(name -> {
            if (!name.startsWith("EVAL")) return "+OK\r\n";
            int n = evals.getAndIncrement();
            if (n > 0) return later[Math.min(n - 1, later.length - 1)];
            try {
                Thread.sleep(2500);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return ":6\r\n";
        });
    }

    private static Lease acquire(RespPeer peer, RedisSingleLock.RetryMode mode, Duration timeout) throws Exception {
        RedisSingleLock lock = new RedisSingleLock(peer.uri(), Duration.ofSeconds(3), 0, RedisSingleLock.ClientMode.DEPLOYED,
                RedisSingleLock.ReleaseMode.COMPARE_AND_DELETE, mode);
        lock.open();
        try {
            return lock.acquire(timeout);
        } finally {
            lock.close();
        }
    }

    @Test
    void withoutRetriesTheAcquireIsUnknown() throws Exception {
        try (RespPeer peer = appliedThenLate(":7\r\n")) {
            assertThrows(RedisCommandTimeoutException.class, () -> acquire(peer, RedisSingleLock.RetryMode.NONE, Duration.ofSeconds(5)));
            assertEquals(List.of(), notes);
        }
    }

    @Test
    void aBlindRetryIsRefusedByItsOwnGrantAndWaitsItOut() throws Exception {
        // the SET sent again meets the key the first one set (nil), the next finds it expired and takes the lock afresh
        try (RespPeer peer = appliedThenLate("$-1\r\n", ":7\r\n")) {
            Lease lease = acquire(peer, RedisSingleLock.RetryMode.BLIND, Duration.ofSeconds(5));
            assertEquals(7L, lease.token(), "the fresh grant's token; token 6 went to no one the client knows");
            assertEquals(1, notes.size(), notes.toString());
            assertTrue(notes.get(0).startsWith(RedisSingleLock.SENT_AGAIN), notes.toString());
        }
    }

    @Test
    void aBlindRetryThatRunsOutOfTimeIsARefusalThatSaysSo() throws Exception {
        try (RespPeer peer = appliedThenLate("$-1\r\n")) {
            NotAcquiredException e = assertThrows(NotAcquiredException.class,
                    () -> acquire(peer, RedisSingleLock.RetryMode.BLIND, Duration.ofMillis(2800)));
            assertTrue(e.getMessage().contains("sent 2 times"), e.getMessage());
        }
    }

    @Test
    void anIdempotentRetryFindsItsOwnGrant() throws Exception {
        // the script answers a SET that finds the caller's own value with that grant's token, negated
        try (RespPeer peer = appliedThenLate(":-6\r\n")) {
            Lease lease = acquire(peer, RedisSingleLock.RetryMode.IDEMPOTENT, Duration.ofSeconds(5));
            assertEquals(6L, lease.token());
            assertEquals(2, notes.size(), notes.toString());
            assertTrue(notes.get(1).equals(RedisSingleLock.FOUND_OWN + " 6"), notes.toString());
        }
    }
}
