package dev.lockstorm.locks.dynamodb;

import dev.lockstorm.api.ClientContext;
import dev.lockstorm.api.Lease;
import dev.lockstorm.api.LockOption;
import dev.lockstorm.api.NotAcquiredException;
import dev.lockstorm.api.NotHeldException;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The DynamoDB lock's outcomes are never more certain than they are: the library says "not
 * granted" after a lock write that was never answered, and its default release says "released"
 * after one; lockstorm's client makes both unknown, and keeps a server's refusal a refusal.
 */
@Tag("unit")
class DynamoDbOutcomesTest {
    private static final Duration LEASE = Duration.ofSeconds(4);

    private static DynamoDbLock lock(DynamoPeer peer) {
        return new DynamoDbLock(peer.endpoint(), "orders", LEASE, Duration.ofSeconds(1), false);
    }

    @Test
    void aLockWriteNeverAnsweredMakesTheAcquireUncertain() throws Exception {
        // the lock is free (GetItem finds nothing); the conditional PutItem that takes it is never answered
        try (DynamoPeer peer = new DynamoPeer(Map.of("GetItem", DynamoPeer.OK_EMPTY))) {
            DynamoDbLock lock = lock(peer);
            lock.open();
            try {
                Exception e = assertThrows(Exception.class, () -> lock.acquire(Duration.ofMillis(500)));
                assertFalse(e instanceof NotAcquiredException, "a write that may have taken effect is no refusal: " + e);
                assertTrue(e.getMessage().contains("may have taken effect"), e.getMessage());
            } finally {
                lock.close();
            }
        }
    }

    @Test
    void aConditionTheServerRefusedIsARefusal() throws Exception {
        try (DynamoPeer peer = new DynamoPeer(Map.of("GetItem", DynamoPeer.OK_EMPTY, "PutItem", DynamoPeer.CONDITION_FAILED))) {
            DynamoDbLock lock = lock(peer);
            lock.open();
            try {
                assertThrows(NotAcquiredException.class, () -> lock.acquire(Duration.ofMillis(500)));
            } finally {
                lock.close();
            }
        }
    }

    @Test
    void aReleaseNeverAnsweredIsUncertainAndOneRefusedIsNotHeld() throws Exception {
        // granted (the PutItem answered), then the DeleteItem that releases is never answered
        try (DynamoPeer silent = new DynamoPeer(Map.of("GetItem", DynamoPeer.OK_EMPTY, "PutItem", DynamoPeer.OK_EMPTY))) {
            DynamoDbLock lock = lock(silent);
            lock.open();
            try {
                Lease lease = lock.acquire(Duration.ofMillis(500));
                assertNotNull(lease.handle());
                assertTrue(lock.stillHeld(lease), "just granted, within the lease");
                Exception e = assertThrows(Exception.class, () -> lock.release(lease));
                assertFalse(e instanceof NotHeldException, "a release that may not have happened is unknown: " + e);
            } finally {
                lock.close();
            }
        }
        try (DynamoPeer refusing = new DynamoPeer(Map.of("GetItem", DynamoPeer.OK_EMPTY, "PutItem", DynamoPeer.OK_EMPTY,
                "DeleteItem", DynamoPeer.CONDITION_FAILED))) {
            DynamoDbLock lock = lock(refusing);
            lock.open();
            try {
                Lease lease = lock.acquire(Duration.ofMillis(500));
                assertThrows(NotHeldException.class, () -> lock.release(lease));
            } finally {
                lock.close();
            }
        }
    }

    @Test
    void theHeartbeatPeriodIsAThirdOfTheLeaseOrMillisecondsShorterThanIt() {
        assertEquals(Duration.ofSeconds(1), DynamoDbSystems.heartbeat(context(Map.of())));
        assertEquals(Duration.ofMillis(500), DynamoDbSystems.heartbeat(context(Map.of("heartbeat-period", "500"))));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> DynamoDbSystems.heartbeat(context(Map.of("heartbeat-period", "3000"))));
        assertTrue(e.getMessage().contains("heartbeat-period") && e.getMessage().contains("2999"), e.getMessage());
    }

    private static ClientContext context(Map<String, String> options) {
        Map<String, String> all = new HashMap<>(LockOption.defaults(List.of(DynamoDbSystems.HEARTBEAT)));
        all.putAll(options);
        return new ClientContext("http://127.0.0.1:8000", "orders", Duration.ofSeconds(3), all);
    }
}
