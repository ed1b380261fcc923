package dev.lockstorm.locks.zookeeper;

import dev.lockstorm.locks.LeaseState;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.recipes.locks.InterProcessLock;
import org.apache.curator.framework.recipes.locks.InterProcessSemaphoreMutex;

import java.time.Duration;

/** Apache Curator's {@code InterProcessSemaphoreMutex} (not reentrant; a one-lease semaphore). */
public final class CuratorSemaphoreMutex extends CuratorLock {
    public CuratorSemaphoreMutex(String connect, String lockPath, Duration sessionTimeout, LeaseState.GoneOn goneOn) {
        super(connect, lockPath, sessionTimeout, goneOn);
    }

    @Override
    InterProcessLock newLock(CuratorFramework client) {
        return new InterProcessSemaphoreMutex(client, path);
    }

    @Override
    String ownNodesParent() {
        return path + "/leases"; // InterProcessSemaphoreV2's lease nodes
    }
}
