package dev.lockstorm.locks.etcd;

import dev.lockstorm.locks.RenewalHold;
import io.etcd.jetcd.Client;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * One etcd lease behind one hold: granted with the run's TTL, renewed every third of it, revoked on
 * release. It knows until when it is surely valid and whether etcd said it is gone, so that the
 * holder can tell whether it may still hold the lock. Each renewal is its own {@code keepAliveOnce},
 * stamped when it is sent: etcd counts the TTL from when it handles the request, which is after the
 * sending, so validity counted from the sending is never too long (counted from the answer's receipt,
 * a reply delayed by a pause or a slow network would stretch it past the server's). A scenario can
 * hold the renewals ({@link RenewalHold}): none is sent while the switch is on.
 */
final class EtcdLease {
    private static final ScheduledExecutorService RENEWALS = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "etcd-lease-renewals");
        t.setDaemon(true);
        return t;
    });

    private final Client client;
    private final long id;
    private final ScheduledFuture<?> renewing;
    private volatile long validUntilNanos;
    private volatile String lost;

    private EtcdLease(Client client, long id, long ttlSeconds, long grantedAtNanos) {
        this.client = client;
        this.id = id;
        this.validUntilNanos = grantedAtNanos + TimeUnit.SECONDS.toNanos(ttlSeconds);
        long period = Math.max(100, TimeUnit.SECONDS.toMillis(ttlSeconds) / 3);
        this.renewing = RENEWALS.scheduleWithFixedDelay(this::renewOnce, period, period, TimeUnit.MILLISECONDS);
    }

    /**
     * Grants a lease of {@code ttl} (whole seconds, rounded up: etcd's unit) and starts renewing it.
     * Its validity is counted from before the grant was sent, as the server's can only start later.
     */
    static EtcdLease grant(Client client, Duration ttl, Duration timeout) throws Exception {
        long seconds = Math.max(1, (ttl.toMillis() + 999) / 1000);
        long sent = System.nanoTime();
        var granted = client.getLeaseClient().grant(seconds).get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        return new EtcdLease(client, granted.getID(), granted.getTTL(), sent);
    }

    long id() {
        return id;
    }

    /** One renewal, unless etcd said the lease is gone or a scenario holds renewals now. */
    private void renewOnce() {
        if (lost != null || RenewalHold.configured() && RenewalHold.held()) return;
        long sent = System.nanoTime();
        client.getLeaseClient().keepAliveOnce(id).whenComplete((r, t) -> {
            if (t != null) {
                // a connection error is retried at the next period; "not found" is final
                if (notFound(t) || notFound(t.getCause())) lost = "etcd says the lease is gone (expired)";
                return;
            }
            if (r.getTTL() <= 0) {
                lost = "etcd says the lease is gone (expired)";
                return;
            }
            long until = sent + TimeUnit.SECONDS.toNanos(r.getTTL());
            synchronized (this) {
                if (until > validUntilNanos) validUntilNanos = until;
            }
        });
    }

    /** Why the lease may be gone, or null while etcd has not said so and the last renewal's TTL has not run out. */
    String doubt() {
        if (lost != null) return lost;
        return System.nanoTime() < validUntilNanos ? null : "no renewal within the TTL";
    }

    /**
     * Revokes the lease (deleting every key attached to it); throws when etcd does not answer.
     *
     * @return false when etcd said the lease was already gone
     */
    boolean revoke(Duration timeout) throws Exception {
        stop();
        try {
            client.getLeaseClient().revoke(id).get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            return true;
        } catch (java.util.concurrent.ExecutionException e) {
            if (notFound(e.getCause())) return false;
            throw e;
        }
    }

    /** Stops renewing for good (before a revoke). */
    private synchronized void stop() {
        renewing.cancel(false);
        lost = lost == null ? "released" : lost;
    }

    /** Whether etcd answered that the lease does not exist (it expired, or was revoked). */
    static boolean notFound(Throwable t) {
        return t != null && String.valueOf(t.getMessage()).contains("lease not found");
    }
}
