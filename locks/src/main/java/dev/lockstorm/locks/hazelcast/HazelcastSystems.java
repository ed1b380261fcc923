package dev.lockstorm.locks.hazelcast;

import dev.lockstorm.api.Topology;
import dev.lockstorm.locks.BuiltInSystem;

/**
 * The Hazelcast lock systems lockstorm ships: the CP Subsystem's {@code FencedLock} against 3 CP
 * members (Hazelcast 5.4.0, the last line with the CP Subsystem in the open-source jar). The CP
 * session's time to live is the servers' (5 s, heartbeats every second), not the run's lease.
 */
public final class HazelcastSystems {
    private HazelcastSystems() {
    }

    /** {@code hazelcast-fenced-lock}: {@code FencedLock}, its fence as the token. */
    public static final class FencedLockSystem extends BuiltInSystem {
        public FencedLockSystem() {
            super("hazelcast-fenced-lock", "Hazelcast CP Subsystem FencedLock (5.4.0) on 3 CP members: a Raft-replicated lock held by the"
                    + " client's CP session (5 s time to live, heartbeats every second), the fence as the token", Topology.HAZELCAST, true,
                    c -> new HazelcastFencedLock(c.connect(), c.lock()));
        }
    }

    /** {@code hazelcast-fenced-lock-unsafe}: the same lock with the CP Subsystem off, in "unsafe mode". */
    public static final class UnsafeFencedLockSystem extends BuiltInSystem {
        public UnsafeFencedLockSystem() {
            super("hazelcast-fenced-lock-unsafe", "hazelcast-fenced-lock with the CP Subsystem off (CP member count 0): the lock in"
                    + " \"unsafe mode\", its state in a partition and its backup on the AP side, no consensus; the same fence",
                    Topology.HAZELCAST_UNSAFE, true, c -> new HazelcastFencedLock(c.connect(), c.lock()));
        }
    }
}
