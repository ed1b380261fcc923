package dev.lockstorm.locks.zookeeper;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;

/**
 * ZooKeeper's leader election recipe: each candidate creates an ephemeral sequential node
 * ({@code n_…}) under the election path, the smallest is the leader, and each candidate watches the
 * next smaller one: the lock recipe's queue. A term is a hold: {@code acquire} volunteers and waits
 * until this candidate leads (withdrawing when its time runs out), {@code release} resigns by
 * deleting its node. The token is the term's node's czxid.
 *
 * <pre>{@code
 * ZkElection e = new ZkElection("n1:2181,n2:2181,n3:2181", "/service/leader", Duration.ofSeconds(4));
 * e.open();
 * Lease term = e.acquire(Duration.ofSeconds(5)); // leader now
 * ... leader work, fenced with term.token() ...
 * e.release(term); // resign
 * }</pre>
 */
public final class ZkElection extends SequentialLock {
    public ZkElection(String connect, String electionPath, Duration sessionTimeout) {
        super(connect, electionPath, sessionTimeout);
    }

    @Override
    String nodePrefix() {
        return "n_";
    }

    @Override
    boolean watch(List<String> sortedChildren, int myIndex, CountDownLatch changed) throws Exception {
        return watchPredecessor(sortedChildren, myIndex, changed);
    }
}
