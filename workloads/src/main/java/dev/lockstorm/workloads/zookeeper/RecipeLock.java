package dev.lockstorm.workloads.zookeeper;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;

/** The ZooKeeper lock recipe: each waiter watches only the node just before its own. */
public final class RecipeLock extends SequentialLock {
    public RecipeLock(String connect, String lockPath, Duration sessionTimeout) {
        super(connect, lockPath, sessionTimeout);
    }

    @Override
    boolean watch(List<String> sortedChildren, int myIndex, CountDownLatch changed) throws Exception {
        return watchPredecessor(sortedChildren, myIndex, changed);
    }
}
