package dev.lockstorm.nemesis;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * A kind of fault a schedule can inject. Targets are chosen when the fault is injected (the
 * leader now, a random node now), and {@link #inject} returns the {@link Heal} that undoes exactly
 * what it did.
 *
 * <pre>{@code
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

    /**
     * A fault of any family whose targets are chosen at injection, as the {@link Action}s it does (the
     * isolated leader, a waiter's clock): done through the run's {@link Reach}, which finds the hosts,
     * servers, clients and clocks they name, exactly as a replay of the recorded step does them again;
     * the heal undoes them in the order they were done. None chosen is nothing done; a choice that
     * finds nothing to hit throws {@link Missed} itself.
     *
     * <pre>{@code
     * Fault isolateLeader = new Fault.Chosen("isolate-leader", run::reach,
     *         () -> List.of(Grudge.isolate(zk.leader().orElseThrow().host(), servers)));
     * }</pre>
     *
     * @param reach   the run's reach, made for the nemesis the schedule injects through
     * @param actions what to do, chosen now
     */
    record Chosen(String name, Function<Nemesis, ? extends Reach> reach, Supplier<? extends List<? extends Action>> actions) implements Fault {
        @Override
        public Heal inject(Nemesis n) {
            List<? extends Action> chosen = List.copyOf(actions.get());
            if (chosen.isEmpty()) return () -> { };
            Reach r = reach.apply(n);
            List<Heal> heals = new ArrayList<>();
            for (Action a : chosen) {
                try {
                    heals.add(a.inject(r));
                } catch (RuntimeException e) {
                    heals.forEach(Heal::heal); // an action that found nothing leaves none of the others behind
                    throw e;
                }
            }
            return () -> heals.forEach(Heal::heal);
        }
    }
}
