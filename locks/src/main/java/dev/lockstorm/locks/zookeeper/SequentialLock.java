package dev.lockstorm.locks.zookeeper;

import dev.lockstorm.api.Lease;
import dev.lockstorm.api.NotAcquiredException;
import dev.lockstorm.api.NotHeldException;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.Watcher;
import org.apache.zookeeper.data.Stat;

import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The ephemeral-sequential ZooKeeper locks: each client creates {@code lock-<guid>-<seq>} under the
 * lock's parent; the lowest sequence holds the lock. Two ways to wait, each its own subclass:
 * every waiter watching the whole child list ({@link ChildrenLock}), or each waiter watching only
 * its predecessor ({@link RecipeLock}, the ZooKeeper recipe). The same queue elects a leader
 * ({@link ZkElection}). A waiter whose time runs out withdraws its node. The GUID in the name lets a
 * client find its own node when the reply to its create was lost. The token is the node's czxid.
 */
public abstract sealed class SequentialLock extends ZkSessionLock permits ChildrenLock, RecipeLock, ZkElection {
    SequentialLock(String connect, String lockPath, Duration sessionTimeout) {
        super(connect, lockPath, sessionTimeout);
    }

    /** The start of our nodes' names, before the GUID. */
    String nodePrefix() {
        return "lock-";
    }

    @Override
    public Lease acquire(Duration timeout) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        String mine = createOwn(UUID.randomUUID().toString());
        Stat own = session.zk().exists(mine, false);
        if (own == null) throw new IllegalStateException("our lock node " + mine + " vanished (session expired?)");
        while (true) {
            if (syncFirst()) session.sync(parent);
            List<String> children = sorted(session.zk().getChildren(parent, false));
            String me = mine.substring(parent.length() + 1);
            int i = children.indexOf(me);
            if (i < 0) throw new IllegalStateException("our lock node " + me + " is gone (session expired?)");
            if (i == 0) {
                session.lease.acquired();
                return new Lease(own.getCzxid(), mine);
            }
            CountDownLatch changed = new CountDownLatch(1);
            if (!watch(children, i, changed)) continue;
            long left = deadline - System.nanoTime();
            if (left <= 0 || !changed.await(left, TimeUnit.NANOSECONDS)) {
                try {
                    session.zk().delete(mine, -1); // withdraw: certainly not acquired now
                } catch (KeeperException.NoNodeException gone) {
                    // already gone with the session
                }
                throw new NotAcquiredException("not first in line after " + timeout);
            }
        }
    }

    /** Whether each look at the queue is preceded by a {@code sync}, so that it reads what the leader has. */
    boolean syncFirst() {
        return false;
    }

    /** Sets a watch that fires when this waiter should look again; false if it should look at once. */
    abstract boolean watch(List<String> sortedChildren, int myIndex, CountDownLatch changed) throws Exception;

    /** Creates our sequential node, finding it by GUID if the reply to the create was lost. */
    private String createOwn(String guid) throws Exception {
        String prefix = parent + "/" + nodePrefix() + guid + "-";
        try {
            return session.create(prefix, CreateMode.EPHEMERAL_SEQUENTIAL).path();
        } catch (KeeperException.ConnectionLossException e) {
            for (String child : session.zk().getChildren(parent, false)) {
                if (child.contains(guid)) return parent + "/" + child;
            }
            return session.create(prefix, CreateMode.EPHEMERAL_SEQUENTIAL).path();
        }
    }

    static List<String> sorted(List<String> children) {
        return children.stream().sorted(Comparator.comparing(SequentialLock::sequence)).toList();
    }

    private static String sequence(String child) {
        return child.substring(child.lastIndexOf('-') + 1);
    }

    @Override
    public void release(Lease lease) throws Exception {
        session.lease.released();
        try {
            session.zk().delete((String) lease.handle(), -1);
        } catch (KeeperException.NoNodeException e) {
            throw new NotHeldException("our lock node is gone (the session expired)");
        }
    }


    /** The recipe's wait: a watch on the node just before ours only; false when it is gone already. */
    boolean watchPredecessor(List<String> sortedChildren, int myIndex, CountDownLatch changed) throws Exception {
        String predecessor = parent + "/" + sortedChildren.get(myIndex - 1);
        return session.zk().exists(predecessor, latch(changed)) != null;
    }

    static Watcher latch(CountDownLatch l) {
        return e -> {
            if (e.getType() != Watcher.Event.EventType.None) l.countDown();
        };
    }
}
