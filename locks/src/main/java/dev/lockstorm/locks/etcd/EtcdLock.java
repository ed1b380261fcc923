package dev.lockstorm.locks.etcd;

import dev.lockstorm.api.Notes;
import dev.lockstorm.api.NotAcquiredException;
import io.etcd.jetcd.kv.GetResponse;
import io.etcd.jetcd.lock.LockResponse;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeoutException;

/**
 * etcd's own lock service through jetcd ({@code Lock.lock(name, lease)}): the server puts a key
 * {@code name/<lease>} under the lease and answers once every older key under {@code name} is gone.
 * The fencing token is that key's create revision: keys are granted in create-revision order, so a
 * later holder always has a larger one. Release is {@code unlock} and a revoke of the lease.
 */
final class EtcdLock extends EtcdLockClient {
    private final boolean verifyKey;

    /** @param verifyKey give back a grant whose key is gone, as etcd's server later learned to refuse it */
    EtcdLock(String endpoints, String lockName, Duration ttl, boolean verifyKey) {
        super(endpoints, lockName, ttl);
        this.verifyKey = verifyKey;
    }

    @Override
    Held lock(EtcdLease lease, Duration timeout) throws Exception {
        CompletableFuture<LockResponse> call = client.getLockClient().lock(name, lease.id());
        LockResponse granted;
        try {
            granted = await(call, timeout);
        } catch (TimeoutException e) {
            call.cancel(true);
            return null;
        }
        return new Held(lease, granted.getKey(), null, createRevision(granted));
    }

    /**
     * The create revision of the granted key. A key that is already gone (its lease expired while it
     * waited, and etcd granted it anyway) has none: with {@code verify-key} the grant is refused;
     * without, the revision of the grant stands in (what a client that fences with the revision
     * Lock returns would use), and the holder's lease is in doubt from the start.
     */
    private long createRevision(LockResponse granted) throws Exception {
        GetResponse key = await(client.getKVClient().get(granted.getKey()), CALL_TIMEOUT);
        if (key.getKvs().isEmpty()) {
            System.err.println("lockstorm: etcd granted " + granted.getKey() + " at revision " + granted.getHeader().getRevision()
                    + ", " + EtcdSystems.GRANTED_EXPIRED + (verifyKey ? "; given back" : ""));
            if (!verifyKey) Notes.unbacked("granted " + EtcdSystems.GRANTED_EXPIRED);
            if (verifyKey) throw new NotAcquiredException("etcd granted the lock, but its key is gone (the lease expired while it waited)");
            return granted.getHeader().getRevision();
        }
        return key.getKvs().get(0).getCreateRevision();
    }

    @Override
    boolean unlock(Held held) throws Exception {
        await(client.getLockClient().unlock(held.key()), CALL_TIMEOUT);
        return true;
    }
}
