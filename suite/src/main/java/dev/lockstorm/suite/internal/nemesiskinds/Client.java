package dev.lockstorm.suite.internal.nemesiskinds;

import dev.lockstorm.clusters.lab.Host;
import dev.lockstorm.clusters.lab.HostProcess;
import dev.lockstorm.nemesis.ClockFault;

/** A client of the run as the nemesis sees it. */
public interface Client {
    /** The client's host (it outlives worker replacements). */
    Host host();

    /** The worker process now, or null while it is being replaced. */
    HostProcess worker();

    /** The process number in the history of its client now (a new one after each crash). */
    int process();

    /** Whether it believes it holds the lock now. */
    boolean holds();

    /** What it does with the lock: a plain lock's holder, or a read-write lock's reader or writer. */
    dev.lockstorm.suite.internal.workload.Role role();

    /** The clock fault of its host, or null when the nemesis does not move client clocks. */
    ClockFault clock();
}
