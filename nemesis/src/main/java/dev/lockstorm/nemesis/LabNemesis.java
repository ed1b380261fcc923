package dev.lockstorm.nemesis;

import dev.lockstorm.clusters.Node;
import dev.lockstorm.clusters.lab.Host;
import dev.lockstorm.clusters.lab.HostProcess;
import dev.lockstorm.clusters.lab.Lab;
import dev.lockstorm.clusters.lab.LabException;
import dev.lockstorm.clusters.lab.Wait;
import dev.lockstorm.faults.FaultEffect;
import dev.lockstorm.faults.NemesisEvent;
import dev.lockstorm.nemesis.delay.DelayLinks;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * Injects faults into a lab and undoes each one exactly: partitions (an nft table per host,
 * replaced in one transaction), lossy links (a table of their own), slow links (an HTB qdisc), delayed links (the clients' delay proxies), pauses (SIGSTOP/SIGCONT), kills and restarts, clock faults, and
 * clients' lease renewals held. It remembers what
 * it did, so that {@link #healAll} — also run by {@link #close} — puts everything back, however
 * often it is called. Every action is reported as a {@link NemesisAction}: a fault's beginning
 * before it is done, its end after it is undone, so that the history never shows what a fault
 * caused before the fault (a server frees a killed client's lock, or expires a key under a clock
 * moved ahead, the instant the fault lands; a grant that follows then comes after it).
 *
 * <pre>{@code
 * try (Nemesis nemesis = new LabNemesis(lab, event -> history.nemesis(event))) {
 *     nemesis.partition(Grudge.isolate(leader.host(), lab.hosts()));
 *     ...
 * } // healAll: every partition removed, every process resumed, every killed node restarted
 * }</pre>
 */
public final class LabNemesis implements Nemesis {
    private final Lab lab;
    private final Consumer<NemesisAction> events;
    /** Each family of links broken by hosts' rules, with the fault that did it last and the hosts that carry its rules. */
    private final Map<Class<? extends HostRules>, Ruled> ruled = new LinkedHashMap<>();
    private final Set<Host> delayed = new LinkedHashSet<>();
    private DelayLinks delayLinks;
    private final Set<HostProcess> paused = new LinkedHashSet<>();
    private final Set<Node> killed = new LinkedHashSet<>();
    private final Set<ClockFault> clocks = new LinkedHashSet<>();
    private final Set<RenewalSwitch> renewalsHeld = new LinkedHashSet<>();

    /** The fault a schedule is injecting or healing on this thread, if any (a clock strobe runs without the lock held). */
    private static final ThreadLocal<String> FAULT = new ThreadLocal<>();

    private final Thread onShutdown = new Thread(this::healQuietly, "lockstorm-nemesis-heal");

    private volatile boolean planEnded;
    private final Pace pace = Pace.REAL.endingWhen(() -> planEnded);

    /** A nemesis whose faults are also healed when the JVM is asked to stop (Ctrl-C, SIGTERM). */
    public LabNemesis(Lab lab, Consumer<NemesisAction> events) {
        this.lab = lab;
        this.events = events;
        Runtime.getRuntime().addShutdownHook(onShutdown);
    }

    /** Real time, cut short by {@link #endPlan}. */
    @Override
    public Pace pace() {
        return pace;
    }

    /**
     * Ends the plan running against this nemesis: its sleeps and waits return at once, so it stops
     * between steps and heals what it holds (a run whose history already shows what it was run for).
     */
    public void endPlan() {
        planEnded = true;
    }

    private void healQuietly() {
        try {
            healAll();
        } catch (RuntimeException e) {
            System.err.println("lockstorm: healing on shutdown: " + e.getMessage());
        }
    }

    public Lab lab() {
        return lab;
    }

    @Override
    public Host host(String name) {
        return lab.host(name);
    }

    /** A family's fault in force: its last, and the hosts carrying its rules. */
    private record Ruled(HostRules last, Set<Host> hosts) {
    }

    /**
     * Replaces the links {@code f}'s family broke with {@code f}'s, host by host (a host's rules change in
     * one step: an nft transaction, a tc batch); its beginning recorded first.
     */
    @Override
    public synchronized void links(HostRules f) {
        Map<Host, Set<Host>> links = Links.hosts(f.links(), this::host);
        events.accept(f.begins(begins(f.effect(), f.names())));
        Ruled before = ruled.get(f.getClass());
        Set<Host> carrying = before == null ? new LinkedHashSet<>() : before.hosts();
        ruled.put(f.getClass(), new Ruled(f, carrying));
        replace(carrying, links.keySet(), h -> f.apply(h, links), f::heal);
    }

    /** Takes {@code family}'s rules off every host that has them, then records its end. */
    @Override
    public synchronized void healLinks(Class<? extends HostRules> family) {
        Ruled r = ruled.get(family);
        if (r == null || r.hosts().isEmpty()) return;
        for (Host h : r.hosts()) r.last().heal(h);
        ruled.remove(family);
        events.accept(action(r.last().effect().opens().closer(), r.last().healed(), List.of()));
    }

    /**
     * The proxies the run's clients connect through, which {@link #delay} sets: installed before the
     * clients opened (a nemesis without them refuses a delay).
     */
    public synchronized void delayThrough(DelayLinks links) {
        this.delayLinks = links;
    }

    /** Replaces any delayed links with {@code delay}'s: from now on, what passes them waits its time each way. */
    @Override
    public synchronized void delay(Delay delay) {
        if (delayLinks == null) {
            throw new LabException("a delay needs the clients' connections to pass a delay proxy, set up before they opened;"
                    + " this run has none (its nemesis kind does not delay links)");
        }
        Map<Host, Set<Host>> to = Links.hosts(delay.to(), this::host);
        events.accept(begins(delay.effect(), delay.names()));
        delayLinks.delay(to, delay.ms(), delay.jitterMs());
        delayed.clear();
        delayed.addAll(to.keySet());
    }

    /** No delayed link from now on (bytes already waiting still wait their time). */
    @Override
    public synchronized void healDelay() {
        if (delayed.isEmpty()) return;
        delayLinks.heal();
        delayed.clear();
        events.accept(action(NemesisEvent.STOP_DELAY, "no delay", List.of()));
    }

    /**
     * Applies a fault's rules to each of {@code hosts} and heals the hosts of {@code active} that get
     * none now: a partition, a loss or slow links replace the ones before them, host by host.
     */
    private static void replace(Set<Host> active, Set<Host> hosts, Consumer<Host> apply, Consumer<Host> heal) {
        Set<Host> before = new LinkedHashSet<>(active);
        for (Host h : hosts) {
            apply.accept(h);
            active.add(h);
            before.remove(h);
        }
        for (Host h : before) {
            heal.accept(h);
            active.remove(h);
        }
    }

    /** SIGSTOP: the process freezes as in a long GC pause. */
    @Override
    public synchronized void pause(HostProcess p) {
        pause(p, null);
    }

    /**
     * SIGSTOP, aimed: {@code aimedAt} says what the fault was aimed at and hit ("holder"), recorded
     * with the event as {@code aimed_at}.
     */
    @Override
    public synchronized void pause(HostProcess p, String aimedAt) {
        events.accept(begins(new FaultEffect.Freeze(List.of(p.name())), List.of(p.host().name())).aimedAt(aimedAt));
        p.pause();
        paused.add(p);
    }

    /** A fault that found nothing to hit: recorded as a {@code missed} event with the reason, and nothing else done. */
    @Override
    public void missed(String why) {
        events.accept(action(NemesisEvent.MISSED, why, List.of()));
    }

    /** Whether this nemesis froze {@code p} and has not resumed it yet. */
    @Override
    public synchronized boolean froze(HostProcess p) {
        return paused.contains(p);
    }

    @Override
    public synchronized void resume(HostProcess p) {
        p.resume();
        paused.remove(p);
        events.accept(action(NemesisEvent.STOP_PAUSE, List.of(p.name()), List.of(p.host().name())));
    }

    /** Resumes every paused process. */
    @Override
    public synchronized void resumeAll() {
        if (paused.isEmpty()) return;
        List<String> names = paused.stream().map(HostProcess::name).toList();
        List<String> hosts = paused.stream().map(p -> p.host().name()).distinct().toList();
        for (HostProcess p : paused) p.resume();
        paused.clear();
        events.accept(action(NemesisEvent.STOP_PAUSE, names, hosts));
    }

    /** SIGKILL a node; its data stays. */
    @Override
    public synchronized void kill(Node node) {
        events.accept(begins(new FaultEffect.Kill(List.of(node.host().name())), List.of(node.host().name())));
        node.kill();
        killed.add(node);
    }

    /**
     * SIGKILL a client process: it crashes as a client does in production, with whatever lock it
     * holds. Nothing to undo: the driver finds it gone at its next operation and goes on with a new
     * process, as Jepsen does; what it held stays until its lease expires or its session ends.
     */
    @Override
    public synchronized void killClient(ClientProcess v) {
        killClient(v, null);
    }

    /** SIGKILL a client process, aimed: {@code aimedAt} says what the fault was aimed at and hit ("holder"), or null. */
    @Override
    public synchronized void killClient(ClientProcess v, String aimedAt) {
        // the history's process number: the checker takes the process as dead from this event on
        events.accept(begins(new FaultEffect.KillClient(List.of(v.process())), List.of(v.worker().host().name())).aimedAt(aimedAt));
        v.worker().kill();
    }

    /** Starts a killed (or stopped) node again on its data. */
    @Override
    public synchronized void restart(Node node) {
        node.start();
        killed.remove(node);
        events.accept(action(NemesisEvent.START, List.of(node.host().name()), List.of(node.host().name())));
    }

    /** Stops these clients' lease renewals; they run on, and their leases run out unless a heal comes first. */
    @Override
    public synchronized void holdRenewals(List<RenewalSwitch> switches) {
        if (switches.isEmpty()) return;
        events.accept(begins(new FaultEffect.Renewals(switches.stream().map(RenewalSwitch::client).toList()),
                switches.stream().map(s -> s.host().name()).toList()));
        switches.forEach(RenewalSwitch::hold);
        renewalsHeld.addAll(switches);
    }

    /** Lets these clients renew their leases again. */
    @Override
    public synchronized void resumeRenewals(List<RenewalSwitch> switches) {
        List<RenewalSwitch> held = switches.stream().filter(renewalsHeld::contains).toList();
        if (held.isEmpty()) return;
        held.forEach(RenewalSwitch::release);
        held.forEach(renewalsHeld::remove);
        events.accept(action(NemesisEvent.RESUME_RENEWALS, held.stream().map(RenewalSwitch::client).toList(),
                held.stream().map(s -> s.host().name()).toList()));
    }

    /** Jumps a process's realtime clock by {@code delta} (negative: back). */
    @Override
    public synchronized void clockJump(ClockFault c, java.time.Duration delta) {
        events.accept(begins(new FaultEffect.Clock(c.name(), new FaultEffect.Move.Jump(delta.toMillis())), List.of(c.host())));
        clocks.add(c);
        c.jump(delta);
    }

    /** Makes a process's realtime clock run at {@code rate} times real speed. */
    @Override
    public synchronized void clockRate(ClockFault c, double rate) {
        events.accept(begins(new FaultEffect.Clock(c.name(), new FaultEffect.Move.Rate(rate)), List.of(c.host())));
        clocks.add(c);
        c.rate(rate);
    }

    /**
     * Makes a process's monotonic clock run at {@code rate} times real speed, its timed waits with it
     * ({@link ClockFault#monotonicRate}); recorded as a {@code clock-rate} with {@code "clock": "monotonic"}.
     */
    @Override
    public synchronized void monotonicClockRate(ClockFault c, double rate) {
        events.accept(begins(new FaultEffect.Clock(c.name(), new FaultEffect.Move.Rate(rate, true)), List.of(c.host())));
        clocks.add(c);
        c.monotonicRate(rate);
    }

    /**
     * Strobes a clock: jumps it by {@code delta} and back every {@code period} for {@code total}
     * (blocking), then leaves it reset.
     */
    @Override
    public void clockStrobe(ClockFault c, java.time.Duration delta, java.time.Duration period, java.time.Duration total) {
        synchronized (this) {
            clocks.add(c);
            events.accept(begins(new FaultEffect.Clock(c.name(), new FaultEffect.Move.Strobe(delta.toMillis(), period.toMillis())), List.of(c.host())));
        }
        long end = System.nanoTime() + total.toNanos();
        boolean ahead = false;
        while (System.nanoTime() < end) {
            c.jump(ahead ? delta.negated() : delta);
            ahead = !ahead;
            Wait.sleep(period.toMillis());
        }
        clockReset(c);
    }

    /** Real time again for this process. */
    @Override
    public synchronized void clockReset(ClockFault c) {
        c.reset();
        clocks.remove(c);
        events.accept(action(NemesisEvent.CLOCK_RESET, List.of(c.name()), List.of(c.host())));
    }

    /**
     * Undoes everything this nemesis did: resumes paused processes, removes partitions, resets
     * clocks, lets held renewals go, restarts killed nodes. Idempotent; runs every step even when one fails, then reports.
     */
    @Override
    public synchronized void healAll() {
        List<String> problems = new ArrayList<>();
        run(problems, this::resumeAll);
        for (Class<? extends HostRules> family : new ArrayList<>(ruled.keySet())) run(problems, () -> healLinks(family));
        run(problems, this::healDelay);
        for (ClockFault c : new ArrayList<>(clocks)) run(problems, () -> clockReset(c));
        run(problems, () -> resumeRenewals(new ArrayList<>(renewalsHeld)));
        for (Node n : new ArrayList<>(killed)) run(problems, () -> restart(n));
        if (!problems.isEmpty()) throw new LabException("healAll could not undo everything: " + String.join("; ", problems));
    }

    /** What is broken now, for progress lines: e.g. {@code partition n1,n2; paused zk-n3}. */
    @Override
    public synchronized String active() {
        Map<String, String> m = new LinkedHashMap<>();
        ruled.values().forEach(r -> {
            if (!r.hosts().isEmpty()) m.put(r.last().kind(), r.hosts().stream().map(Host::name).collect(Collectors.joining(",")));
        });
        if (!delayed.isEmpty()) m.put("delay", delayed.stream().map(Host::name).collect(Collectors.joining(",")));
        if (!paused.isEmpty()) m.put("paused", paused.stream().map(HostProcess::name).collect(Collectors.joining(",")));
        if (!killed.isEmpty()) m.put("killed", killed.stream().map(n -> n.host().name()).collect(Collectors.joining(",")));
        if (!renewalsHeld.isEmpty()) m.put("renewals held", renewalsHeld.stream().map(RenewalSwitch::client).collect(Collectors.joining(",")));
        if (!clocks.isEmpty()) m.put("clock", clocks.stream().map(ClockFault::describe).collect(Collectors.joining(",")));
        return m.isEmpty() ? "none" : m.entrySet().stream().map(e -> e.getKey() + " " + e.getValue()).collect(Collectors.joining("; "));
    }

    /**
     * Runs {@code step} on behalf of the fault called {@code name}: every action it records carries
     * the name, so that the history and the report say which fault ("isolate-leader") did it.
     */
    @Override
    public void asFault(String name, Runnable step) {
        String before = FAULT.get();
        FAULT.set(name);
        try {
            step.run();
        } finally {
            FAULT.set(before);
        }
    }

    private static NemesisAction action(NemesisEvent event, Object value, List<String> hosts) {
        return new NemesisAction(event, value, hosts, FAULT.get());
    }

    /** The event that begins {@code effect}, written by its own record (the checker reads it back with the same one). */
    private static NemesisAction begins(FaultEffect effect, List<String> hosts) {
        return action(effect.opens(), effect.value(), hosts);
    }

    /** Heals everything and forgets the shutdown hook. */
    @Override
    public void close() {
        try {
            healAll();
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(onShutdown);
            } catch (IllegalStateException e) {
                // already shutting down: the hook runs anyway
            }
        }
    }

    private static void run(List<String> problems, Runnable step) {
        try {
            step.run();
        } catch (RuntimeException e) {
            problems.add(e.getMessage());
        }
    }

}
