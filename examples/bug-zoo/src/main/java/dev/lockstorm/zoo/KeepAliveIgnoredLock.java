package dev.lockstorm.zoo;

import dev.lockstorm.api.ClientContext;
import dev.lockstorm.api.Lease;
import dev.lockstorm.api.LockClient;
import dev.lockstorm.api.NotAcquiredException;
import dev.lockstorm.api.NotHeldException;
import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.kv.TxnResponse;
import io.etcd.jetcd.lease.LeaseKeepAliveResponse;
import io.etcd.jetcd.op.Cmp;
import io.etcd.jetcd.op.CmpTarget;
import io.etcd.jetcd.op.Op;
import io.etcd.jetcd.options.DeleteOption;
import io.etcd.jetcd.options.PutOption;
import io.etcd.jetcd.support.CloseableClient;
import io.grpc.stub.StreamObserver;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Bug: an etcd lock whose keep-alive failures are ignored. The lock key is put under a lease that
 * a keep-alive stream renews; when the stream breaks (the holder frozen or cut off past the TTL)
 * etcd expires the lease and deletes the key, another client puts it, and the holder still says it
 * holds: nothing listens to the stream's errors. The token is the key's create revision.
 */
final class KeepAliveIgnoredLock implements LockClient {
    private static final long CALL_MS = 2000;
    private final ClientContext context;
    private final ByteSequence key;
    private Client client;
    private CloseableClient keepAlive;

    KeepAliveIgnoredLock(ClientContext context) {
        this.context = context;
        this.key = ByteSequence.from(context.lock(), StandardCharsets.UTF_8);
    }

    @Override
    public void open() throws Exception {
        client = Client.builder().endpoints(List.of(context.connect().split(",")).stream().map(URI::create).toList())
                .retryMaxAttempts(0).connectTimeout(Duration.ofMillis(CALL_MS)).build();
        client.getKVClient().get(key).get(CALL_MS * 5, TimeUnit.MILLISECONDS);
    }

    @Override
    public Lease acquire(Duration timeout) throws Exception {
        long ttl = Math.max(1, (context.lease().toMillis() + 999) / 1000);
        long lease = client.getLeaseClient().grant(ttl).get(CALL_MS, TimeUnit.MILLISECONDS).getID();
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            TxnResponse r = client.getKVClient().txn()
                    .If(new Cmp(key, Cmp.Op.EQUAL, CmpTarget.createRevision(0)))
                    .Then(Op.put(key, ByteSequence.from(Long.toString(lease), StandardCharsets.UTF_8), PutOption.builder().withLeaseId(lease).build()))
                    .commit().get(CALL_MS, TimeUnit.MILLISECONDS);
            if (r.isSucceeded()) {
                long token = r.getHeader().getRevision(); // the put's revision: the key's create revision
                keepAlive = client.getLeaseClient().keepAlive(lease, new StreamObserver<>() {
                    @Override
                    public void onNext(LeaseKeepAliveResponse value) {
                    }

                    @Override
                    public void onError(Throwable t) {
                        // the bug: a broken keep-alive is nobody's business
                    }

                    @Override
                    public void onCompleted() {
                    }
                });
                return new Lease(token, token);
            }
            if (System.nanoTime() > deadline) {
                client.getLeaseClient().revoke(lease);
                throw new NotAcquiredException("the lock key existed for " + timeout);
            }
            Thread.sleep(50);
        }
    }

    @Override
    public void release(Lease lease) throws Exception {
        if (keepAlive != null) keepAlive.close();
        TxnResponse r = client.getKVClient().txn()
                .If(new Cmp(key, Cmp.Op.EQUAL, CmpTarget.createRevision((Long) lease.handle())))
                .Then(Op.delete(key, DeleteOption.DEFAULT))
                .commit().get(CALL_MS, TimeUnit.MILLISECONDS);
        if (!r.isSucceeded()) throw new NotHeldException("the lock key is gone or another's");
    }

    /** The bug: it believes it holds whatever its keep-alive did. */
    @Override
    public boolean stillHeld(Lease lease) {
        return true;
    }

    @Override
    public void close() {
        if (keepAlive != null) keepAlive.close();
        if (client != null) client.close();
    }
}
