package dev.lockstorm.nemesis;

import dev.lockstorm.clusters.lab.Lab;
import dev.lockstorm.clusters.lab.LabSpec;
import dev.lockstorm.clusters.redis.Persistence;
import dev.lockstorm.clusters.redis.RedisNode;
import dev.lockstorm.clusters.zookeeper.ZooKeeperEnsemble;
import dev.lockstorm.clusters.zookeeper.ZooKeeperOptions;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * A run caught in the middle, for {@link NothingLeftBehindIT}: a ZooKeeper ensemble and a Redis
 * node up, a partition in place, a node paused, a clock skewed; prints MIDWAY and waits to be killed.
 * Usage (inside its own lab): MidwayRun DIR
 */
public final class MidwayRun {
    public static void main(String[] args) throws Exception {
        Lab lab = Lab.open(new LabSpec(List.of("n1", "n2", "n3", "r1"), Path.of(args[0])));
        ZooKeeperEnsemble zk = ZooKeeperEnsemble.start(lab, List.of(lab.host("n1"), lab.host("n2"), lab.host("n3")),
                ZooKeeperOptions.defaults());
        zk.awaitServing(Duration.ofSeconds(30));
        ClockFault clock = ClockFault.create(lab, lab.host("r1"), "redis-r1");
        RedisNode redis = RedisNode.create(lab, lab.host("r1"), Persistence.NONE, clock.env());
        redis.start();
        redis.awaitServing(Duration.ofSeconds(10));
        Nemesis nemesis = new LabNemesis(lab, e -> System.out.println("nemesis " + e));
        nemesis.partition(Grudge.isolate(lab.host("n1"), lab.hosts()));
        nemesis.pause(zk.node("n2").process());
        nemesis.clockJump(clock, Duration.ofSeconds(30));
        System.out.println("MIDWAY");
        System.out.flush();
        Thread.sleep(Long.MAX_VALUE);
    }
}
