package dev.lockstorm.locks.redis;

import dev.lockstorm.api.NotAcquiredException;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Redis locks' outcomes are never more certain than they are (Redlock, the Sentinel lock with WAIT): masters it cannot reach refuse for sure,
 * but a master that took the SET and never answered may keep our value, so the acquire it gives up
 * is uncertain (the worker records {@code info}), not refused.
 */
@Tag("unit")
class UncertainOutcomesTest {

    /** A master that takes SET and EVAL and never answers them (the handshake it answers). */
    private static RespPeer silentOnWrites() throws IOException {
        return new RespPeer(name -> name.equals("SET") || name.equals("EVAL") ? null : "+OK\r\n");
    }

    private static int closedPort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    @Test
    void mastersThatCannotBeReachedRefuseForSure() throws Exception {
        Redlock lock = new Redlock(List.of("redis://127.0.0.1:" + closedPort(), "redis://127.0.0.1:" + closedPort(),
                "redis://127.0.0.1:" + closedPort()), Duration.ofSeconds(4));
        lock.open();
        try {
            assertThrows(NotAcquiredException.class, () -> lock.acquire(Duration.ofMillis(200)));
        } finally {
            lock.close();
        }
    }

    @Test
    void aMasterThatTookTheSetAndNeverAnsweredMakesTheAcquireUncertain() throws Exception {
        try (RespPeer a = silentOnWrites(); RespPeer b = silentOnWrites()) {
            Redlock lock = new Redlock(List.of(a.uri(), b.uri(), "redis://127.0.0.1:" + closedPort()), Duration.ofSeconds(4));
            lock.open();
            try {
                // long enough for the SETs to be sent on a loaded machine (connecting to the peers comes first); within
                // it the silent masters never answer, so every attempt leaves them uncertain
                Exception e = assertThrows(Exception.class, () -> lock.acquire(Duration.ofSeconds(3)));
                assertTrue(e instanceof Redlock.UncertainAcquireException, "not a refusal: " + e);
                assertTrue(e.getMessage().contains("may still hold our value"), e.getMessage());
            } finally {
                lock.close();
            }
        }
    }

    @Test
    void aGrantGivenBackForWantOfReplicasIsUncertain() throws Exception {
        // the script grants token 1, WAIT sees no replica, the give-back's DEL answers 1
        try (RespPeer master = new RespPeer(name -> switch (name) {
            case "EVAL", "EVALSHA" -> ":1\r\n";
            case "WAIT" -> ":0\r\n";
            default -> "+OK\r\n";
        })) {
            RedisSingleLock lock = new RedisSingleLock(master.uri(), Duration.ofSeconds(4), 1);
            lock.open();
            try {
                Exception e = assertThrows(Exception.class, () -> lock.acquire(Duration.ofSeconds(3)));
                assertTrue(e instanceof RedisSingleLock.GivenBackException, "not a refusal: " + e);
            } finally {
                lock.close();
            }
        }
    }
}
