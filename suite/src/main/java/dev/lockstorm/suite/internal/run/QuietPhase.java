package dev.lockstorm.suite.internal.run;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Liveness after the final heal: every client must acquire once more within the quiet period. Its
 * cycles read, write and release at once: while the lock is live, one client at a time tries, so a
 * hold would only wait (a sentinel-failover run held 74 s of its 140 in a quiet period that held).
 * Once a client has waited a whole quiet period in vain, the lock is not live, and the clients after
 * it each still get a whole period, side by side rather than one after another: a lock that never
 * frees costs two periods, not one per client.
 */
record QuietPhase() implements Phase {
    @Override
    public void run(LiveRun run) throws InterruptedException {
        run.cluster.awaitServing(Duration.ofSeconds(60));
        Duration quiet = run.spec.quiet();
        List<DrivenClient> clients = run.clients;
        boolean[] live = new boolean[clients.size()];
        int i = 0;
        while (i < clients.size()) {
            live[i] = acquiresWithin(clients.get(i), quiet);
            if (!live[i++]) break;
        }
        List<Thread> rest = new ArrayList<>();
        // what a client's thread threw fails the run as it would have one after another
        AtomicReference<RuntimeException> thrown = new AtomicReference<>();
        for (int k = i; k < clients.size(); k++) {
            int at = k;
            rest.add(MainPhase.start("quiet-" + clients.get(at).process(), () -> {
                try {
                    live[at] = acquiresWithin(clients.get(at), quiet);
                } catch (RuntimeException e) {
                    thrown.compareAndSet(null, e);
                }
            }));
        }
        for (Thread t : rest) t.join();
        if (thrown.get() != null) throw thrown.get();
        for (int k = 0; k < clients.size(); k++) {
            if (live[k]) continue;
            DrivenClient c = clients.get(k);
            run.notLive.add("process " + c.process());
            run.log.log("liveness: " + c.host().name() + " (process " + c.process() + ") could not acquire within " + quiet.toSeconds() + " s");
        }
    }

    /** Whether {@code c} acquired (and at once released) the lock within {@code quiet}, trying again after each failed attempt. */
    private static boolean acquiresWithin(DrivenClient c, Duration quiet) {
        long deadline = System.nanoTime() + quiet.toNanos();
        boolean got = false;
        while (!got && System.nanoTime() < deadline) got = c.cycleWithoutHold(quiet);
        return got;
    }
}
