package dev.lockstorm.locks.zookeeper;

import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.ZooKeeper;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * "Still held?" asked of the ensemble rather than of memory. A ZooKeeper client learns that its
 * session expired only when it next hears from a server: a holder frozen past its session wakes
 * with its connection state, and so its recipe's belief, unchanged for a moment, while the ensemble
 * has already given the lock to another. One round trip on the session that holds the lock settles
 * it: the ensemble answers only while that session lives (an expired one gets SESSIONEXPIRED or a
 * closed connection), and while it lives so does its ephemeral lock node. A holder cut off from the
 * ensemble gets no answer in time and doubts.
 */
final class SessionProbe {
    private SessionProbe() {
    }

    /**
     * Whether {@code zk}, still on session {@code heldSession}, is answered by the ensemble within
     * {@code wait} (a look at {@code path}, there or not).
     */
    static boolean answers(ZooKeeper zk, long heldSession, String path, Duration wait) {
        if (zk.getSessionId() != heldSession || !zk.getState().isAlive()) return false;
        CountDownLatch done = new CountDownLatch(1);
        int[] rc = {KeeperException.Code.OPERATIONTIMEOUT.intValue()};
        zk.exists(path, false, (code, p, ctx, stat) -> {
            rc[0] = code;
            done.countDown();
        }, null);
        try {
            if (!done.await(wait.toMillis(), TimeUnit.MILLISECONDS)) return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
        boolean answered = rc[0] == KeeperException.Code.OK.intValue() || rc[0] == KeeperException.Code.NONODE.intValue();
        return answered && zk.getSessionId() == heldSession;
    }

    /** How long a holder waits for that answer: a third of its session, at most a second. */
    static Duration waitFor(Duration sessionTimeout) {
        Duration third = sessionTimeout.dividedBy(3);
        return third.compareTo(Duration.ofSeconds(1)) < 0 ? third : Duration.ofSeconds(1);
    }
}
