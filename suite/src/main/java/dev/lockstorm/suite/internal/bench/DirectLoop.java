package dev.lockstorm.suite.internal.bench;

import dev.lockstorm.api.LockClient;
import dev.lockstorm.api.ClientContext;
import dev.lockstorm.api.Fencing;
import dev.lockstorm.locks.store.FencedStore;
import dev.lockstorm.api.LockOption;
import dev.lockstorm.api.LockSystem;
import dev.lockstorm.locks.internal.registry.Registry;
import dev.lockstorm.suite.internal.workload.LockCycle;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * The baseline for the driver's overhead: N lock clients in one JVM running the run's own
 * {@link LockCycle} (acquire → read the counter → write value + 1 with the token → release, no hold)
 * through a {@link DirectHolder} as fast as they can, without driver, pipes or history. Prints "CYCLES n SECONDS s".
 * Usage: DirectLoop SYSTEM CONNECT CLIENTS SECONDS [START_AT_EPOCH_MS]: with the last, the loop
 * starts then (its clients open before), so that loops in several JVMs run over the same seconds.
 */
public final class DirectLoop {
    public static void main(String[] args) throws Exception {
        String system = args[0];
        int clients = Integer.parseInt(args[2]);
        long seconds = Long.parseLong(args[3]);
        FencedStore store = new FencedStore(Fencing.NONE);
        List<LockClient> locks = new ArrayList<>();
        LockSystem s = Registry.builtIn().system(system);
        ClientContext context = new ClientContext(args[1], "/lockstorm/direct", Duration.ofSeconds(4), LockOption.defaults(s.options()));
        for (int i = 0; i < clients; i++) {
            LockClient c = s.newClient(context);
            c.open();
            locks.add(c);
        }
        List<TimedLoop.Step> steps = new ArrayList<>();
        for (LockClient c : locks) {
            // the driven cycle, without the driver: acquire, read the resource, write value + 1 with the token, release
            LockCycle cycle = new LockCycle(LockCycle.Policy.NO_HOLD, new Random(0));
            DirectHolder holder = new DirectHolder(c, store);
            steps.add(() -> {
                if (!cycle.run(holder, Duration.ofSeconds(5), true) | holder.crashedSinceAsked()) throw new IllegalStateException("not a whole cycle");
            });
        }
        if (args.length > 4) Thread.sleep(Math.max(0, Long.parseLong(args[4]) - System.currentTimeMillis()));
        TimedLoop.run(steps, seconds);
        locks.forEach(LockClient::close);
        System.exit(0);
    }
}
