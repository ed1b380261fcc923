package dev.lockstorm.suite.internal.run;

/**
 * The final heal: every fault undone, every frozen client resumed (also one that froze itself at a
 * pause point after the plan ended), and every client's last cycle waited for.
 */
record HealPhase() implements Phase {
    @Override
    public void run(LiveRun run) throws InterruptedException {
        run.nemesis.healAll();
        for (DrivenClient c : run.clients) if (c.worker() != null && c.worker().isPaused()) run.nemesis.resume(c.worker());
        for (Thread t : run.clientThreads) t.join(run.spec.opTimeout().multipliedBy(4).toMillis());
        run.log.say("lockstorm: healed (" + run.faults + " faults injected); quiet period: every client must acquire once more");
    }
}
