package dev.lockstorm.locks.dynamodb;

import dev.lockstorm.api.LeaseModel;
import dev.lockstorm.api.ClientContext;
import dev.lockstorm.api.LockOption;
import dev.lockstorm.api.Topology;
import dev.lockstorm.locks.BuiltInSystem;

import java.time.Duration;
import java.util.List;

/**
 * The DynamoDB lock systems lockstorm ships: Amazon's DynamoDB lock client (1.3.0) against dynalite,
 * the run's lease as the lock's lease duration, a heartbeat thread renewing it.
 */
public final class DynamoDbSystems {
    static final LockOption HEARTBEAT = new LockOption("heartbeat-period", "how often the heartbeat thread renews a held lock, in"
            + " milliseconds (\"third\": a third of the lease); shorter than the lease", "third");

    private DynamoDbSystems() {
    }

    /** The heartbeat period the option names: a third of the lease, or milliseconds shorter than it. */
    static Duration heartbeat(ClientContext c) {
        String v = HEARTBEAT.valueIn(c);
        if (v.equals("third")) return c.lease().dividedBy(3);
        try {
            long ms = Long.parseLong(v);
            if (ms > 0 && ms < c.lease().toMillis()) return Duration.ofMillis(ms);
        } catch (NumberFormatException e) {
            // said below
        }
        throw new IllegalArgumentException("option heartbeat-period: expected \"third\" or milliseconds between 1 and the lease ("
                + (c.lease().toMillis() - 1) + "), not \"" + v + "\"");
    }

    /** {@code dynamodb-lock}: the lock client as its README uses it; no token (it has none). */
    public static final class Plain extends BuiltInSystem {
        @Override
        public LeaseModel leaseModel(ClientContext c) {
            return new LeaseModel.Renewed(c.lease(), heartbeat(c), LeaseModel.Clock.CLIENT, LeaseModel.Judges.ONE);
        }

        public Plain() {
            super("dynamodb-lock", "Amazon's DynamoDB lock client on dynalite: a lock item with a lease and a record version number"
                    + " that heartbeats renew; a waiter takes it over after watching it unchanged for the lease on its own clock; no token",
                    Topology.DYNAMODB, false, List.of(HEARTBEAT),
                    c -> new DynamoDbLock(c.connect(), c.lock(), c.lease(), heartbeat(c), false));
        }
    }

    /** {@code dynamodb-lock-fenced}: the same, a fence taken from a counter on the lock item, conditioned on the grant. */
    public static final class Fenced extends BuiltInSystem {
        @Override
        public LeaseModel leaseModel(ClientContext c) {
            return new LeaseModel.Renewed(c.lease(), heartbeat(c), LeaseModel.Clock.CLIENT, LeaseModel.Judges.ONE);
        }

        public Fenced() {
            super("dynamodb-lock-fenced", "dynamodb-lock, and a token taken right after the grant: a counter on the lock item raised"
                    + " only while the item still names the holder's grant", Topology.DYNAMODB, true, List.of(HEARTBEAT),
                    c -> new DynamoDbLock(c.connect(), c.lock(), c.lease(), heartbeat(c), true));
        }
    }
}
