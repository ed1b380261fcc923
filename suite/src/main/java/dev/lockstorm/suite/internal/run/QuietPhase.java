package dev.lockstorm.suite.internal.run;

import java.time.Duration;

/**
 * Liveness after the final heal: every client in turn must acquire once more within the quiet
 * period. Its cycles read, write and release at once: one client at a time tries here, so a hold
 * would only wait (a sentinel-failover run held 74 s of its 140 in a quiet period that held).
 */
record QuietPhase() implements Phase {
    @Override
    public void run(LiveRun run) {
        run.cluster.awaitServing(Duration.ofSeconds(60));
        Duration quiet = run.spec.quiet();
        for (DrivenClient c : run.clients) {
            boolean got = false;
            long deadline = System.nanoTime() + quiet.toNanos();
            while (!got && System.nanoTime() < deadline) got = c.cycleWithoutHold(quiet);
            if (!got) {
                run.notLive.add("process " + c.process());
                run.log.log("liveness: " + c.host().name() + " (process " + c.process() + ") could not acquire within " + quiet.toSeconds() + " s");
            }
        }
    }
}
