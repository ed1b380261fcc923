package dev.lockstorm.locks.zookeeper;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;

/** Ephemeral-sequential lock where every waiter watches the whole child list (a herd on every change). */
public final class ChildrenLock extends SequentialLock {
    public ChildrenLock(String connect, String lockPath, Duration sessionTimeout) {
        super(connect, lockPath, sessionTimeout);
    }

    @Override
    boolean watch(List<String> sortedChildren, int myIndex, CountDownLatch changed) throws Exception {
        List<String> now = sorted(session.zk().getChildren(parent, latch(changed)));
        return now.equals(sortedChildren);
    }
}
