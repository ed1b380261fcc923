package dev.lockstorm.suite.internal.run;

import dev.lockstorm.nemesis.LabNemesis;
import dev.lockstorm.suite.internal.cluster.Cluster;
import dev.lockstorm.suite.internal.nemesiskinds.Targets;

import java.util.ArrayList;
import java.util.List;

/**
 * A run while its phases go: what every phase acts on (the spec, the servers, the clients, the
 * history, the nemesis, the resource) and what they find out for the report (faults injected,
 * clients that could not acquire again).
 */
final class LiveRun {
    final RunSpec spec;
    final RunLog log;
    final Recorder recorder;
    final Cluster cluster;
    final List<DrivenClient> clients;
    final HoldBoard board;
    final ResourceCalls resource;
    final LabNemesis nemesis;
    final Targets targets;
    /** When the main phase may end before its time limit, or null: it runs its whole time. */
    final EarlyEnd earlyEnd;
    /** Clients that could not acquire in the quiet period: "process N". */
    final List<String> notLive = new ArrayList<>();
    /** The clients' threads of the main phase, which the heal waits for. */
    List<Thread> clientThreads = List.of();
    /** Faults the nemesis injected. */
    int faults;
    /** When the main phase ended ({@link System#nanoTime}): the rest of the run is its wind-down. */
    long mainEnded;

    LiveRun(RunSpec spec, RunLog log, Recorder recorder, Cluster cluster, List<DrivenClient> clients, HoldBoard board,
            ResourceCalls resource, LabNemesis nemesis, Targets targets, EarlyEnd earlyEnd) {
        this.spec = spec;
        this.log = log;
        this.recorder = recorder;
        this.cluster = cluster;
        this.clients = List.copyOf(clients);
        this.board = board;
        this.resource = resource;
        this.nemesis = nemesis;
        this.targets = targets;
        this.earlyEnd = earlyEnd;
    }
}
