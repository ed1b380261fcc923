package dev.lockstorm.locks.hazelcast;

import dev.lockstorm.api.ClientContext;
import dev.lockstorm.api.LeaseModel;
import dev.lockstorm.api.Topology;
import dev.lockstorm.locks.BuiltInSystem;

/**
 * The Hazelcast lock systems lockstorm ships: the CP Subsystem's {@code FencedLock} against 3 CP
 * members (Hazelcast 5.4.0, the last line with the CP Subsystem in the open-source jar). The CP
 * session's time to live is the servers' (5 s, heartbeats every second), not the run's lease.
 */
public final class HazelcastSystems {
    /** The CP session's time to live and heartbeat period the members run with (clusters' {@code HazelcastOptions}), not the run's lease. */
    static final java.time.Duration SESSION_TTL = java.time.Duration.ofSeconds(5);
    static final java.time.Duration HEARTBEAT = java.time.Duration.ofSeconds(1);
    private HazelcastSystems() {
    }

    /** {@code hazelcast-fenced-lock}: {@code FencedLock}, its fence as the token. */
    public static final class FencedLockSystem extends BuiltInSystem {
        @Override
        public LeaseModel leaseModel(ClientContext c) {
            // the client sends each heartbeat to a member it is connected to (any), which forwards it to the Raft leader; the
            // leader expires sessions by its own wall clock. A new leader shifts every session's expiry by one heartbeat period
            // (RaftSessionService.onNewTermCommit), not a whole time to live: a session its holder cannot renew through the
            // takeover may end just after it
            return new LeaseModel.Renewed(HazelcastSystems.SESSION_TTL, HazelcastSystems.HEARTBEAT, LeaseModel.Clock.SERVICE, LeaseModel.Judges.GROUP,
                    HazelcastSystems.HEARTBEAT);
        }

        public FencedLockSystem() {
            super("hazelcast-fenced-lock", "Hazelcast CP Subsystem FencedLock (5.4.0) on 3 CP members: a Raft-replicated lock held by the"
                    + " client's CP session (5 s time to live, heartbeats every second), the fence as the token", Topology.HAZELCAST, true,
                    c -> new HazelcastFencedLock(c.connect(), c.lock()));
        }
    }

    /** {@code hazelcast-fenced-lock-unsafe}: the same lock with the CP Subsystem off, in "unsafe mode". */
    public static final class UnsafeFencedLockSystem extends BuiltInSystem {
        @Override
        public LeaseModel leaseModel(ClientContext c) {
            return new LeaseModel.Renewed(HazelcastSystems.SESSION_TTL, HazelcastSystems.HEARTBEAT, LeaseModel.Clock.SERVICE, LeaseModel.Judges.ONE);
        }

        public UnsafeFencedLockSystem() {
            super("hazelcast-fenced-lock-unsafe", "hazelcast-fenced-lock with the CP Subsystem off (CP member count 0): the lock in"
                    + " \"unsafe mode\", its state in a partition and its backup on the AP side, no consensus; the same fence",
                    Topology.HAZELCAST_UNSAFE, true, c -> new HazelcastFencedLock(c.connect(), c.lock()));
        }
    }
}
