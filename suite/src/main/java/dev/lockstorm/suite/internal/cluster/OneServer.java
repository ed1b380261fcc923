package dev.lockstorm.suite.internal.cluster;

import dev.lockstorm.clusters.ProcessNode;
import dev.lockstorm.nemesis.ClockFault;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * A family's cluster of one server (a PostgreSQL or MariaDB server, dynalite): it leads, the clients
 * connect to it, and its clock is the one the run may move.
 *
 * @param connect what a lock client is given (a JDBC URL, an endpoint)
 * @param awaits  waits until it serves, or throws
 * @param resets  empties it between runs
 * @param clock   its clock fault, or null when the run does not move server clocks
 */
record OneServer(ProcessNode node, String connect, Consumer<Duration> awaits, Runnable resets, ClockFault clock) implements Cluster {
    @Override
    public List<ProcessNode> nodes() {
        return List.of(node);
    }

    @Override
    public Optional<ProcessNode> leader() {
        return Optional.of(node);
    }

    @Override
    public void awaitServing(Duration timeout) {
        awaits.accept(timeout);
    }

    @Override
    public boolean reset() {
        resets.run();
        return true;
    }

    @Override
    public Optional<ClockFault> clock(ProcessNode n) {
        return n == node ? Optional.ofNullable(clock) : Optional.empty();
    }
}
