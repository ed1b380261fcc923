package dev.lockstorm.suite.internal.nemesiskinds;

import dev.lockstorm.clusters.Node;
import dev.lockstorm.clusters.lab.Host;
import dev.lockstorm.clusters.lab.HostProcess;
import dev.lockstorm.nemesis.ClientProcess;
import dev.lockstorm.nemesis.ClockFault;
import dev.lockstorm.nemesis.Delay;
import dev.lockstorm.nemesis.HostRules;
import dev.lockstorm.nemesis.Nemesis;
import dev.lockstorm.nemesis.Pace;
import dev.lockstorm.nemesis.RenewalSwitch;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A nemesis that writes down what it is asked to do, in the {@link PlanWorld}'s virtual time, and
 * keeps what is in force as {@link dev.lockstorm.nemesis.LabNemesis} does (a partition replaces the one
 * before it; a heal of nothing records nothing), so that a plan's heals can be checked as exactly as
 * its faults. Processes are signalled (a fake process freezes, resumes, dies) and clock faults moved
 * (a detached one keeps its skew), so the world sees what a lab would.
 */
final class RecordingNemesis implements Nemesis {

    /**
     * One thing done.
     *
     * @param atMs   when, in virtual milliseconds from the world's start
     * @param verb   what: partition, heal-partition, pause, resume, kill, restart, kill-client, clock-jump, …, missed, promote
     * @param on     the hosts, processes or clocks it was done to
     * @param fault  the fault it was done for ({@link #asFault}), or null
     * @param detail the grudge, loss, slow or delay, a clock's delta or rate, what a fault was aimed at, a miss's reason
     */
    record Act(long atMs, String verb, List<String> on, String fault, Object detail) {
        @Override
        public String toString() {
            return atMs + " ms " + verb + " " + on + (fault != null ? " (" + fault + ")" : "") + (detail != null ? " " + detail : "");
        }
    }

    private final PlanWorld world;
    final List<Act> acts = new ArrayList<>();
    private String fault;
    private final Map<Class<? extends HostRules>, HostRules> links = new LinkedHashMap<>();
    private Delay delay;
    private final Set<HostProcess> paused = new LinkedHashSet<>();
    private final Set<Node> killed = new LinkedHashSet<>();
    private final Set<ClockFault> clocks = new LinkedHashSet<>();
    private final Set<RenewalSwitch> renewalsHeld = new LinkedHashSet<>();

    RecordingNemesis(PlanWorld world) {
        this.world = world;
    }

    /** Records what the world did on a plan's behalf (a replica promoted). */
    void note(String verb, List<String> on) {
        record(verb, on, null);
    }

    private void record(String verb, List<String> on, Object detail) {
        acts.add(new Act(world.now() / 1_000_000, verb, List.copyOf(on), fault, detail));
    }

    /** Whether nothing is in force: every fault healed. */
    boolean quiet() {
        return links.isEmpty() && delay == null && paused.isEmpty() && killed.isEmpty() && clocks.isEmpty()
                && renewalsHeld.isEmpty();
    }

    @Override
    public Pace pace() {
        return world;
    }

    @Override
    public Host host(String name) {
        return world.host(name);
    }

    /** Recorded by its family's word: partition, loss, slow. */
    @Override
    public void links(HostRules f) {
        links.put(f.getClass(), f);
        record(f.kind(), f.names(), f);
    }

    @Override
    public void healLinks(Class<? extends HostRules> family) {
        HostRules f = links.remove(family);
        if (f != null) record("heal-" + f.kind(), List.of(), null);
    }

    @Override
    public void delay(Delay d) {
        delay = d;
        record("delay", d.names(), d);
    }

    @Override
    public void healDelay() {
        if (delay == null) return;
        delay = null;
        record("heal-delay", List.of(), null);
    }

    @Override
    public void pause(HostProcess p, String aimedAt) {
        p.signal("STOP");
        paused.add(p);
        record("pause", List.of(p.name()), aimedAt);
    }

    @Override
    public boolean froze(HostProcess p) {
        return paused.contains(p);
    }

    @Override
    public void resume(HostProcess p) {
        p.signal("CONT");
        paused.remove(p);
        record("resume", List.of(p.name()), null);
    }

    @Override
    public void resumeAll() {
        for (HostProcess p : List.copyOf(paused)) resume(p);
    }

    @Override
    public void missed(String why) {
        record("missed", List.of(), why);
    }

    @Override
    public void kill(Node node) {
        node.kill();
        killed.add(node);
        record("kill", List.of(node.host().name()), null);
    }

    @Override
    public void restart(Node node) {
        node.start();
        killed.remove(node);
        record("restart", List.of(node.host().name()), null);
    }

    @Override
    public void killClient(ClientProcess v, String aimedAt) {
        v.worker().kill();
        record("kill-client", List.of(v.worker().host().name()), aimedAt);
    }

    @Override
    public void holdRenewals(List<RenewalSwitch> switches) {
        if (switches.isEmpty()) return;
        renewalsHeld.addAll(switches);
        record("hold-renewals", switches.stream().map(RenewalSwitch::client).toList(), null);
    }

    @Override
    public void resumeRenewals(List<RenewalSwitch> switches) {
        List<RenewalSwitch> held = switches.stream().filter(renewalsHeld::contains).toList();
        if (held.isEmpty()) return;
        held.forEach(renewalsHeld::remove);
        record("resume-renewals", held.stream().map(RenewalSwitch::client).toList(), null);
    }

    @Override
    public void clockJump(ClockFault c, Duration delta) {
        c.jump(delta);
        clocks.add(c);
        record("clock-jump", List.of(c.host()), delta);
    }

    @Override
    public void clockRate(ClockFault c, double rate) {
        c.rate(rate);
        clocks.add(c);
        record("clock-rate", List.of(c.host()), rate);
    }

    @Override
    public void monotonicClockRate(ClockFault c, double rate) {
        clocks.add(c);
        record("monotonic-rate", List.of(c.host()), rate);
    }

    @Override
    public void clockStrobe(ClockFault c, Duration delta, Duration period, Duration total) {
        clocks.add(c);
        record("clock-strobe", List.of(c.host()), delta);
        world.sleep(total.toNanos());
        clockReset(c);
    }

    @Override
    public void clockReset(ClockFault c) {
        if (!clocks.remove(c)) return;
        c.reset();
        record("clock-reset", List.of(c.host()), null);
    }

    @Override
    public void healAll() {
        resumeAll();
        for (Class<? extends HostRules> family : List.copyOf(links.keySet())) healLinks(family);
        healDelay();
        for (ClockFault c : List.copyOf(clocks)) clockReset(c);
        resumeRenewals(List.copyOf(renewalsHeld));
        for (Node n : List.copyOf(killed)) restart(n);
    }

    @Override
    public String active() {
        return quiet() ? "none" : "something";
    }

    @Override
    public void asFault(String name, Runnable step) {
        String before = fault;
        fault = name;
        try {
            step.run();
        } finally {
            fault = before;
        }
    }

    @Override
    public void close() {
        healAll();
    }
}
