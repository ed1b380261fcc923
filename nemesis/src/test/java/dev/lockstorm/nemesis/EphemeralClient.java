package dev.lockstorm.nemesis;

import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.ZooDefs;
import org.apache.zookeeper.ZooKeeper;

import java.util.concurrent.CountDownLatch;

/**
 * A client process for the tests: connects with a session timeout, creates an ephemeral node,
 * says CREATED, then prints every session event until it is killed.
 * Usage: EphemeralClient CONNECT_STRING PATH SESSION_MS
 */
public final class EphemeralClient {
    public static void main(String[] args) throws Exception {
        CountDownLatch connected = new CountDownLatch(1);
        ZooKeeper zk = new ZooKeeper(args[0], Integer.parseInt(args[2]), e -> {
            System.out.println("EVENT " + e.getState());
            if (e.getState() == org.apache.zookeeper.Watcher.Event.KeeperState.SyncConnected) connected.countDown();
        });
        connected.await();
        zk.create(args[1], new byte[0], ZooDefs.Ids.OPEN_ACL_UNSAFE, CreateMode.EPHEMERAL);
        System.out.println("CREATED " + args[1]);
        Thread.sleep(Long.MAX_VALUE);
    }
}
