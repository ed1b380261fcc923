package dev.lockstorm.locks.zookeeper;

import dev.lockstorm.api.Lease;
import dev.lockstorm.api.LockClient;

import java.time.Duration;

/**
 * {@code zk-reentrant}: a ZooKeeper lock that a thread may take again while it holds it, the way
 * hand-written {@code ZkLock} classes and Curator's {@code InterProcessMutex} are. Underneath is
 * the recipe's queue ({@link RecipeLock}): one ephemeral sequential node per owning thread, created
 * by its first acquire and deleted only when its {@link HoldCounts hold count} returns to zero;
 * a nested acquire or release never talks to ZooKeeper. The token is the node's czxid, the same
 * for every nested acquire of a hold.
 */
public final class ReentrantZkLock implements LockClient {
    private final RecipeLock queue;
    private final HoldCounts<Lease> holds;

    /**
     * @param holds {@link HoldCounts#perOwner()}, or {@link HoldCounts#flagOnly()} for the broken
     *              bookkeeping that gives the lock up at the first nested release
     */
    public ReentrantZkLock(String connect, String lockPath, Duration sessionTimeout, HoldCounts<Lease> holds) {
        this.queue = new RecipeLock(connect, lockPath, sessionTimeout);
        this.holds = holds;
    }

    @Override
    public void open() throws Exception {
        queue.open();
    }

    @Override
    public Lease acquire(Duration timeout) throws Exception {
        Thread me = Thread.currentThread();
        Lease again = holds.reenter(me);
        if (again != null) return again;
        Lease first = queue.acquire(timeout);
        holds.entered(me, first);
        return first;
    }

    @Override
    public void release(Lease lease) throws Exception {
        Lease last = holds.exit(Thread.currentThread());
        if (last != null) queue.release(last);
    }

    @Override
    public boolean stillHeld(Lease lease) {
        return queue.stillHeld(lease);
    }

    @Override
    public void close() {
        queue.close();
    }
}
