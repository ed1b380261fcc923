package dev.lockstorm.suite.internal.run;

import dev.lockstorm.suite.internal.nemesiskinds.NemesisKind;
import dev.lockstorm.suite.internal.nemesiskinds.NemesisPlan;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The generator and the nemesis for the time limit: every client cycles on a thread of its own
 * while the nemesis kind's plan runs; a progress line every 2 s. A fault begun before the time limit
 * lasts its whole length, and the clients cycle on until it is healed; a run given an
 * {@link EarlyEnd} ends as soon as its history shows what it is for, its plan stopped between
 * steps. It ends with the clients told
 * to stop (they finish the cycle they are in, which {@link HealPhase} waits for), the kind's set-up
 * undone and the plan's thread joined.
 */
record MainPhase() implements Phase {
    @Override
    public void run(LiveRun run) throws InterruptedException {
        NemesisKind kind = run.spec.nemesis();
        kind.setUp(run.targets, run.nemesis);
        AtomicBoolean stop = new AtomicBoolean();
        List<Thread> threads = new ArrayList<>();
        for (DrivenClient c : run.clients) threads.add(start("client-" + c.process(), () -> c.run(stop)));
        NemesisPlan plan = kind.plan(run.targets).orElse(null);
        AtomicInteger injected = new AtomicInteger();
        Thread nemesisThread = plan == null ? null : start("nemesis", () -> injected.set(plan.run(run.nemesis, run.spec.timeLimit())));
        run.log.log("generator and nemesis (" + kind.name() + ") running for " + run.spec.timeLimit().toSeconds() + " s");
        long end = System.nanoTime() + run.spec.timeLimit().toNanos();
        // a run that may end early looks at its history between shorter ticks; the progress line stays every 2 s
        long tick = run.earlyEnd == null ? 2000 : 250;
        long said = System.nanoTime();
        boolean endedEarly = false;
        // the time limit, and then the last fault's whole length: the clients cycle on until it is healed
        while (System.nanoTime() < end || nemesisThread != null && nemesisThread.isAlive()) {
            long left = (end - System.nanoTime()) / 1_000_000;
            if (left > 0 || nemesisThread == null) Thread.sleep(Math.min(tick, Math.max(1, left)));
            else nemesisThread.join(tick);
            if (run.earlyEnd != null && !endedEarly) {
                Optional<String> shown = run.earlyEnd.shown(run.board, run.recorder);
                if (shown.isPresent()) {
                    run.log.say(String.format(Locale.ROOT, "  [%5.1f s] the history so far shows %s: the main phase ends here",
                            run.recorder.elapsedSeconds(), shown.get()));
                    run.nemesis.endPlan();
                    endedEarly = true;
                    end = System.nanoTime();
                }
            }
            boolean last = System.nanoTime() >= end && (nemesisThread == null || !nemesisThread.isAlive());
            if (last || System.nanoTime() - said >= 2_000_000_000L) {
                said = System.nanoTime();
                run.log.say(String.format(Locale.ROOT, "  [%5.1f s] %d ops, faults: %s, double holders so far: %d",
                        run.recorder.elapsedSeconds(), run.recorder.completedClientOps(), run.nemesis.active(), run.board.doubleHoldersSoFar()));
            }
        }
        stop.set(true);
        kind.tearDown(run.targets);
        if (nemesisThread != null) nemesisThread.join();
        run.faults = injected.get();
        run.clientThreads = threads;
        run.mainEnded = System.nanoTime();
    }

    /** A phase's thread, named and started. */
    static Thread start(String name, Runnable r) {
        Thread t = new Thread(r, name);
        t.start();
        return t;
    }
}
