package dev.lockstorm.nemesis;

import dev.lockstorm.faults.FaultEffect;
import dev.lockstorm.faults.Words;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * A fault's value, by name: what it does and to which hosts, servers, clients or clocks ("cut n1
 * off from n2, n3", "freeze c3"); one record per family ({@link Grudge}, {@link Loss},
 * {@link Slow}, {@link Delay}, {@link Pause}, {@link Kill}, {@link KillClient}, {@link ClockJump},
 * {@link ClockRate}, {@link ClockStrobe}, {@link HoldRenewals}). A run's own fault chooses one when it
 * comes ("the leader" becomes n2, "the holder" becomes c3: {@link Fault.Chosen}); the history records
 * what it did, and {@link #recorded} reads that back as the action; a recorded schedule holds it as
 * a step, written to and read from {@code schedule.json} ({@link #fields()}, {@link #read}); and a
 * later run does it again to the same names. Either way {@link #inject} does it, through a
 * {@link Reach} that finds what the names are.
 */
public sealed interface Action permits Action.OnLinks, Action.OnHost, ClockJump, ClockRate, ClockStrobe, HoldRenewals {

    /** Each family's {@code schedule.json} kind and the reader of its fields: the one registration a family adds. */
    List<Kind> KINDS = List.of(new Kind(Grudge.KIND, Grudge::read), new Kind(Loss.KIND, Loss::read), new Kind(Slow.KIND, Slow::read),
            new Kind(Delay.KIND, Delay::read), new Kind(Pause.KIND, Pause::read), new Kind(Kill.KIND, Kill::read),
            new Kind(KillClient.KIND, KillClient::read), new Kind(ClockJump.KIND, ClockJump::read), new Kind(ClockRate.KIND, ClockRate::read),
            new Kind(ClockStrobe.KIND, ClockStrobe::read), new Kind(HoldRenewals.KIND, HoldRenewals::read));

    /** A step kind of {@code schedule.json} and how its fields are read, naming the step ({@code where}) in any error. */
    record Kind(String word, BiFunction<Map<?, ?>, String, ? extends Action> reader) {
    }

    /** The word {@code schedule.json} writes as the step's {@code kind}. */
    String kind();

    /** The fields that say what it acts on, besides {@code kind}. */
    Map<String, Object> fields();

    /** The hosts and clients it names. */
    List<String> names();

    /** One line for a person: "freeze c3", "cut n1 off from n2, n3". */
    String describe();

    /** Does it now, through the run {@code r} finds its names in (a run's own fault chosen a moment ago, or a recorded one played again); the heal undoes it. */
    Heal inject(Reach r);

    /** The hosts whose clocks it moves (a clock fault's names), none for another fault. */
    default List<String> clocksMoved() {
        return List.of();
    }

    /**
     * What it does to a client that stops itself at a checkpoint to receive it (a recorded step made at
     * one): freezes it, kills its worker, or nothing, for an action that cannot come at a checkpoint.
     */
    default AtPoint atPoint() {
        return AtPoint.NONE;
    }

    /** What an action does to a client stopped at a checkpoint. */
    enum AtPoint {
        FREEZES, KILLS, NONE
    }

    /** Whether it moves a monotonic clock, and the timed waits on it: the processes it names must start under the clock shim's monotonic part. */
    default boolean movesMonotonicClock() {
        return false;
    }

    /** Whether it holds clients' lease renewals, which the clients' workers must be started watching a switch for. */
    default boolean holdsRenewals() {
        return false;
    }

    /** Whether it delays links, which a run prepares for before its clients connect (a proxy in each client's namespace). */
    default boolean delaysLinks() {
        return false;
    }

    /** Whether it acts on network links (a cut, a lossy, slow or delayed link). */
    default boolean onLinks() {
        return false;
    }

    /** A fault on network links: each host by name with the hosts its links to are cut, lossy, slow or delayed. */
    sealed interface OnLinks extends Action permits HostRules, Delay {
        /** Each host with the hosts listed for it. */
        Map<String, List<String>> links();

        @Override
        default List<String> names() {
            return Links.names(links());
        }

        @Override
        default boolean onLinks() {
            return true;
        }

        /** Each host's links in words ({@code phrase} of the host and the hosts listed for it, joined), for {@link #describe()}. */
        default String describeLinks(java.util.function.BiFunction<String, String, String> phrase) {
            List<String> parts = new java.util.ArrayList<>();
            links().forEach((h, others) -> parts.add(phrase.apply(h, String.join(", ", others))));
            return String.join("; ", parts);
        }
    }

    /** A fault on one host's process, by the host's name: in {@code schedule.json} its {@code target}. */
    sealed interface OnHost extends Action permits Pause, Kill, KillClient {
        /** The host (n1, c3). */
        String host();

        @Override
        default Map<String, Object> fields() {
            return Map.of("target", host());
        }

        @Override
        default List<String> names() {
            return List.of(host());
        }
    }

    /**
     * The action a {@code schedule.json} step of {@code kind} says, from its fields as {@link #fields()}
     * writes them; bad input is an {@link IllegalArgumentException} that names the step ({@code where}),
     * the field, and what was expected.
     */
    static Action read(Map<?, ?> d, String kind, String where) {
        for (Kind k : KINDS) if (k.word().equals(kind)) return k.reader().apply(d, where);
        throw new IllegalArgumentException(where + ": kind " + Words.show(kind) + " is none of " + String.join(", ", KINDS.stream().map(Kind::word).toList()));
    }

    /**
     * What a recorded fault did, as the action that does it again: {@code effect} is its event's value
     * read back, {@code hosts} the hosts the event names (the first is a freeze's, a kill's or a
     * clock's). Empty when the history does not say enough to do it again.
     */
    static Optional<Action> recorded(FaultEffect effect, List<String> hosts) {
        String host = hosts.isEmpty() ? null : hosts.get(0);
        Function<Function<String, Action>, Optional<Action>> on = a -> host == null ? Optional.empty() : Optional.of(a.apply(host));
        return effect.accept(new FaultEffect.Visitor<>() {
            @Override
            public Optional<Action> cut(FaultEffect.Cut c) {
                return Grudge.recorded(c);
            }

            @Override
            public Optional<Action> loss(FaultEffect.Loss l) {
                return Loss.recorded(l);
            }

            @Override
            public Optional<Action> slow(FaultEffect.Slow s) {
                return Slow.recorded(s);
            }

            @Override
            public Optional<Action> delay(FaultEffect.Delay d) {
                return Delay.recorded(d);
            }

            @Override
            public Optional<Action> freeze(FaultEffect.Freeze f) {
                return on.apply(Pause::new);
            }

            @Override
            public Optional<Action> kill(FaultEffect.Kill k) {
                return on.apply(Kill::new);
            }

            @Override
            public Optional<Action> killClient(FaultEffect.KillClient k) {
                return on.apply(KillClient::new);
            }

            @Override
            public Optional<Action> renewals(FaultEffect.Renewals r) {
                return r.clients().isEmpty() ? Optional.empty() : Optional.of(new HoldRenewals(r.clients()));
            }

            @Override
            public Optional<Action> clock(FaultEffect.Clock c) {
                return c.move().accept(new FaultEffect.Move.Visitor<>() {
                    @Override
                    public Optional<Action> jump(FaultEffect.Move.Jump j) {
                        return on.apply(h -> new ClockJump(h, j.deltaMs()));
                    }

                    @Override
                    public Optional<Action> rate(FaultEffect.Move.Rate r) {
                        return on.apply(h -> new ClockRate(h, r.rate(), r.monotonic()));
                    }

                    @Override
                    public Optional<Action> strobe(FaultEffect.Move.Strobe st) {
                        return st.periodMs() == null ? Optional.empty() : on.apply(h -> new ClockStrobe(h, st.deltaMs(), st.periodMs()));
                    }

                    @Override
                    public Optional<Action> unknown(FaultEffect.Move.Unknown u) {
                        return Optional.empty();
                    }
                });
            }

            @Override
            public Optional<Action> other(FaultEffect.Other o) {
                return Optional.empty();
            }
        });
    }
}
