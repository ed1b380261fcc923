package dev.lockstorm.locks.etcd;

import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.kv.TxnResponse;
import io.etcd.jetcd.op.Cmp;
import io.etcd.jetcd.op.CmpTarget;
import io.etcd.jetcd.op.Op;
import io.etcd.jetcd.options.DeleteOption;
import io.etcd.jetcd.options.GetOption;
import io.etcd.jetcd.options.PutOption;

import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The lock many teams write by hand on etcd: one transaction that creates the lock key with the
 * holder's lease if no such key exists, retried until it succeeds; release deletes the key if it
 * still holds this holder's value. The fencing token is the key's create revision (the revision of
 * the transaction that created it).
 */
final class EtcdTxnLock extends EtcdLockClient {

    EtcdTxnLock(String endpoints, String lockName, Duration ttl) {
        super(endpoints, lockName, ttl);
    }

    @Override
    Held lock(EtcdLease lease, Duration timeout) throws Exception {
        ByteSequence value = bytes(UUID.randomUUID().toString());
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            TxnResponse r = await(client.getKVClient().txn()
                    .If(new Cmp(name, Cmp.Op.EQUAL, CmpTarget.createRevision(0)))
                    .Then(Op.put(name, value, PutOption.builder().withLeaseId(lease.id()).build()))
                    .Else(Op.get(name, GetOption.DEFAULT))
                    .commit(), CALL_TIMEOUT);
            if (r.isSucceeded()) return new Held(lease, name, value, r.getHeader().getRevision());
            if (System.nanoTime() > deadline) return null;
            Thread.sleep(ThreadLocalRandom.current().nextInt(20, 60));
        }
    }

    /** Deletes the lock key if it still holds our value. */
    @Override
    boolean unlock(Held held) throws Exception {
        TxnResponse r = await(client.getKVClient().txn()
                .If(new Cmp(name, Cmp.Op.EQUAL, CmpTarget.value(held.value())))
                .Then(Op.delete(name, DeleteOption.DEFAULT))
                .commit(), CALL_TIMEOUT);
        return r.isSucceeded();
    }
}
