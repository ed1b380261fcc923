package dev.lockstorm.suite.internal.nemesiskinds;

import dev.lockstorm.clusters.ProcessNode;
import dev.lockstorm.clusters.lab.Host;
import dev.lockstorm.clusters.lab.HostProcess;
import dev.lockstorm.faults.CutStyle;
import dev.lockstorm.nemesis.Grudge;
import dev.lockstorm.nemesis.Nemesis;
import dev.lockstorm.nemesis.Pace;

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
 *   <li>right after a grant, every client but the holder is cut off every server, with resets
 *       (the holder finishes and releases; the waiters' nodes stay in line);</li>
 *   <li>at 0.6 T, before the leader would expire the waiters' sessions, the leader is frozen
 *       (SIGSTOP); the followers elect a new one some seconds later (their sync limit), which gives
 *       every session a fresh T;</li>
 *   <li>at 1.6 T, after the waiters' clients have given their sessions up (LOST: they heard nothing
 *       for 1.5 T), the waiters reach the other servers again; they stay cut off the frozen leader,
 *       with resets, so that a reconnection neither waits on a server that never answers nor on a
 *       connection attempt dropped by the cut: either costs a connect timeout, and the race with the
 *       old session's expiry (about T after the election) is a matter of a second or two;</li>
 *   <li>at 2.75 T the old leader resumes and rejoins as a follower, and the cut heals.</li>
 * </ol>
 */
final class ExpiryReconnectChoreography implements NemesisPlan {
    private final Targets targets;

    ExpiryReconnectChoreography(Targets targets) {
        this.targets = targets;
    }

    @Override
    public int run(Nemesis nemesis, Duration total) {
        Pace pace = nemesis.pace();
        long end = pace.now() + total.toNanos();
        Duration lease = targets.rhythm().lease();
        Duration shot = lease.multipliedBy(3);
        int injected = 0;
        try {
            while (pace.now() + shot.toNanos() < end && pace.polled(targets::justAcquired, end - shot.toNanos(), 2)) {
                long cut = pace.now();
                List<Host> waiters = targets.waiting().stream().map(Client::host).toList();
                nemesis.partition(Grudge.cutOff(waiters, targets.servers().hosts()).withStyle(CutStyle.RESET));
                injected++;
                pace.sleepUntil(cut + lease.toNanos() * 6 / 10);
                HostProcess leader = targets.servers().leader().map(ProcessNode::process).orElse(null);
                if (leader != null) {
                    nemesis.pause(leader);
                    injected++;
                }
                pace.sleepUntil(cut + lease.toNanos() * 16 / 10);
                if (leader != null) nemesis.partition(Grudge.cutOff(waiters, List.of(leader.host())).withStyle(CutStyle.RESET));
                else nemesis.healPartition();
                pace.sleepUntil(cut + lease.toNanos() * 275 / 100);
                if (leader != null) nemesis.resume(leader);
                nemesis.healPartition();
                pace.sleepUntil(pace.now() + lease.toNanos());
            }
            pace.sleepUntil(end);
            return injected;
        } finally {
            nemesis.healAll();
        }
    }
}
