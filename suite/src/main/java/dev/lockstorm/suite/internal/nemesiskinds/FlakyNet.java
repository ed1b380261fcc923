package dev.lockstorm.suite.internal.nemesiskinds;

import dev.lockstorm.clusters.lab.Host;
import dev.lockstorm.nemesis.CutStyle;
import dev.lockstorm.nemesis.Fault;
import dev.lockstorm.nemesis.Grudge;
import dev.lockstorm.nemesis.Schedule;

import java.util.List;
import java.util.Optional;

/**
 * {@code flaky-net}: right after a grant, the holder's links to every server fail, in turn, the
 * three ways real links fail, each for around the lease: silently (a black hole: the holder learns
 * nothing until its own timeouts run out, and a renewal sent into it just vanishes), with resets
 * (it learns at once that its connections are gone), and one way (its requests arrive and are
 * applied, their replies are lost: a renewal or a release that took effect while its caller was
 * told it failed). What the holder does in the meantime is what tells the locks apart.
 */
public record FlakyNet() implements NemesisKind {
    @Override
    public String name() {
        return "flaky-net";
    }

    @Override
    public String description() {
        return "right after an acquire, in turn: the holder's links to every server black-holed, answered with resets, or one way"
                + " (requests applied, replies lost), each for around the lease";
    }

    @Override
    public boolean cutsClients(dev.lockstorm.api.Topology topology) {
        return true;
    }

    @Override
    public Optional<NemesisPlan> plan(Targets t) {
        Rhythm r = t.rhythm();
        List<Host> servers = t.cluster().hosts();
        Fault blackhole = new Fault.Partition("blackhole-holder", () -> Grudge.cutOff(IsolateHolder.holder(t), servers));
        Fault reset = new Fault.Partition("reset-holder", () -> Grudge.cutOff(IsolateHolder.holder(t), servers).withStyle(CutStyle.RESET));
        Fault oneWay = new Fault.Partition("replies-lost-holder", () -> Grudge.repliesLost(IsolateHolder.holder(t), servers));
        return Optional.of(Schedule.alternating(List.of(List.of(blackhole), List.of(reset), List.of(oneWay)), r.interval(), r.interval(), t.random())
                .around(List.of(r.lease(), r.lease().plusSeconds(1))).when(t::justAcquired)::run);
    }
}
