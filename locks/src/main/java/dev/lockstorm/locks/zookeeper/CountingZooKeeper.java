package dev.lockstorm.locks.zookeeper;

import org.apache.curator.utils.ZookeeperFactory;
import org.apache.zookeeper.AsyncCallback;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.WatchedEvent;
import org.apache.zookeeper.Watcher;
import org.apache.zookeeper.ZooKeeper;
import org.apache.zookeeper.data.Stat;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A ZooKeeper client that counts the watch notifications it delivers (node events, not connection
 * states), for every session of this JVM: what {@code bench herd} reads to show the herd effect
 * from the clients' side. Every lock and election in this package, raw or through Curator (its
 * {@link #FACTORY}), runs on it; counting costs one wrapper per watch set.
 */
public final class CountingZooKeeper extends ZooKeeper {
    private static final AtomicLong NOTIFICATIONS = new AtomicLong();

    /** For Curator's builder: {@code .zookeeperFactory(CountingZooKeeper.FACTORY)}. */
    public static final ZookeeperFactory FACTORY = (connect, timeout, watcher, readOnly) -> new CountingZooKeeper(connect, timeout, watcher, readOnly);

    public CountingZooKeeper(String connect, int sessionTimeoutMs, Watcher watcher) throws IOException {
        super(connect, sessionTimeoutMs, watcher);
    }

    public CountingZooKeeper(String connect, int sessionTimeoutMs, Watcher watcher, boolean canBeReadOnly) throws IOException {
        super(connect, sessionTimeoutMs, watcher, canBeReadOnly);
    }

    /** Node-event notifications delivered to watchers of every session in this JVM so far. */
    public static long notifications() {
        return NOTIFICATIONS.get();
    }

    /** Counts, then passes the event on; equal when the watchers are, so ZooKeeper still sets one watch per watcher and path. */
    private record Counted(Watcher watcher) implements Watcher {
        @Override
        public void process(WatchedEvent event) {
            if (event.getType() != Event.EventType.None) NOTIFICATIONS.incrementAndGet();
            watcher.process(event);
        }
    }

    private static Watcher counted(Watcher w) {
        return w == null || w instanceof Counted ? w : new Counted(w);
    }

    @Override
    public Stat exists(String path, Watcher watcher) throws KeeperException, InterruptedException {
        return super.exists(path, counted(watcher));
    }

    @Override
    public void exists(String path, Watcher watcher, AsyncCallback.StatCallback cb, Object ctx) {
        super.exists(path, counted(watcher), cb, ctx);
    }

    @Override
    public byte[] getData(String path, Watcher watcher, Stat stat) throws KeeperException, InterruptedException {
        return super.getData(path, counted(watcher), stat);
    }

    @Override
    public void getData(String path, Watcher watcher, AsyncCallback.DataCallback cb, Object ctx) {
        super.getData(path, counted(watcher), cb, ctx);
    }

    @Override
    public List<String> getChildren(String path, Watcher watcher) throws KeeperException, InterruptedException {
        return super.getChildren(path, counted(watcher));
    }

    @Override
    public List<String> getChildren(String path, Watcher watcher, Stat stat) throws KeeperException, InterruptedException {
        return super.getChildren(path, counted(watcher), stat);
    }

    @Override
    public void getChildren(String path, Watcher watcher, AsyncCallback.ChildrenCallback cb, Object ctx) {
        super.getChildren(path, counted(watcher), cb, ctx);
    }

    @Override
    public void getChildren(String path, Watcher watcher, AsyncCallback.Children2Callback cb, Object ctx) {
        super.getChildren(path, counted(watcher), cb, ctx);
    }
}
