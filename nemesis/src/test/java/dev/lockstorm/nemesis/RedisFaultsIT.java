package dev.lockstorm.nemesis;

import dev.lockstorm.clusters.lab.Lab;
import dev.lockstorm.clusters.lab.LabSpec;
import dev.lockstorm.clusters.redis.Persistence;
import dev.lockstorm.clusters.redis.RedisNode;
import dev.lockstorm.clusters.redis.Resp;
import dev.lockstorm.clusters.redis.Sentinels;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static dev.lockstorm.clusters.lab.Wait.until;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Faults on real redis-server nodes: clock jumps, crashes with each persistence, Sentinel failover. */
@Tag("lab")
class RedisFaultsIT {
    private Lab lab;
    private Nemesis nemesis;

    @BeforeEach
    void up() {
        lab = Lab.open(new LabSpec(List.of("n1", "n2", "n3"), RunDirs.of("RedisFaultsIT")));
        nemesis = new LabNemesis(lab, e -> { });
    }

    @AfterEach
    void down() {
        try {
            nemesis.close();
        } finally {
            lab.close();
        }
    }

    private static Object call(RedisNode n, String... cmd) throws IOException {
        try (Resp r = n.connect(Duration.ofSeconds(2))) {
            return r.call(cmd);
        }
    }

    @Test
    void clockJumpExpiresAKeyOnlyOnTheSkewedNode() throws Exception {
        ClockFault clock = ClockFault.create(lab, lab.host("n1"), "redis-n1");
        List<RedisNode> masters = RedisNode.startMasters(lab, List.of(lab.host("n1"), lab.host("n2")), Persistence.NONE,
                h -> h.name().equals("n1") ? clock.env() : Map.of());
        RedisNode skewed = masters.get(0);
        RedisNode plain = masters.get(1);
        for (RedisNode n : masters) assertEquals("OK", call(n, "SET", "lock", "v", "PX", "10000"));
        long before = Long.parseLong(String.valueOf(((List<?>) call(skewed, "TIME")).get(0)));
        nemesis.clockJump(clock, Duration.ofSeconds(20));
        long after = Long.parseLong(String.valueOf(((List<?>) call(skewed, "TIME")).get(0)));
        assertTrue(after - before >= 19, "redis TIME moved " + (after - before) + " s");
        assertNull(call(skewed, "GET", "lock"), "the key expired on the node whose clock jumped");
        assertEquals("v", call(plain, "GET", "lock"), "and lives on the node whose clock did not");
        // the monotonic clock is untouched and the reset brings real time back
        nemesis.clockReset(clock);
        long reset = Long.parseLong(String.valueOf(((List<?>) call(skewed, "TIME")).get(0)));
        assertTrue(Math.abs(reset - before) <= 2, "reset: " + (reset - before) + " s");
    }

    @Test
    void clockRateMakesTheClockRunFast() throws Exception {
        ClockFault clock = ClockFault.create(lab, lab.host("n1"), "redis-n1");
        RedisNode n = RedisNode.create(lab, lab.host("n1"), Persistence.NONE, clock.env());
        n.start();
        n.awaitServing(Duration.ofSeconds(10));
        nemesis.clockRate(clock, 10.0);
        long t0 = micros(n);
        Thread.sleep(500);
        long dt = micros(n) - t0;
        assertTrue(dt > 3_000_000 && dt < 7_000_000, "0.5 s at ×10 read as " + dt + " µs");
    }

    private static long micros(RedisNode n) throws IOException {
        List<?> t = (List<?>) call(n, "TIME");
        return Long.parseLong(String.valueOf(t.get(0))) * 1_000_000 + Long.parseLong(String.valueOf(t.get(1)));
    }

    @ParameterizedTest
    @EnumSource(value = Persistence.class, names = {"NONE", "AOF_ALWAYS"})
    void killAndRestart(Persistence persistence) throws Exception {
        RedisNode n = RedisNode.create(lab, lab.host("n1"), persistence, Map.of());
        n.start();
        n.awaitServing(Duration.ofSeconds(10));
        call(n, "SET", "lock", "holder-1", "PX", "60000");
        nemesis.kill(n);
        nemesis.restart(n);
        Duration up = n.awaitServing(Duration.ofSeconds(10));
        System.out.printf("redis %s: serving %d ms after kill -9 and restart%n", persistence, up.toMillis());
        Object v = call(n, "GET", "lock");
        if (persistence == Persistence.NONE) assertNull(v, "without persistence the lock is gone");
        else assertEquals("holder-1", v, "with aof-always the lock survives");
    }

    @Test
    void sentinelPromotesAReplicaWhenTheMasterDies() throws Exception {
        Sentinels s = Sentinels.start(lab, lab.hosts(), Persistence.NONE);
        RedisNode master = s.primary().orElseThrow();
        assertEquals("master", master.role().orElseThrow());
        nemesis.kill(master);
        Duration failover = until("Sentinel to promote a replica", () -> s.primary().filter(p -> p != master).isPresent(),
                Duration.ofSeconds(30));
        RedisNode promoted = s.primary().orElseThrow();
        assertNotEquals(master, promoted);
        until("the promoted node to act as master", () -> promoted.role().filter("master"::equals).isPresent(), Duration.ofSeconds(10));
        System.out.printf("sentinel failover: a replica promoted %d ms after the master was killed%n", failover.toMillis());
    }
}
