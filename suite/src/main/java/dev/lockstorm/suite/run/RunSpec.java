package dev.lockstorm.suite.run;

import dev.lockstorm.clusters.redis.Persistence;
import dev.lockstorm.workloads.store.FencedStore;

import java.time.Duration;
import java.util.List;

/**
 * One test run: which lock, how many clients, which faults, for how long.
 *
 * @param system         the lock implementation ({@code zk-recipe}, {@code curator-mutex}, …)
 * @param clients        client processes, each on its own host
 * @param timeLimit      how long the generator and the nemesis run
 * @param nemesis        none, partition, pause-node, pause-client, kill, clock or mix (or a scenario's choreography)
 * @param fencing        what the protected resource checks of the token
 * @param seed           the seed of every random choice
 * @param sessionTimeout the lock's lease: ZooKeeper's session timeout, Redis's key TTL
 * @param nemesisInterval mean time between faults, and a fault's mean duration
 * @param holdMax        longest time a holder keeps the lock between read and write
 * @param quiet          the quiet period after the final heal, in which every client must acquire again
 * @param command        the command line that started the run, for the record
 * @param persistence    how Redis servers keep data across a crash (Redis systems only)
 * @param holdMin        shortest hold (a hold is uniform between holdMin and holdMax)
 */
public record RunSpec(String system, int clients, Duration timeLimit, String nemesis, FencedStore.Fencing fencing, long seed,
                      Duration sessionTimeout, Duration nemesisInterval, Duration holdMax, Duration quiet, List<String> command,
                      Persistence persistence, Duration holdMin) {

    /** A spec whose holds last anything from zero to {@code holdMax}. */
    public RunSpec(String system, int clients, Duration timeLimit, String nemesis, FencedStore.Fencing fencing, long seed,
                   Duration sessionTimeout, Duration nemesisInterval, Duration holdMax, Duration quiet, List<String> command,
                   Persistence persistence) {
        this(system, clients, timeLimit, nemesis, fencing, seed, sessionTimeout, nemesisInterval, holdMax, quiet, command, persistence,
                Duration.ZERO);
    }

    /** A spec without Redis persistence (ZooKeeper systems, or Redis that starts empty). */
    public RunSpec(String system, int clients, Duration timeLimit, String nemesis, FencedStore.Fencing fencing, long seed,
                   Duration sessionTimeout, Duration nemesisInterval, Duration holdMax, Duration quiet, List<String> command) {
        this(system, clients, timeLimit, nemesis, fencing, seed, sessionTimeout, nemesisInterval, holdMax, quiet, command, Persistence.NONE);
    }

    /** The nemeses a user picks; named scenarios use further choreographies ({@link #SCENARIO_NEMESES}). */
    public static final List<String> NEMESES = NemesisPlans.PUBLIC;
    public static final List<String> SCENARIO_NEMESES = NemesisPlans.SCENARIO;

    public RunSpec {
        if (clients < 1 || clients > 50) throw new IllegalArgumentException("--clients must be 1 to 50, not " + clients);
        if (!NEMESES.contains(nemesis) && !SCENARIO_NEMESES.contains(nemesis)) {
            throw new IllegalArgumentException("--nemesis '" + nemesis + "'; expected one of " + String.join(", ", NEMESES)
                    + " (or a scenario's: " + String.join(", ", SCENARIO_NEMESES) + ")");
        }
        command = List.copyOf(command);
        if (holdMin.compareTo(holdMax) > 0) throw new IllegalArgumentException("the shortest hold " + holdMin + " exceeds the longest " + holdMax);
    }

    /** How long a client is frozen by pause-client: past its session, so that its lease expires. */
    public Duration clientPause() {
        Duration twice = sessionTimeout.multipliedBy(2);
        return twice.compareTo(nemesisInterval) > 0 ? twice : nemesisInterval;
    }

    /** How long the driver waits for a client's answer before the operation is unknown (info). */
    public Duration opTimeout() {
        return clientPause().plus(sessionTimeout).plusSeconds(5);
    }

    /** How long an acquire waits for the lock. */
    public Duration acquireTimeout() {
        return sessionTimeout.plusSeconds(1);
    }
}
