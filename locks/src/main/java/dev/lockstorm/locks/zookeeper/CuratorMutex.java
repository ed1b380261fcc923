package dev.lockstorm.locks.zookeeper;

import dev.lockstorm.locks.LeaseState;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.recipes.locks.InterProcessLock;
import org.apache.curator.framework.recipes.locks.InterProcessMutex;

import java.time.Duration;

/** Apache Curator's {@code InterProcessMutex} (reentrant; the ZooKeeper recipe with its own retries). */
public final class CuratorMutex extends CuratorLock {
    public CuratorMutex(String connect, String lockPath, Duration sessionTimeout, LeaseState.GoneOn goneOn) {
        super(connect, lockPath, sessionTimeout, goneOn);
    }

    @Override
    InterProcessLock newLock(CuratorFramework client) {
        return new InterProcessMutex(client, path);
    }

    @Override
    String ownNodesParent() {
        return path;
    }
}
