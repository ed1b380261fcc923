package dev.lockstorm.suite.internal.bench;

import org.apache.zookeeper.ZooKeeper;

/** A client JVM that holds a ZooKeeper session and idles: what a lock client costs at rest. Usage: IdleClient CONNECT */
public final class IdleClient {
    public static void main(String[] args) throws Exception {
        ZooKeeper zk = new ZooKeeper(args[0], 10_000, e -> { });
        System.out.println("IDLE " + zk.getSessionId());
        Thread.sleep(Long.MAX_VALUE);
    }
}
