package dev.lockstorm.locks.zookeeper;

import org.jetbrains.kotlinx.lincheck.LinChecker;
import org.jetbrains.lincheck.datastructures.ModelCheckingOptions;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;
import org.jetbrains.lincheck.datastructures.ThreadIdGen;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Lincheck model-checks a reentrant lock's hold counts ({@link HoldCounts}) with the threads of one
 * client racing: each takes the lock (again, when it holds it) and releases it, in front of a lock
 * service that lets one owner in at a time (here an atomic owner field, as ZooKeeper's lowest node
 * would). The sequential specification is the counted bookkeeping run one operation at a time; the
 * broken variants must fail against it.
 */
@Tag("unit")
class HoldCountsLincheckTest {
    private static final ModelCheckingOptions OPTIONS = new ModelCheckingOptions().iterations(30).threads(2).actorsPerThread(4)
            .invocationsPerIteration(500).sequentialSpecification(Counted.class);

    /** The lock: an owner's bookkeeping in front of the service's one-owner-at-a-time slot. */
    abstract static class ClientLock {
        private final HoldCounts<String> holds;
        private final AtomicInteger service = new AtomicInteger(-1); // the owner the service lets in, or -1

        ClientLock(HoldCounts<String> holds) {
            this.holds = holds;
        }

        /** Takes the lock without waiting: the owner's hold count after, or 0 when another owner has it. */
        @Operation
        public int enter(@Param(gen = ThreadIdGen.class) int owner) {
            if (holds.reenter(owner) != null) return holds.count(owner);
            if (!service.compareAndSet(-1, owner)) return 0;
            holds.entered(owner, "node-of-" + owner);
            return 1;
        }

        /** Releases once: the owner's hold count after, or -1 when it held nothing. */
        @Operation
        public int exit(@Param(gen = ThreadIdGen.class) int owner) {
            String last;
            try {
                last = holds.exit(owner);
            } catch (IllegalMonitorStateException notHeld) {
                return -1;
            }
            if (last != null) service.compareAndSet(owner, -1);
            return holds.count(owner);
        }
    }

    public static final class Counted extends ClientLock {
        public Counted() {
            super(HoldCounts.perOwner());
        }
    }

    public static final class Flag extends ClientLock {
        public Flag() {
            super(HoldCounts.flagOnly());
        }
    }

    /** The hand-written lock's other classic slip: one count per client, not per thread. */
    public static final class SharedCount extends ClientLock {
        public SharedCount() {
            super(new OneCountPerClient());
        }
    }

    static final class OneCountPerClient implements HoldCounts<String> {
        private volatile String hold;
        private volatile int count;

        @Override
        public String reenter(Object owner) {
            if (count == 0) return null;
            count++;
            return hold;
        }

        @Override
        public void entered(Object owner, String h) {
            hold = h;
            count = 1;
        }

        @Override
        public String exit(Object owner) {
            if (count == 0) throw new IllegalMonitorStateException("not held");
            return --count == 0 ? hold : null;
        }

        @Override
        public int count(Object owner) {
            return count;
        }
    }

    @Test
    void perOwnerCountsAreLinearizable() {
        LinChecker.check(Counted.class, OPTIONS);
    }

    @Test
    void aFlagInsteadOfACountFailsTheCheck() {
        AssertionError e = assertThrows(AssertionError.class, () -> LinChecker.check(Flag.class, OPTIONS));
        assertTrue(e.getMessage().contains("Invalid execution results"), e.getMessage());
    }

    @Test
    void oneCountForEveryThreadFailsTheCheck() {
        AssertionError e = assertThrows(AssertionError.class, () -> LinChecker.check(SharedCount.class, OPTIONS));
        assertTrue(e.getMessage().contains("Invalid execution results"), e.getMessage());
    }
}
