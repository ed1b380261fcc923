package dev.lockstorm.nemesis;

/** Prints "wall nanoTime" every 50 ms: a client JVM whose realtime clock a test fakes. */
public final class ClockPrinter {
    public static void main(String[] args) throws Exception {
        while (true) {
            System.out.println("T " + System.currentTimeMillis() + " " + System.nanoTime());
            System.out.flush();
            Thread.sleep(50);
        }
    }
}
