package dev.lockstorm.nemesis;

import dev.lockstorm.clusters.lab.HostProcess;

import java.io.IOException;
import java.nio.file.Files;
import java.util.List;

/** Prints "wall nanoTime" every 50 ms: a client JVM whose realtime clock a test fakes. */
public final class ClockPrinter {
    public static void main(String[] args) throws Exception {
        while (true) {
            System.out.println("T " + System.currentTimeMillis() + " " + System.nanoTime());
            System.out.flush();
            Thread.sleep(50);
        }
    }

    /** The lines it printed so far, each {wall ms, nanoTime}. */
    static List<long[]> samples(HostProcess p) {
        try {
            // whole lines only: the printer may be halfway through the last one
            return Files.readAllLines(p.log()).stream().filter(l -> l.matches("T -?\\d+ -?\\d+"))
                    .map(l -> l.split(" ")).map(a -> new long[]{Long.parseLong(a[1]), Long.parseLong(a[2])}).toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    /** Whether its last line tells this machine's time, within 2 s: its clock is back after a reset. */
    static boolean onTime(HostProcess p) {
        List<long[]> s = samples(p);
        return !s.isEmpty() && Math.abs(s.get(s.size() - 1)[0] - System.currentTimeMillis()) < 2_000;
    }
}
