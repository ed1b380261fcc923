package dev.lockstorm.suite.internal.nemesiskinds;

import dev.lockstorm.clusters.ProcessNode;
import dev.lockstorm.nemesis.Fault;
import dev.lockstorm.nemesis.Schedule;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@code clock}: right after a client acquired, a server's realtime clock jumps past the lease,
 * runs three times fast or strobes (servers under the clock shim: Redis masters, a database); a client's clock
 * jumps ±60 s or strobes.
 */
public record Clock() implements NemesisKind {
    @Override
    public String name() {
        return "clock";
    }

    @Override
    public String description() {
        return "right after an acquire, a Redis or database server's clock jumps past the lease, runs fast or strobes; client clocks jump ±60 s or strobe";
    }

    @Override
    public boolean movesServerClocks() {
        return true;
    }

    @Override
    public boolean movesClientClocks() {
        return true;
    }

    @Override
    public Optional<NemesisPlan> plan(Targets t) {
        List<Fault> faults = new ArrayList<>(serverFaults(t));
        faults.addAll(clientFaults(t));
        if (faults.isEmpty()) throw new IllegalStateException("the clock nemesis has no clock to move");
        Rhythm r = t.rhythm();
        return Optional.of(Schedule.random(faults, r.interval(), r.interval(), t.random()).when(t::justAcquired)::run);
    }

    /** For every client under the clock shim: its realtime clock jumps a minute (ahead or back), or strobes. */
    static List<Fault> clientFaults(Targets t) {
        List<Fault> faults = new ArrayList<>();
        for (Client c : t.clients()) {
            if (c.clock() == null) continue;
            faults.add(new Fault.ClockJump("client-jump-" + c.host().name(), c.clock(), Duration.ofSeconds(t.random().nextBoolean() ? 60 : -60)));
            faults.add(new Fault.ClockStrobe("client-strobe-" + c.host().name(), c.clock(), Duration.ofSeconds(20), Duration.ofMillis(100),
                    Duration.ofSeconds(2)));
        }
        return faults;
    }

    /** For every server with a clock fault: a jump past the lease, running three times fast, strobing by the lease. */
    static List<Fault> serverFaults(Targets t) {
        Duration lease = t.rhythm().lease();
        List<Fault> faults = new ArrayList<>();
        for (ProcessNode n : t.cluster().nodes()) {
            t.cluster().clock(n).ifPresent(c -> {
                faults.add(new Fault.ClockJump("jump-" + n.host().name(), c, lease.multipliedBy(2)));
                faults.add(new Fault.ClockRate("fast-" + n.host().name(), c, 3.0));
                faults.add(new Fault.ClockStrobe("strobe-" + n.host().name(), c, lease, Duration.ofMillis(200), lease.multipliedBy(2)));
            });
        }
        return faults;
    }
}
