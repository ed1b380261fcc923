package dev.lockstorm.suite.internal.nemesiskinds;

import java.time.Duration;

/**
 * A run's timing as its nemesis uses it.
 *
 * @param lease       the lock's lease (session timeout, TTL)
 * @param interval    mean time between faults, and a fault's mean length
 * @param clientPause how long a frozen client stays frozen: past its lease
 * @param timeLimit   how long the nemesis runs
 */
public record Rhythm(Duration lease, Duration interval, Duration clientPause, Duration timeLimit) {
}
