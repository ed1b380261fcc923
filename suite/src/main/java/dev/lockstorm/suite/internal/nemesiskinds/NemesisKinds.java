package dev.lockstorm.suite.internal.nemesiskinds;

import dev.lockstorm.locks.internal.names.DidYouMean;

import java.util.List;
import java.util.stream.Stream;

/** Every {@link NemesisKind}: the one place help texts, validation and the matrix's columns come from. */
public final class NemesisKinds {
    /** The kinds a user picks, Jepsen's. */
    public static final List<NemesisKind> USER = List.of(new NoFaults(), new Partition(), new PauseNode(), new PauseClient(), new Kill(),
            new KillClient(), new Clock(), new FlakyNet(), new DelayHolder(), DelayHolder.toResource(), new FlakyNet(true),
            new ResourceDown(false), new ResourceDown(true), new Mix());
    /** The named scenarios' choreographies. */
    public static final List<NemesisKind> CHOREOGRAPHIES = List.of(PauseClient.pastTheLease(), new SplitClock(), new SplitKill(false), new SplitKill(true),
            new PauseInAcquire(), new Failover(false), new Failover(true), new IsolateHolder(), IsolateHolder.briefly(), IsolateHolder.twoLeases(), new IsolateNode(), new SplitBrain(), new HoldWaiterRenewals(),
            new WaiterClockAhead(), new WaiterClockFast(), new ServerClockAhead(), new FailoverPromote(), new ExpiryReconnect(), new Kill(true),
            new DelayLastServer(), DelayHolder.longer(), new RepliesLost(), RepliesLost.briefly(), new PauseInHold(dev.lockstorm.suite.internal.workload.Role.WRITER), new PauseInHold(dev.lockstorm.suite.internal.workload.Role.READER));

    private NemesisKinds() {
    }

    public static List<NemesisKind> all() {
        return Stream.concat(USER.stream(), CHOREOGRAPHIES.stream()).toList();
    }

    /** The kind called {@code name}; an {@link IllegalArgumentException} naming every kind otherwise. */
    public static NemesisKind byName(String name) {
        return all().stream().filter(k -> k.name().equals(name)).findFirst().or(() -> AtCheckpoint.parse(name))
                .orElseThrow(() -> {
                    String guess = DidYouMean.phrase(name, all().stream().map(NemesisKind::name).toList());
                    return new IllegalArgumentException("unknown nemesis '" + name + "'; " + (guess != null ? guess + " (" : "")
                            + "expected one of " + names(USER) + ", pause-at:CHECKPOINT or kill-at:CHECKPOINT; 'lockstorm list' shows the"
                            + " scenarios' own" + (guess != null ? ")" : ""));
                });
    }

    public static String names(List<NemesisKind> kinds) {
        return String.join(", ", kinds.stream().map(NemesisKind::name).toList());
    }

    public static NemesisKind none() {
        return USER.get(0);
    }
}
