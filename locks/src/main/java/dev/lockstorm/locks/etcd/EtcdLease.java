package dev.lockstorm.locks.etcd;

import dev.lockstorm.locks.RenewalHold;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.lease.LeaseKeepAliveResponse;
import io.etcd.jetcd.support.CloseableClient;
import io.grpc.stub.StreamObserver;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * One etcd lease behind one hold: granted with the run's TTL, kept alive by jetcd's keep-alive,
 * revoked on release. It knows when it was last renewed and whether etcd said it is gone, so that
 * the holder can tell whether it may still hold the lock. A scenario can hold its renewals
 * ({@link RenewalHold}): the keep-alive is closed while the switch is on and opened again after.
 */
final class EtcdLease {
    private static final ScheduledExecutorService SWITCH = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "etcd-renewal-hold");
        t.setDaemon(true);
        return t;
    });

    private final Client client;
    private final long id;
    private final ScheduledFuture<?> watch;
    private CloseableClient keepAlive;
    private volatile long validUntilNanos;
    private volatile String lost;

    private EtcdLease(Client client, long id, long ttlSeconds, long grantedAtNanos) {
        this.client = client;
        this.id = id;
        this.validUntilNanos = grantedAtNanos + TimeUnit.SECONDS.toNanos(ttlSeconds);
        renew(true);
        this.watch = RenewalHold.configured() ? SWITCH.scheduleWithFixedDelay(() -> renew(!RenewalHold.held()), 50, 50, TimeUnit.MILLISECONDS) : null;
    }

    /**
     * Grants a lease of {@code ttl} (whole seconds, rounded up: etcd's unit) and starts keeping it alive.
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

    /** Opens the keep-alive when {@code on} and none is open, closes it when off. */
    private synchronized void renew(boolean on) {
        if (on && keepAlive == null && lost == null) {
            keepAlive = client.getLeaseClient().keepAlive(id, new StreamObserver<>() {
                @Override
                public void onNext(LeaseKeepAliveResponse r) {
                    // renewed no later than now; the server counts its TTL from when it handled the request
                    validUntilNanos = System.nanoTime() + TimeUnit.SECONDS.toNanos(r.getTTL());
                }

                @Override
                public void onError(Throwable t) {
                    // jetcd retries the stream after a connection error; "not found" is final
                    if (notFound(t)) lost = "etcd says the lease is gone (expired)";
                }

                @Override
                public void onCompleted() {
                    lost = "no keep-alive answered within the TTL: jetcd gave the lease up";
                }
            });
        } else if (!on && keepAlive != null) {
            keepAlive.close();
            keepAlive = null;
        }
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
        if (watch != null) watch.cancel(false);
        if (keepAlive != null) keepAlive.close();
        keepAlive = null;
        lost = lost == null ? "released" : lost;
    }

    /** Whether etcd answered that the lease does not exist (it expired, or was revoked). */
    static boolean notFound(Throwable t) {
        return t != null && String.valueOf(t.getMessage()).contains("lease not found");
    }
}
