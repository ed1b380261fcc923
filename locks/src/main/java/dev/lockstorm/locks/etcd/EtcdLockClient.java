package dev.lockstorm.locks.etcd;

import dev.lockstorm.api.Lease;
import dev.lockstorm.api.LockClient;
import dev.lockstorm.api.NotAcquiredException;
import dev.lockstorm.api.NotHeldException;
import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * What the etcd lock adapters share: a jetcd client on every member, with no automatic retries (a
 * retried lock call may have taken effect the first time), a lease per hold ({@link EtcdLease}),
 * and the rules for outcomes: an acquire that times out gives its lease back (which deletes its
 * waiting key) and is a certain {@code fail}; one whose lease cannot be revoked is unknown.
 */
abstract sealed class EtcdLockClient implements LockClient permits EtcdLock, EtcdTxnLock {
    /** Every call but the lock wait itself gets an answer within this, or its outcome is unknown. */
    static final Duration CALL_TIMEOUT = Duration.ofSeconds(2);

    private final String endpoints;
    private final Duration ttl;
    protected final ByteSequence name;
    protected Client client;

    EtcdLockClient(String endpoints, String lockName, Duration ttl) {
        this.endpoints = endpoints;
        this.name = bytes(lockName);
        this.ttl = ttl;
    }

    /** Takes the lock under {@code lease}, within {@code timeout}; null when it was not granted in time. */
    abstract Held lock(EtcdLease lease, Duration timeout) throws Exception;

    /** Gives the lock up (before the lease is revoked); false when the lock key was no longer ours. */
    abstract boolean unlock(Held held) throws Exception;

    /**
     * A grant: the lease, the lock key, this holder's value in it (null when the key's name alone says
     * whose it is), and the key's create revision (the fencing token).
     */
    record Held(EtcdLease lease, ByteSequence key, ByteSequence value, long token) {
    }

    @Override
    public void open() throws Exception {
        client = Client.builder().endpoints(List.of(endpoints.split(",")).stream().map(java.net.URI::create).toList())
                .retryMaxAttempts(0)
                .connectTimeout(CALL_TIMEOUT)
                .build();
        // fail at the start, with the cause, rather than on the first acquire
        client.getKVClient().get(name).get(CALL_TIMEOUT.toMillis() * 5, TimeUnit.MILLISECONDS);
    }

    @Override
    public Lease acquire(Duration timeout) throws Exception {
        EtcdLease lease = EtcdLease.grant(client, ttl, CALL_TIMEOUT);
        Held held;
        try {
            held = lock(lease, timeout);
        } catch (Exception e) {
            giveBack(lease, e);
            // etcd refused to write a key under a lease that is gone: certainly not granted
            if (EtcdLease.notFound(e)) {
                throw new NotAcquiredException("the lease expired before the lock was granted (" + e.getMessage() + ")");
            }
            throw e;
        }
        if (held == null) {
            giveBack(lease, null);
            throw new NotAcquiredException("not granted within " + timeout + "; the lease was revoked, its waiting key with it");
        }
        return new Lease(held.token(), held);
    }

    /** Revokes the lease of an acquire that did not succeed; when even that fails, the outcome is unknown. */
    private static void giveBack(EtcdLease lease, Exception cause) throws Exception {
        try {
            lease.revoke(CALL_TIMEOUT);
        } catch (Exception e) {
            IllegalStateException unknown = new IllegalStateException("the acquire did not finish and its lease could not be revoked: " + e, e);
            if (cause != null) unknown.addSuppressed(cause);
            throw unknown;
        }
    }

    @Override
    public void release(Lease lease) throws Exception {
        Held held = (Held) lease.handle();
        boolean ours = unlock(held);
        boolean leaseLived = held.lease().revoke(CALL_TIMEOUT);
        if (!ours || !leaseLived) {
            throw new NotHeldException(!leaseLived ? "the lease had expired: the lock key was gone" : "the lock key was no longer ours");
        }
    }

    /** Neither has etcd said the lease is gone nor has the last renewal's TTL run out. */
    @Override
    public boolean stillHeld(Lease lease) {
        return ((Held) lease.handle()).lease().doubt() == null;
    }

    @Override
    public void close() {
        // a lease in use is not revoked: it expires after its TTL, as a crashed holder's would
        if (client != null) client.close();
    }

    /** The value of a future within {@code timeout}, its cause unwrapped. */
    static <T> T await(CompletableFuture<T> future, Duration timeout) throws Exception {
        try {
            return future.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            throw e.getCause() instanceof Exception cause ? cause : e;
        }
    }

    static ByteSequence bytes(String s) {
        return ByteSequence.from(s, StandardCharsets.UTF_8);
    }
}
