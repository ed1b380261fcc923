package dev.lockstorm.nemesis;

import dev.lockstorm.clusters.Node;
import dev.lockstorm.clusters.lab.Host;
import dev.lockstorm.clusters.lab.HostProcess;

import java.time.Duration;
import java.util.List;

/**
 * What a nemesis can do to a run, each step reported as a {@link NemesisAction} and undone exactly
 * by its heal or by {@link #healAll}. {@link LabNemesis} does it to a lab's hosts and processes; a
 * plan (a {@link Schedule}, a scenario's choreography) is written against this interface and keeps
 * time by {@link #pace()}, so that the same plan can be run against a recording stand-in, in
 * virtual time, to see what it would inject, when and against what.
 */
public interface Nemesis extends AutoCloseable {

    /** The time plans keep: real time for a lab. */
    default Pace pace() {
        return Pace.REAL;
    }

    /** A host of the run by its name (n1, c2), as a recorded schedule names it. */
    Host host(String name);

    /**
     * Replaces the links {@code f}'s family broke (a cut, lossy or slow links) with {@code f}'s, host by
     * host: its rules on every host it names, the family's taken off the hosts it does not.
     */
    void links(HostRules f);

    /** Makes every link {@code family} broke whole again; nothing, and no event, when it broke none. */
    void healLinks(Class<? extends HostRules> family);

    /** Replaces any partition with {@code grudge}. */
    default void partition(Grudge grudge) {
        links(grudge);
    }

    /** Removes every partition. */
    default void healPartition() {
        healLinks(Grudge.class);
    }

    /** Replaces any lossy links with {@code loss}. */
    default void loss(Loss loss) {
        links(loss);
    }

    /** Makes every lossy link whole again. */
    default void healLoss() {
        healLinks(Loss.class);
    }

    /** Replaces any slow links with {@code slow}. */
    default void slow(Slow slow) {
        links(slow);
    }

    /** Makes every slow link fast again. */
    default void healSlow() {
        healLinks(Slow.class);
    }

    /** Replaces any delayed links with {@code delay}'s. */
    void delay(Delay delay);

    /** No delayed link from now on. */
    void healDelay();

    /** SIGSTOP: the process freezes as in a long GC pause. */
    default void pause(HostProcess p) {
        pause(p, null);
    }

    /** SIGSTOP, aimed: {@code aimedAt} says what the fault was aimed at and hit ("holder"), or null. */
    void pause(HostProcess p, String aimedAt);

    /** Whether this nemesis froze {@code p} and has not resumed it yet. */
    boolean froze(HostProcess p);

    /** SIGCONT. */
    void resume(HostProcess p);

    /** Resumes every paused process. */
    void resumeAll();

    /** A fault that found nothing to hit: recorded as a {@code missed} event with the reason, and nothing else done. */
    void missed(String why);

    /** SIGKILL a node; its data stays. */
    void kill(Node node);

    /** Starts a killed (or stopped) node again on its data. */
    void restart(Node node);

    /** SIGKILL a client process, with whatever lock it holds; nothing to undo. */
    default void killClient(ClientProcess v) {
        killClient(v, null);
    }

    /** SIGKILL a client process, aimed: {@code aimedAt} says what the fault was aimed at and hit ("holder"), or null. */
    void killClient(ClientProcess v, String aimedAt);

    /** Stops these clients' lease renewals; they run on. */
    void holdRenewals(List<RenewalSwitch> switches);

    /** Lets these clients renew their leases again. */
    void resumeRenewals(List<RenewalSwitch> switches);

    /** Jumps a process's realtime clock by {@code delta} (negative: back). */
    void clockJump(ClockFault c, Duration delta);

    /** Makes a process's realtime clock run at {@code rate} times real speed. */
    void clockRate(ClockFault c, double rate);

    /** Makes a process's monotonic clock (and its timed waits) run at {@code rate} times real speed. */
    void monotonicClockRate(ClockFault c, double rate);

    /** Jumps a clock by {@code delta} and back every {@code period} for {@code total} (blocking), then leaves it reset. */
    void clockStrobe(ClockFault c, Duration delta, Duration period, Duration total);

    /** Real time again for this process. */
    void clockReset(ClockFault c);

    /** Undoes everything this nemesis did; idempotent. */
    void healAll();

    /** What is broken now, for progress lines: e.g. {@code partition n1,n2; paused zk-n3}. */
    String active();

    /** Runs {@code step} on behalf of the fault called {@code name}: every action it records carries the name. */
    void asFault(String name, Runnable step);

    /** Heals everything. */
    @Override
    void close();
}
