package dev.lockstorm.clusters.hazelcast;

import java.time.Duration;

/**
 * The CP Subsystem's session settings, set explicitly: a CP session (a client's, held by its
 * locks) is closed when no heartbeat came for {@code sessionTtl}; clients send one every
 * {@code heartbeat}.
 */
public record HazelcastOptions(Duration sessionTtl, Duration heartbeat) {
    public HazelcastOptions {
        if (heartbeat.toSeconds() < 1 || sessionTtl.toSeconds() <= heartbeat.toSeconds()) {
            throw new IllegalArgumentException("a CP session's time to live (" + sessionTtl.toSeconds() + " s) must be above its heartbeat interval ("
                    + heartbeat.toSeconds() + " s), both whole seconds from 1");
        }
    }

    /** A 5 s session time to live, heartbeats every second. */
    public static HazelcastOptions defaults() {
        return new HazelcastOptions(Duration.ofSeconds(5), Duration.ofSeconds(1));
    }
}
