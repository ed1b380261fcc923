package dev.lockstorm.workloads.zookeeper;

import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.recipes.locks.InterProcessLock;
import org.apache.curator.framework.recipes.locks.InterProcessMutex;

import java.time.Duration;

/** Apache Curator's {@code InterProcessMutex} (reentrant; the ZooKeeper recipe with its own retries). */
public final class CuratorMutex extends CuratorLock {
    public CuratorMutex(String connect, String lockPath, Duration sessionTimeout) {
        super(connect, lockPath, sessionTimeout);
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
