package dev.lockstorm.clusters.hazelcast;

import java.time.Duration;

/**
 * The CP Subsystem's settings, set explicitly: on or off ({@code cp}: off leaves its structures in
 * "unsafe mode", on the partitioned side); a CP session (a client's, held by its locks) is closed
 * when no heartbeat came for {@code sessionTtl}; clients send one every {@code heartbeat}.
 */
public record HazelcastOptions(boolean cp, Duration sessionTtl, Duration heartbeat) {
    public HazelcastOptions {
        if (heartbeat.toSeconds() < 1 || sessionTtl.toSeconds() <= heartbeat.toSeconds()) {
            throw new IllegalArgumentException("a CP session's time to live (" + sessionTtl.toSeconds() + " s) must be above its heartbeat interval ("
                    + heartbeat.toSeconds() + " s), both whole seconds from 1");
        }
    }

    /** The CP Subsystem on, a 5 s session time to live, heartbeats every second. */
    public static HazelcastOptions defaults() {
        return new HazelcastOptions(true, Duration.ofSeconds(5), Duration.ofSeconds(1));
    }

    /** The same with the CP Subsystem off or on. */
    public HazelcastOptions withCp(boolean on) {
        return new HazelcastOptions(on, sessionTtl, heartbeat);
    }
}
