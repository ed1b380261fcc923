package dev.lockstorm.suite.internal.nemesiskinds;

import java.time.Duration;

/**
 * A run's timing as its nemesis uses it.
 *
 * @param lease       the lock's lease (session timeout, TTL)
 * @param interval    mean time between faults, and a fault's mean length
 * @param clientPause how long a frozen client stays frozen: past its lease
 * @param timeLimit   how long the nemesis runs
 * @param holdMin     the shortest hold between a holder's read of the resource and its write
 * @param holdMax     the longest such hold (holds are drawn uniformly between the two)
 */
public record Rhythm(Duration lease, Duration interval, Duration clientPause, Duration timeLimit, Duration holdMin, Duration holdMax) {
    /** How far apart two holders' writes may fall in their holds: the longest hold less the shortest. */
    public Duration holdSpread() {
        return holdMax.minus(holdMin);
    }
}
