package dev.lockstorm.suite.internal.run;

import java.util.List;

/**
 * One phase of a run, Jepsen's phases in Java: the main phase (clients cycling and the nemesis
 * acting for the time limit), the final heal, the quiet period (liveness), the final read. The
 * runner runs {@link #ALL} in order; each phase is a small class of its own.
 */
sealed interface Phase permits MainPhase, HealPhase, QuietPhase, FinalReadPhase {
    /** The phases of every run, in order. */
    List<Phase> ALL = List.of(new MainPhase(), new HealPhase(), new QuietPhase(), new FinalReadPhase());

    void run(LiveRun run) throws InterruptedException;
}
