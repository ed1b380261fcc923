package dev.lockstorm.nemesis;

import java.util.function.Consumer;

/**
 * How a fault aimed at the lock's holder finds it: through the driver's view of who holds the lock,
 * which is kept still while the fault lands, so that a holder is hit or the miss is known. A
 * release that begins before the fault is a miss, never a pause of a client that no longer holds.
 *
 * <pre>{@code
 * HolderAim.Aim a = aim.at(holder -> nemesis.pause(holder.worker()));
 * if (!a.hit()) System.out.println("missed: " + a.missed());
 * }</pre>
 */
@FunctionalInterface
public interface HolderAim {

    /**
     * Runs {@code act} on a client that holds the lock now, while no client's view of holding
     * changes; returns whom it hit, or why there was none to hit.
     */
    default Aim at(Consumer<ClientProcess> act) {
        return at(any -> true, act);
    }

    /**
     * Runs {@code act} on a client that holds the lock now and is one of {@code which} (a replay aims
     * at the holder the recorded run hit, by name), while no client's view of holding changes.
     */
    Aim at(java.util.function.Predicate<ClientProcess> which, Consumer<ClientProcess> act);

    /**
     * Whom a fault aimed at the holder hit.
     *
     * @param target the holder it acted on, or null when it missed
     * @param missed why it missed ("no client held the lock"), or null when it hit
     */
    record Aim(ClientProcess target, String missed) {
        public static Aim hit(ClientProcess target) {
            return new Aim(target, null);
        }

        public static Aim miss(String why) {
            return new Aim(null, why);
        }

        public boolean hit() {
            return target != null;
        }
    }
}
