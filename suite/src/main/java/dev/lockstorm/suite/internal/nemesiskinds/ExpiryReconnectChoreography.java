package dev.lockstorm.suite.internal.nemesiskinds;

import dev.lockstorm.clusters.ProcessNode;
import dev.lockstorm.clusters.lab.Host;
import dev.lockstorm.clusters.lab.HostProcess;
import dev.lockstorm.clusters.lab.Wait;
import dev.lockstorm.nemesis.Grudge;
import dev.lockstorm.nemesis.Nemesis;

import java.time.Duration;
import java.util.List;

/**
 * The race reported against Curator as CURATOR-604: a waiter whose session expired comes back on
 * a new session and finds its old session's queue node still there, first in line, and takes the
 * lock by it; when the server expires the old session the node goes, and the next waiter takes
 * the lock too. For the old node to outlive the client's own verdict on its session, the
 * servers must expire the session late: a new leader tracks every session afresh from its
 * election. With a session timeout T, as often as the time limit allows:
 * <ol>
 *   <li>right after a grant, every client but the holder is cut off every server (the holder
 *       finishes and releases; the waiters' nodes stay in line);</li>
 *   <li>at 0.6 T, before the leader would expire the waiters' sessions, the leader is frozen
 *       (SIGSTOP); the followers elect a new one about two ticks later, which gives every
 *       session a fresh T;</li>
 *   <li>at 1.75 T, after Curator has taken the sessions as LOST (a session timeout after
 *       SUSPENDED, which comes at 2/3 T), the cut heals: the waiters reconnect on new sessions
 *       while their old nodes stand until about 0.6 T + two ticks + T;</li>
 *   <li>T later the old leader resumes and rejoins as a follower.</li>
 * </ol>
 */
final class ExpiryReconnectChoreography implements NemesisPlan {
    private final Targets targets;

    ExpiryReconnectChoreography(Targets targets) {
        this.targets = targets;
    }

    @Override
    public int run(Nemesis nemesis, Duration total) {
        long end = System.nanoTime() + total.toNanos();
        Duration lease = targets.rhythm().lease();
        Duration shot = lease.multipliedBy(3);
        int injected = 0;
        try {
            while (System.nanoTime() + shot.toNanos() < end && Wait.polled(targets::justAcquired, end - shot.toNanos(), 2)) {
                long cut = System.nanoTime();
                List<Host> waiters = targets.waiting().stream().map(Client::host).toList();
                nemesis.partition(Grudge.cutOff(waiters, targets.cluster().hosts()));
                injected++;
                Wait.sleepUntil(cut + lease.toNanos() * 6 / 10);
                HostProcess leader = targets.cluster().leader().map(ProcessNode::process).orElse(null);
                if (leader != null) {
                    nemesis.pause(leader);
                    injected++;
                }
                Wait.sleepUntil(cut + lease.toNanos() * 175 / 100);
                nemesis.healPartition();
                Wait.sleepUntil(cut + lease.toNanos() * 275 / 100);
                if (leader != null) nemesis.resume(leader);
                Wait.sleepUntil(System.nanoTime() + lease.toNanos());
            }
            Wait.sleepUntil(end);
            return injected;
        } finally {
            nemesis.healAll();
        }
    }
}
