package dev.lockstorm.suite.internal.bench;

import dev.lockstorm.api.ClientContext;
import dev.lockstorm.api.Lease;
import dev.lockstorm.api.LockClient;
import dev.lockstorm.api.LockOption;
import dev.lockstorm.api.LockSystem;
import dev.lockstorm.locks.internal.registry.Registry;
import dev.lockstorm.locks.zookeeper.CountingZooKeeper;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The herd effect's measurement, in one JVM on a client host: N clients of a ZooKeeper lock, each
 * with a session of its own, take the lock, keep it {@value #HOLD_MS} ms and release it, in a loop
 * (one holds, N − 1 wait). After a
 * warm-up it counts, for a fixed time, the handoffs, the watch notifications the clients' sessions
 * delivered ({@link CountingZooKeeper}) and each handoff's latency (a release's call → the next
 * grant). Prints {@code HERD-MEASURING} when the measured window opens, and at its end
 * {@code HERD handoffs H seconds S notifications N p50_ms X p99_ms Y}.
 * Usage: HerdLoop SYSTEM CONNECT CLIENTS SECONDS LOCK_PATH
 */
public final class HerdLoop {
    /** How long a holder keeps the lock: long enough that the others are waiting, with their watches set, at the handoff. */
    static final int HOLD_MS = 5;
    private static final long NONE = Long.MIN_VALUE;

    public static void main(String[] args) throws Exception {
        LockSystem system = Registry.builtIn().system(args[0]);
        int clients = Integer.parseInt(args[2]);
        long seconds = Long.parseLong(args[3]);
        // a session timeout that hundreds of sessions on two cores keep alive
        ClientContext context = new ClientContext(args[1], args[4], Duration.ofSeconds(15), LockOption.defaults(system.options()));
        List<LockClient> locks = new ArrayList<>();
        for (int i = 0; i < clients; i++) {
            LockClient c = system.newClient(context);
            c.open();
            locks.add(c);
        }
        AtomicLong releaseCalled = new AtomicLong(NONE);
        long warm = System.nanoTime() + 2_000_000_000L;
        long end = warm + seconds * 1_000_000_000L;
        long[] latencies = new long[1 << 20];
        AtomicLong handoffs = new AtomicLong();
        List<Thread> threads = new ArrayList<>();
        for (LockClient c : locks) {
            Thread t = new Thread(() -> {
                while (System.nanoTime() < end) {
                    try {
                        Lease l = c.acquire(Duration.ofSeconds(30));
                        long now = System.nanoTime();
                        long from = releaseCalled.getAndSet(NONE);
                        if (now >= warm && now < end && from != NONE) {
                            int i = (int) handoffs.getAndIncrement();
                            if (i < latencies.length) latencies[i] = now - from;
                        }
                        Thread.sleep(HOLD_MS);
                        releaseCalled.set(System.nanoTime());
                        c.release(l);
                    } catch (Exception e) {
                        // a timeout under contention: try again
                    }
                }
            });
            t.start();
            threads.add(t);
        }
        // the notifications of the measured window only: the clients still waiting at its end go on a while
        Thread.sleep(Math.max(0, (warm - System.nanoTime()) / 1_000_000));
        long before = CountingZooKeeper.notifications();
        System.out.println("HERD-MEASURING");
        System.out.flush();
        Thread.sleep(Math.max(0, (end - System.nanoTime()) / 1_000_000));
        long notifications = CountingZooKeeper.notifications() - before;
        for (Thread t : threads) t.join();
        int n = (int) Math.min(handoffs.get(), latencies.length);
        long[] sorted = Arrays.copyOf(latencies, n);
        Arrays.sort(sorted);
        System.out.printf(Locale.ROOT, "HERD handoffs %d seconds %d notifications %d p50_ms %.3f p99_ms %.3f%n", handoffs.get(), seconds,
                notifications, percentile(sorted, 0.50) / 1e6, percentile(sorted, 0.99) / 1e6);
        locks.forEach(LockClient::close);
        System.exit(0);
    }

    private static double percentile(long[] sorted, double p) {
        return sorted.length == 0 ? Double.NaN : sorted[Math.min(sorted.length - 1, (int) (p * sorted.length))];
    }
}
