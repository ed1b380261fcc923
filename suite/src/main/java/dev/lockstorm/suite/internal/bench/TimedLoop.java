package dev.lockstorm.suite.internal.bench;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A baseline loop's engine: one thread per step, each repeating its step until the time is up,
 * counting the steps that returned; then prints {@code CYCLES n SECONDS s}, the line
 * {@link Throughput#loop} reads.
 */
final class TimedLoop {
    /** One cycle; an exception (a timeout under contention, say) is not counted, and the thread goes on. */
    interface Step {
        void run() throws Exception;
    }

    private TimedLoop() {
    }

    static void run(List<Step> steps, long seconds) throws InterruptedException {
        long start = System.nanoTime();
        long end = start + seconds * 1_000_000_000L;
        AtomicLong cycles = new AtomicLong();
        List<Thread> threads = new ArrayList<>();
        for (Step step : steps) {
            Thread t = new Thread(() -> {
                while (System.nanoTime() < end) {
                    try {
                        step.run();
                        cycles.incrementAndGet();
                    } catch (Exception e) {
                        // not counted: try again
                    }
                }
            });
            t.start();
            threads.add(t);
        }
        for (Thread t : threads) t.join();
        // one write: libraries' threads write to the same log (stderr), and printf's pieces could let a line of theirs in
        String line = String.format(Locale.ROOT, "CYCLES %d SECONDS %.3f%n", cycles.get(), (System.nanoTime() - start) / 1e9);
        System.out.writeBytes(line.getBytes(StandardCharsets.UTF_8));
        System.out.flush();
    }
}
