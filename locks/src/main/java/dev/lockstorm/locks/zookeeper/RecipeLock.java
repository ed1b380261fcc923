package dev.lockstorm.locks.zookeeper;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;

/**
 * The ZooKeeper lock recipe: each waiter watches only the node just before its own; optionally
 * with a {@code sync} before each look at the queue.
 */
public final class RecipeLock extends SequentialLock {
    private final boolean sync;

    public RecipeLock(String connect, String lockPath, Duration sessionTimeout) {
        this(connect, lockPath, sessionTimeout, false);
    }

    public RecipeLock(String connect, String lockPath, Duration sessionTimeout, boolean sync) {
        super(connect, lockPath, sessionTimeout);
        this.sync = sync;
    }

    @Override
    boolean syncFirst() {
        return sync;
    }

    @Override
    boolean watch(List<String> sortedChildren, int myIndex, CountDownLatch changed) throws Exception {
        return watchPredecessor(sortedChildren, myIndex, changed);
    }
}
