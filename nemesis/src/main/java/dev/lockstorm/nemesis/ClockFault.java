package dev.lockstorm.nemesis;

import dev.lockstorm.clusters.lab.Commands;
import dev.lockstorm.clusters.lab.Host;
import dev.lockstorm.clusters.lab.Lab;
import dev.lockstorm.clusters.lab.LabException;
import dev.lockstorm.clusters.lab.Shell;

import java.io.IOException;
import java.io.InputStream;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The realtime clock of one process, faked at run time: jump it forward or back, make it run fast
 * or slow, reset it; and its monotonic clock made to run fast or slow ({@link #monotonicRate}). The
 * process must be started with {@link #env()} (an LD_PRELOAD library, compiled with the control
 * node's gcc, that fakes {@code CLOCK_REALTIME}, and {@code CLOCK_MONOTONIC} when asked to, from a
 * small control file it maps into memory); its monotonic clock is untouched until then. On a lab host the control file is
 * mapped here too; on a remote host the library is copied there and each change is written to the
 * file over SSH.
 *
 * <pre>{@code
 * ClockFault clock = ClockFault.create(lab, lab.host("n2"), "redis-n2");
 * RedisNode n2 = ... start with clock.env() ...;
 * nemesis.clockJump(clock, Duration.ofSeconds(20));
 * }</pre>
 */
public final class ClockFault {
    /** The control file: the sequence, then the realtime state (3 × 8 bytes), then the monotonic state (3 × 8 bytes). */
    private static final int SIZE = 56;

    private final String name;
    private final String host;
    private final Path file;
    private final Path library;
    private final Control control;
    private long seq;
    private long offsetNanos;
    private double rate = 1.0;
    private long refNanos;
    private long monoOffsetNanos;
    private double monoRate = 1.0;
    private long monoRefNanos;

    private ClockFault(String name, String host, Path file, Path library, Control control) {
        this.name = name;
        this.host = host;
        this.file = file;
        this.library = library;
        this.control = control;
    }

    /**
     * A control file for the process called {@code name} on {@code host}, it and the library in
     * the lab's scratch directory: a server that runs as its own user (PostgreSQL) must read both,
     * and cannot reach a run directory under e.g. {@code /root}.
     */
    public static ClockFault create(Lab lab, Host host, String name) {
        Path scratch = lab.scratch(host);
        Path file = scratch.resolve("clocks").resolve(name + ".clock");
        Path lib;
        Control control;
        if (host.local()) {
            lib = library(scratch.resolve("native"));
            control = Mapped.create(file);
        } else {
            lib = scratch.resolve("native").resolve("libfakeclock.so");
            host.upload(library(lab.dir().resolve("native")), lib);
            control = new Remote(host, file);
        }
        ClockFault c = new ClockFault(name, host.name(), file, lib, control);
        c.publish();
        return c;
    }

    /**
     * A clock fault bound to no process: it keeps its state (skew, rate) and moves no clock. What a
     * nemesis plan names when it is run without a lab, to see what it would do.
     */
    public static ClockFault detached(String name, String host) {
        return new ClockFault(name, host, Path.of("/dev/null"), Path.of("/dev/null"), (writing, state, done) -> { });
    }

    /** Environment for the faked process. */
    public Map<String, String> env() {
        return Map.of("LD_PRELOAD", library.toString(), "LOCKSTORM_CLOCK_FILE", file.toString());
    }

    public String name() {
        return name;
    }

    /** The name of the host the process runs on. */
    public String host() {
        return host;
    }

    /** Moves the clock by {@code delta} (negative: back). */
    public synchronized void jump(Duration delta) {
        offsetNanos += delta.toNanos();
        publish();
    }

    /** From now on the clock runs at {@code rate} times real speed (e.g. 1.5 fast, 0.5 slow). */
    public synchronized void rate(double newRate) {
        if (!(newRate > 0)) throw new IllegalArgumentException("clock rate must be positive, not " + newRate);
        long now = realNanos();
        offsetNanos += (long) ((rate - 1.0) * (now - refNanos));
        refNanos = now;
        rate = newRate;
        publish();
    }

    /**
     * From now on the process's monotonic clock ({@code CLOCK_MONOTONIC}, {@code System.nanoTime})
     * runs at {@code rate} times real speed; its timed waits (a JVM's sleeps and parks) keep to it,
     * so the whole process lives in fast (or slow) time, as on a host whose clock source drifts.
     * Only on a lab host: the monotonic clock of a remote host cannot be read from here.
     */
    public synchronized void monotonicRate(double newRate) {
        if (!(newRate > 0)) throw new IllegalArgumentException("clock rate must be positive, not " + newRate);
        if (!(control instanceof Mapped)) throw new LabException("a monotonic clock fault needs a lab host; " + host + " is remote");
        long now = System.nanoTime();
        monoOffsetNanos += (long) ((monoRate - 1.0) * (now - monoRefNanos));
        monoRefNanos = now;
        monoRate = newRate;
        publish();
    }

    /**
     * Real time again. The monotonic clock runs at real speed again but keeps what it gained: a
     * monotonic clock never goes back.
     */
    public synchronized void reset() {
        offsetNanos = 0;
        rate = 1.0;
        refNanos = realNanos();
        if (monoRate != 1.0) monotonicRate(1.0);
        publish();
    }

    /** How far the fake clock is from the real one now. */
    public synchronized Duration skew() {
        long now = realNanos();
        return Duration.ofNanos(offsetNanos + (long) ((rate - 1.0) * (now - refNanos)));
    }

    public synchronized String describe() {
        return String.format(Locale.ROOT, "%s %+.3fs%s%s", name, skew().toNanos() / 1e9, rate == 1.0 ? "" : " ×" + rate,
                monoRate == 1.0 ? "" : ", monotonic ×" + monoRate);
    }

    /** Writes the state under the seqlock the library reads: an odd sequence number while it changes. */
    private void publish() {
        long writing = seq | 1;
        seq = writing + 1;
        ByteBuffer state = ByteBuffer.allocate(SIZE - 8).order(ByteOrder.LITTLE_ENDIAN).putLong(offsetNanos).putDouble(rate).putLong(refNanos)
                .putLong(monoOffsetNanos).putDouble(monoRate).putLong(monoRefNanos);
        control.publish(writing, state.array(), seq);
    }

    /** Where the control file is written: mapped here, or on a remote host. */
    private interface Control {
        /** Sets the sequence to {@code writing} (odd), then the state, then the sequence to {@code done} (even). */
        void publish(long writing, byte[] state, long done);
    }

    /** The control file mapped into this JVM: the host shares this machine's file system. */
    private record Mapped(MappedByteBuffer m) implements Control {
        static Mapped create(Path file) {
            try {
                Files.createDirectories(file.getParent());
                // a lab kept from an earlier run (servers kept standing) still has that run's file of this name: its processes
                // are gone, and a new file (a new inode) leaves any mapping of the old one as it was
                Files.deleteIfExists(file);
                try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
                    MappedByteBuffer m = ch.map(FileChannel.MapMode.READ_WRITE, 0, SIZE);
                    m.order(ByteOrder.LITTLE_ENDIAN);
                    return new Mapped(m);
                }
            } catch (IOException e) {
                throw new LabException("cannot create the clock control file " + file + ": " + e.getMessage(), e);
            }
        }

        @Override
        public synchronized void publish(long writing, byte[] state, long done) {
            m.putLong(0, writing);
            VarHandle.fullFence();
            m.put(8, state);
            VarHandle.fullFence();
            m.putLong(0, done);
        }
    }

    /**
     * The control file on a remote host, written in place by three {@code dd}s in one command:
     * the odd sequence number, the state, the even one. The library there reads it under the same
     * seqlock; a change reaches it one SSH round trip after it is made.
     */
    private record Remote(Host host, Path file) implements Control {
        Remote {
            host.check(List.of("sh", "-c", "mkdir -p " + Shell.quote(file.getParent().toString()) + " && head -c " + SIZE + " /dev/zero > "
                    + Shell.quote(file.toString())), null);
        }

        @Override
        public void publish(long writing, byte[] state, long done) {
            String dd = " | dd of=" + Shell.quote(file.toString()) + " bs=8 conv=notrunc status=none";
            host.check(List.of("sh", "-c", "printf '" + octal(le(writing)) + "'" + dd + " count=1 iflag=fullblock"
                    + " && printf '" + octal(state) + "'" + dd + " seek=1 count=" + state.length / 8 + " iflag=fullblock"
                    + " && printf '" + octal(le(done)) + "'" + dd + " count=1 iflag=fullblock"), null);
        }

        private static byte[] le(long v) {
            return ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(v).array();
        }

        /** Bytes as printf's octal escapes: the shell and printf pass them through unchanged. */
        static String octal(byte[] bytes) {
            StringBuilder sb = new StringBuilder();
            for (byte b : bytes) sb.append('\\').append(String.format("%03o", b & 0xff));
            return sb.toString();
        }
    }

    private static long realNanos() {
        Instant now = Instant.now();
        return now.getEpochSecond() * 1_000_000_000L + now.getNano();
    }

    /** Compiles the library into {@code dir} unless it is there already. */
    static synchronized Path library(Path dir) {
        Path so = dir.resolve("libfakeclock.so");
        if (Files.exists(so)) return so;
        try {
            Files.createDirectories(dir);
            Path src = dir.resolve("fakeclock.c");
            try (InputStream in = ClockFault.class.getResourceAsStream("fakeclock.c")) {
                if (in == null) throw new LabException("fakeclock.c is missing from the nemesis jar");
                Files.copy(in, src, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            }
            if (!Commands.run("sh", "-c", "command -v gcc").ok()) {
                throw new LabException("gcc is missing: clock faults compile a small library (apt-get install gcc)");
            }
            Commands.check(List.of("gcc", "-shared", "-fPIC", "-O2", "-o", so.toString(), src.toString(), "-ldl"), null);
            return so;
        } catch (IOException e) {
            throw new LabException("cannot build the clock library in " + dir + ": " + e.getMessage(), e);
        }
    }
}
