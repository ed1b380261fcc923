package dev.lockstorm.suite.internal.run;

import dev.lockstorm.checker.history.Op;
import dev.lockstorm.checker.history.OpType;
import dev.lockstorm.clusters.ProcessNode;
import dev.lockstorm.faults.NemesisEvent;
import dev.lockstorm.suite.internal.cluster.Cluster;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Watches who leads (ZooKeeper's leader, etcd's, the Hazelcast CP group's, Redis's master or the
 * Sentinels' primary, PostgreSQL's primary) and records each change in the history as a {@code leader}
 * event of the harness (process {@code nemesis}, value the leading host or null): the report draws
 * leaders on the server lanes, and the checker weighs a failover of the leader that judged a lease.
 */
final class LeaderWatch implements AutoCloseable {
    /** How often it asks who leads; the run event says so ({@code leader_watch_ms}), so that the checker knows how late a change may be seen. */
    static final long EVERY_MS = 500;

    private final Cluster cluster;
    private final Recorder recorder;
    private final RunLog log;
    private final Thread thread;
    private volatile boolean stop;

    LeaderWatch(Cluster cluster, Recorder recorder, RunLog log) {
        this.cluster = cluster;
        this.recorder = recorder;
        this.log = log;
        this.thread = new Thread(this::watch, "leader-watch");
        this.thread.setDaemon(true);
    }

    void start() {
        thread.start();
    }

    private void watch() {
        String last = null;
        boolean first = true;
        while (!stop) {
            String now;
            try {
                now = cluster.leader().map(ProcessNode::host).map(h -> h.name()).orElse(null);
            } catch (RuntimeException e) {
                now = null; // no one answers: no known leader
            }
            if (first || !Objects.equals(now, last)) {
                recorder.record(OpType.INFO, Op.NEMESIS, NemesisEvent.LEADER.f(), now, now == null ? Map.of() : Map.of("hosts", List.of(now)));
                log.log("leader: " + (now == null ? "none" : now));
                last = now;
                first = false;
            }
            try {
                Thread.sleep(EVERY_MS);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    @Override
    public void close() throws InterruptedException {
        stop = true;
        thread.interrupt();
        thread.join(5_000);
    }
}
