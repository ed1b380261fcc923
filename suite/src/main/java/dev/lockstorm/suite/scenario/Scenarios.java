package dev.lockstorm.suite.scenario;

import dev.lockstorm.clusters.redis.Persistence;
import dev.lockstorm.suite.run.RunResult;
import dev.lockstorm.suite.run.RunSpec;
import dev.lockstorm.workloads.store.FencedStore;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/** Every named scenario. */
public final class Scenarios {
    private Scenarios() {
    }

    public static List<Scenario> all() {
        return List.of(curatorGcPause(), redisGcPause(), redisRestart());
    }

    public static Optional<Scenario> byName(String name) {
        return all().stream().filter(s -> s.name().equals(name)).findFirst();
    }

    static Scenario curatorGcPause() {
        return new Scenario("curator-gc-pause", "Curator InterProcessMutex holder frozen past its ZooKeeper session: a double holder;"
                + " fencing reads and writes saves the resource", List.of(
                new Scenario.Variant("fencing none", seed -> spec("curator-mutex", "pause-client", FencedStore.Fencing.NONE, seed,
                        Duration.ofSeconds(4), Duration.ofSeconds(5), Duration.ofSeconds(1), Persistence.NONE, "curator-gc-pause"),
                        "a double holder and lost updates", r -> doubles(r) >= 1 && r.check().lostUpdates() >= 1),
                new Scenario.Variant("fencing all", seed -> spec("curator-mutex", "pause-client", FencedStore.Fencing.ALL, seed,
                        Duration.ofSeconds(4), Duration.ofSeconds(5), Duration.ofSeconds(1), Persistence.NONE, "curator-gc-pause"),
                        "a double holder, zero lost updates, stale writes rejected",
                        r -> doubles(r) >= 1 && r.check().lostUpdates() == 0 && r.check().staleWritesRejected() >= 1)));
    }

    static Scenario redisGcPause() {
        return new Scenario("redis-gc-pause", "single Redis (SET NX PX), the holder frozen past the key's TTL: a double holder;"
                + " fencing reads and writes saves the resource", List.of(
                new Scenario.Variant("fencing none", seed -> spec("redis-single", "pause-client", FencedStore.Fencing.NONE, seed,
                        Duration.ofSeconds(2), Duration.ofSeconds(4), Duration.ofSeconds(1), Persistence.NONE, "redis-gc-pause"),
                        "a double holder", r -> doubles(r) >= 1),
                new Scenario.Variant("fencing all", seed -> spec("redis-single", "pause-client", FencedStore.Fencing.ALL, seed,
                        Duration.ofSeconds(2), Duration.ofSeconds(4), Duration.ofSeconds(1), Persistence.NONE, "redis-gc-pause"),
                        "a double holder and zero lost updates", r -> doubles(r) >= 1 && r.check().lostUpdates() == 0)));
    }

    static Scenario redisRestart() {
        return new Scenario("redis-restart", "single Redis killed (-9) and restarted while a lock is held: without persistence the"
                + " key is gone and a second client takes the lock; with an fsynced append-only file it is not", List.of(
                new Scenario.Variant("persistence none", seed -> spec("redis-single", "kill", FencedStore.Fencing.NONE, seed,
                        Duration.ofSeconds(8), Duration.ofSeconds(5), Duration.ofSeconds(5), Persistence.NONE, "redis-restart"),
                        "a double holder", r -> doubles(r) >= 1),
                new Scenario.Variant("persistence aof-always", seed -> spec("redis-single", "kill", FencedStore.Fencing.NONE, seed,
                        Duration.ofSeconds(8), Duration.ofSeconds(5), Duration.ofSeconds(5), Persistence.AOF_ALWAYS, "redis-restart"),
                        "no double holder", r -> doubles(r) == 0 && r.faults() >= 1)));
    }

    private static int doubles(RunResult r) {
        return r.check().doubleHolderCount();
    }

    private static RunSpec spec(String system, String nemesis, FencedStore.Fencing fencing, long seed, Duration lease,
                                Duration interval, Duration holdMax, Persistence persistence, String name) {
        return new RunSpec(system, 5, Duration.ofSeconds(30), nemesis, fencing, seed, lease, interval, holdMax, Duration.ofSeconds(20),
                List.of("bin/lockstorm", "reproduce", name, "--seed", Long.toString(seed)), persistence);
    }
}
