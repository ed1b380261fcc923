package dev.lockstorm.nemesis;

import dev.lockstorm.clusters.Node;
import dev.lockstorm.clusters.lab.HostProcess;

import java.time.Duration;
import java.util.List;
import java.util.function.Supplier;

/**
 * A kind of fault a schedule can inject. Targets are chosen when the fault is injected (the
 * leader now, a random node now), and {@link #inject} returns the {@link Heal} that undoes exactly
 * what it did.
 *
 * <pre>{@code
 * Fault isolateLeader = new Fault.Partition("isolate-leader",
 *         () -> Grudge.isolate(zk.leader().orElseThrow().host(), servers));
 * Heal heal = isolateLeader.inject(nemesis);
 * ...
 * heal.heal();
 * }</pre>
 */
public sealed interface Fault {

    /** A short name for logs and reports: it reaches the history as the {@code fault} of every event the fault records. */
    String name();

    /**
     * Injects the fault now; the returned heal undoes it.
     *
     * @throws Missed when the fault found nothing to hit (no client held the lock): nothing was done
     */
    Heal inject(Nemesis nemesis);

    /** A fault aimed at something that was not there when it came: nothing was injected, and the history says why. */
    final class Missed extends RuntimeException {
        public Missed(String why) {
            super(why, null, false, false);
        }
    }

    /**
     * Freezes the client that holds the lock now (a long GC pause where it hurts), chosen and frozen
     * while the driver's view of holds stands still; misses when no client holds it.
     */
    record PauseHolder(String name, HolderAim aim) implements Fault {
        @Override
        public Heal inject(Nemesis n) {
            HolderAim.Aim a = aim.at(holder -> n.pause(holder.worker(), "holder"));
            if (!a.hit()) throw new Missed(a.missed());
            return () -> n.resume(a.target().worker());
        }
    }

    /**
     * Kills the client that holds the lock now (a deploy or an OOM kill of a holder), chosen and killed
     * while the driver's view of holds stands still; misses when no client holds it. Nothing to heal.
     */
    record KillHolder(String name, HolderAim aim) implements Fault {
        @Override
        public Heal inject(Nemesis n) {
            HolderAim.Aim a = aim.at(holder -> n.killClient(holder, "holder"));
            if (!a.hit()) throw new Missed(a.missed());
            return () -> { };
        }
    }

    /** Cuts the network by a grudge chosen at injection. */
    record Partition(String name, Supplier<Grudge> grudge) implements Fault {
        @Override
        public Heal inject(Nemesis n) {
            n.partition(grudge.get());
            return n::healPartition;
        }
    }

    /** Makes links lossy, chosen at injection. */
    record Lossy(String name, Supplier<Loss> loss) implements Fault {
        @Override
        public Heal inject(Nemesis n) {
            n.loss(loss.get());
            return n::healLoss;
        }
    }

    /** Slows links, chosen at injection. */
    record Slowed(String name, Supplier<Slow> slow) implements Fault {
        @Override
        public Heal inject(Nemesis n) {
            n.slow(slow.get());
            return n::healSlow;
        }
    }

    /** Delays links, chosen at injection: the run's clients must connect through delay proxies. */
    record Delayed(String name, Supplier<Delay> delay) implements Fault {
        @Override
        public Heal inject(Nemesis n) {
            n.delay(delay.get());
            return n::healDelay;
        }
    }

    /** Freezes processes (a long GC pause from outside) chosen at injection. */
    record Pause(String name, Supplier<List<HostProcess>> targets) implements Fault {
        @Override
        public Heal inject(Nemesis n) {
            List<HostProcess> ps = targets.get();
            ps.forEach(n::pause);
            return () -> ps.forEach(n::resume);
        }
    }

    /** Kills nodes (SIGKILL) chosen at injection; the heal restarts them on their data. */
    record Kill(String name, Supplier<List<? extends Node>> targets) implements Fault {
        @Override
        public Heal inject(Nemesis n) {
            List<? extends Node> nodes = targets.get();
            nodes.forEach(n::kill);
            return () -> nodes.forEach(n::restart);
        }
    }

    /** Holds the lease renewals of clients chosen at injection (they run on); the heal lets them renew again. */
    record HoldRenewals(String name, Supplier<List<RenewalSwitch>> targets) implements Fault {
        @Override
        public Heal inject(Nemesis n) {
            List<RenewalSwitch> switches = targets.get();
            n.holdRenewals(switches);
            return () -> n.resumeRenewals(switches);
        }
    }

    /**
     * Jumps the realtime clocks of the processes chosen at injection (one, or a group such as every
     * client that waits for the lock now); the heal resets them. Misses when none is chosen.
     */
    record ClockJump(String name, Supplier<List<ClockFault>> clocks, Duration delta) implements Fault {
        /** Always the same process's clock. */
        public ClockJump(String name, ClockFault clock, Duration delta) {
            this(name, () -> List.of(clock), delta);
        }

        /** One process's clock, chosen at injection. */
        public static ClockJump one(String name, Supplier<ClockFault> clock, Duration delta) {
            return new ClockJump(name, () -> List.of(clock.get()), delta);
        }

        @Override
        public Heal inject(Nemesis n) {
            List<ClockFault> chosen = chosen(clocks);
            for (ClockFault c : chosen) n.clockJump(c, delta);
            return () -> chosen.forEach(n::clockReset);
        }
    }

    /** Makes a process's realtime clock run fast or slow; the heal resets it. */
    record ClockRate(String name, ClockFault clock, double rate) implements Fault {
        @Override
        public Heal inject(Nemesis n) {
            n.clockRate(clock, rate);
            return () -> n.clockReset(clock);
        }
    }

    /**
     * Makes the monotonic clocks of the processes chosen at injection (and their timed waits) run at
     * {@code rate} times real speed; the heal brings them back to real speed. Misses when none is chosen.
     */
    record MonotonicRate(String name, Supplier<List<ClockFault>> clocks, double rate) implements Fault {
        @Override
        public Heal inject(Nemesis n) {
            List<ClockFault> chosen = chosen(clocks);
            for (ClockFault c : chosen) n.monotonicClockRate(c, rate);
            return () -> chosen.forEach(n::clockReset);
        }
    }

    /** Strobes a clock by {@code delta} every {@code period} for {@code total} (blocking), then resets it. */
    record ClockStrobe(String name, ClockFault clock, Duration delta, Duration period, Duration total) implements Fault {
        @Override
        public Heal inject(Nemesis n) {
            n.clockStrobe(clock, delta, period, total);
            return () -> n.clockReset(clock);
        }
    }

    /** The clocks a clock fault moves, chosen now; a miss when there is none. */
    private static List<ClockFault> chosen(Supplier<List<ClockFault>> clocks) {
        List<ClockFault> chosen = List.copyOf(clocks.get());
        if (chosen.isEmpty()) throw new Missed("no clock to move");
        return chosen;
    }
}
