package dev.lockstorm.locks.hazelcast;

import com.hazelcast.client.HazelcastClient;
import com.hazelcast.client.config.ClientConfig;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.cp.lock.FencedLock;
import dev.lockstorm.api.Lease;
import dev.lockstorm.api.LockClient;
import dev.lockstorm.api.NotAcquiredException;
import dev.lockstorm.api.NotHeldException;

import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;

/**
 * Hazelcast's CP Subsystem {@code FencedLock} through a Hazelcast client: a linearizable lock on
 * the CP group's Raft log, held by the client's CP session (kept alive by heartbeats; closed by the
 * group when none came for the session's time to live, which releases its locks). The token is the
 * lock's fence, {@code tryLockAndGetFence}: monotonic across holds. Like {@code ReentrantLock} it is
 * owned by a thread of the session: the worker calls it from one thread.
 *
 * <pre>{@code
 * HazelcastFencedLock lock = new HazelcastFencedLock("10.77.0.11:5701,10.77.0.12:5701,10.77.0.13:5701", "orders");
 * lock.open();
 * Lease lease = lock.acquire(Duration.ofSeconds(5));
 * store.write(lease.token(), value);   // the fence
 * lock.release(lease);
 * }</pre>
 */
public final class HazelcastFencedLock implements LockClient {
    /** The cluster name the lab's members use. */
    static final String CLUSTER = "lockstorm";

    private final String members;
    private final String name;
    private HazelcastInstance client;
    private FencedLock lock;

    /** @param members {@code host:port,…}; @param name the lock's name */
    public HazelcastFencedLock(String members, String name) {
        this.members = members;
        // a CP object's name may not hold '@' (it names a CP group); lockstorm's lock names are paths
        this.name = name.replace('@', '_');
    }

    @Override
    public void open() {
        ClientConfig config = new ClientConfig();
        config.setClusterName(CLUSTER);
        config.setProperty("hazelcast.logging.type", "slf4j");
        config.getNetworkConfig().setAddresses(Arrays.asList(members.split(",")));
        // give up a connection that stopped answering within seconds, and keep trying to reconnect, as an application would
        config.getNetworkConfig().setConnectionTimeout(2000);
        config.setProperty("hazelcast.client.heartbeat.interval", "1000");
        config.setProperty("hazelcast.client.heartbeat.timeout", "3000");
        config.getConnectionStrategyConfig().getConnectionRetryConfig().setClusterConnectTimeoutMillis(-1).setMaxBackoffMillis(1000);
        // a call the CP group cannot answer (no majority) fails within seconds rather than the default two minutes
        config.setProperty("hazelcast.client.invocation.timeout.seconds", "10");
        client = HazelcastClient.newHazelcastClient(config);
    }

    /** The lock's proxy, made at the first acquire: making it asks the CP group, which may be unavailable, and opening must not wait on that. */
    private FencedLock lock() {
        if (lock == null) lock = client.getCPSubsystem().getLock(name);
        return lock;
    }

    @Override
    public Lease acquire(Duration timeout) throws Exception {
        long fence = lock().tryLockAndGetFence(timeout.toMillis(), TimeUnit.MILLISECONDS);
        if (fence == FencedLock.INVALID_FENCE) throw new NotAcquiredException("FencedLock.tryLockAndGetFence returned no fence within " + timeout);
        return new Lease(fence, fence);
    }

    @Override
    public void release(Lease lease) throws Exception {
        try {
            lock().unlock();
        } catch (IllegalMonitorStateException e) {
            // LockOwnershipLostException among them: the CP session was closed and the lock released behind our back
            throw new NotHeldException("FencedLock: " + e.getClass().getSimpleName() + ": " + e.getMessage());
        }
    }

    /** Asks the CP group (a round trip): the lock is held by this thread of this client's session, with the fence of the grant. */
    @Override
    public boolean stillHeld(Lease lease) {
        try {
            return lock().isLockedByCurrentThread() && lock().getFence() == (Long) lease.handle();
        } catch (RuntimeException e) {
            return false;
        }
    }

    @Override
    public void close() {
        if (client != null) client.shutdown();
    }
}
