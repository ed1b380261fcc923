package dev.lockstorm.suite.internal.bench;

import dev.lockstorm.api.Lease;
import dev.lockstorm.api.LockClient;
import dev.lockstorm.api.NotAcquiredException;
import dev.lockstorm.api.ProtectedResource;
import dev.lockstorm.suite.internal.workload.Holder;
import dev.lockstorm.suite.internal.workload.Outcome;
import dev.lockstorm.suite.internal.workload.Step;

import java.util.ArrayDeque;
import java.util.Deque;

/**
 * A {@link Holder} that calls a lock client and a resource in the bench's own JVM: the run's cycle
 * without driver, pipes or history, the baseline of the driver's cost. Nothing is recorded; an
 * exception is a crashed step, and the cycle it ends is not counted.
 */
final class DirectHolder implements Holder {
    private final LockClient client;
    private final ProtectedResource resource;
    private final Deque<Lease> leases = new ArrayDeque<>();
    private boolean crashed;

    DirectHolder(LockClient client, ProtectedResource resource) {
        this.client = client;
        this.resource = resource;
    }

    /** Whether a step of the cycle now ending crashed; cleared for the next. */
    boolean crashedSinceAsked() {
        boolean c = crashed;
        crashed = false;
        return c;
    }

    @Override
    public Outcome perform(Step step) {
        try {
            if (step instanceof Step.Acquire a) return acquire(a.timeout());
            if (step instanceof Step.AcquireAgain a) return acquire(a.timeout());
            if (step instanceof Step.Check) return new Outcome.StillHeld(!leases.isEmpty() && client.stillHeld(leases.peek()));
            if (step instanceof Step.Read r) {
                ProtectedResource.Read read = resource.read(r.token());
                return read.accepted() ? new Outcome.Read(read.value()) : Outcome.REFUSED;
            }
            if (step instanceof Step.Hold h) {
                if (h.ms() > 0) Thread.sleep(h.ms());
                return new Outcome.StillHeld(true);
            }
            if (step instanceof Step.Write w) return resource.write(w.token(), w.value()).accepted() ? Outcome.DONE : Outcome.REFUSED;
            // a release, nested or not
            client.release(leases.pop());
            return Outcome.DONE;
        } catch (Exception e) {
            crashed = true;
            leases.clear();
            return Outcome.CRASHED;
        }
    }

    private Outcome acquire(java.time.Duration timeout) throws Exception {
        try {
            Lease l = client.acquire(timeout);
            leases.push(l);
            return new Outcome.Granted(l.token(), null);
        } catch (NotAcquiredException e) {
            return Outcome.REFUSED;
        }
    }
}
