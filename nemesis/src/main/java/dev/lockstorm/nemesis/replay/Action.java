package dev.lockstorm.nemesis.replay;

import dev.lockstorm.clusters.Node;
import dev.lockstorm.clusters.lab.HostProcess;
import dev.lockstorm.faults.CutStyle;
import dev.lockstorm.faults.FaultEffect;
import dev.lockstorm.faults.Words;
import dev.lockstorm.nemesis.ClientProcess;
import dev.lockstorm.nemesis.ClockFault;
import dev.lockstorm.nemesis.Fault;
import dev.lockstorm.nemesis.Grudge;
import dev.lockstorm.nemesis.Heal;
import dev.lockstorm.nemesis.Nemesis;
import dev.lockstorm.nemesis.RenewalSwitch;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A fault's value, by name: what it does and to which hosts, servers, clients or clocks ("cut n1
 * off from n2, n3", "freeze c3"). A run's own fault chooses one when it comes ("the leader" becomes
 * n2, "the holder" becomes c3: {@link dev.lockstorm.nemesis.Fault.Chosen}); the history records what
 * it did; a recorded schedule holds it as a step's action, written to and read from
 * {@code schedule.json} ({@link #fields()}, {@link #read}); and a later run does it again to the same
 * names. Either way {@link #inject} does it, through a {@link Reach} that finds what the names are.
 */
public sealed interface Action {

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

    /** Whether it acts on network links (a cut, a lossy, slow or delayed link). */
    default boolean onLinks() {
        return false;
    }

    /** A fault on network links. */
    sealed interface OnLinks extends Action permits Partition, Loss, Slow, Delay {
        @Override
        default boolean onLinks() {
            return true;
        }
    }

    /**
     * The action a {@code schedule.json} step of {@code kind} says, from its fields as {@link #fields()}
     * writes them; bad input is an {@link IllegalArgumentException} that names the step ({@code where}),
     * the field, and what was expected.
     */
    static Action read(Map<?, ?> d, String kind, String where) {
        return switch (kind) {
            case "partition" -> {
                Map<String, List<String>> refuses = StepFields.hostLists(d, "refuses", "the hosts it refuses, e.g. {\"n1\": [\"n2\", \"n3\"]}", where);
                String word = d.get("cut") == null ? CutStyle.BLACKHOLE.word() : String.valueOf(d.get("cut"));
                CutStyle cut = CutStyle.of(word).orElseThrow(() -> new IllegalArgumentException(where + ": \"cut\" is " + Words.show(d.get("cut"))
                        + ", none of " + CutStyle.words()));
                yield new Partition(refuses, cut);
            }
            case "loss" -> {
                Map<String, List<String>> from = StepFields.hostLists(d, "from", "the hosts it loses packets from, e.g. {\"c1\": [\"n1\"]}", where);
                long percent = StepFields.number(d, "percent", where).longValue();
                if (percent < 1 || percent > 100) throw new IllegalArgumentException(where + ": \"percent\" is 1 to 100, not " + percent);
                yield new Loss(from, (int) percent);
            }
            case "slow" -> {
                Map<String, List<String>> to = StepFields.hostLists(d, "to", "the hosts its packets to are slowed, e.g. {\"c1\": [\"n1\"]}", where);
                long kbit = StepFields.number(d, "kbit", where).longValue();
                if (!dev.lockstorm.nemesis.Slow.isRate(kbit)) throw new IllegalArgumentException(where + ": \"kbit\" is 1 to " + dev.lockstorm.nemesis.Slow.MAX_KBIT + ", not " + kbit);
                yield new Slow(to, (int) kbit);
            }
            case "delay" -> {
                Map<String, List<String>> to = StepFields.hostLists(d, "to", "each client and the servers its links to are delayed, e.g. {\"c1\": [\"n1\"]}", where);
                long ms = StepFields.number(d, "ms", where).longValue();
                long jitter = d.get("jitter_ms") == null ? 0 : StepFields.number(d, "jitter_ms", where).longValue();
                if (!dev.lockstorm.nemesis.Delay.isDelay(ms)) throw new IllegalArgumentException(where + ": \"ms\" is 1 to " + dev.lockstorm.nemesis.Delay.MAX_MS + ", not " + ms);
                if (!dev.lockstorm.nemesis.Delay.isJitter(jitter, ms)) throw new IllegalArgumentException(where + ": \"jitter_ms\" is 0 to \"ms\" (" + ms + "), not " + jitter);
                yield new Delay(to, (int) ms, (int) jitter);
            }
            case "pause" -> new Pause(StepFields.text(d, "target", where));
            case "kill" -> new Kill(StepFields.text(d, "target", where));
            case "kill-client" -> new KillClient(StepFields.text(d, "target", where));
            case "clock-jump" -> {
                List<String> hosts = d.get("targets") != null ? StepFields.strings(d.get("targets")) : List.of(StepFields.text(d, "target", where));
                if (hosts.isEmpty()) throw new IllegalArgumentException(where + ": \"targets\" must list the hosts whose clocks move together, e.g. [\"c1\", \"c2\"]");
                yield new ClockJump(hosts, StepFields.number(d, "delta_ms", where).longValue());
            }
            case "clock-rate" -> {
                Object clock = d.get("clock") == null ? "realtime" : d.get("clock");
                if (!clock.equals("realtime") && !clock.equals(FaultEffect.MONOTONIC)) {
                    throw new IllegalArgumentException(where + ": \"clock\" is \"realtime\" (the default) or \"monotonic\", not " + clock);
                }
                yield new ClockRate(StepFields.text(d, "target", where), StepFields.number(d, "rate", where).doubleValue(), clock.equals(FaultEffect.MONOTONIC));
            }
            case "clock-strobe" -> new ClockStrobe(StepFields.text(d, "target", where), StepFields.number(d, "delta_ms", where).longValue(),
                    StepFields.number(d, "period_ms", where).longValue());
            case "hold-renewals" -> {
                List<String> clients = StepFields.strings(d.get("targets"));
                if (clients.isEmpty()) throw new IllegalArgumentException(where + ": \"targets\" must list the clients, e.g. [\"c2\"]");
                yield new HoldRenewals(clients);
            }
            default -> throw new IllegalArgumentException(where + ": kind " + Words.show(kind)
                    + " is none of partition, loss, slow, delay, pause, kill, kill-client, clock-jump, clock-rate, clock-strobe, hold-renewals");
        };
    }

    /** An unmodifiable copy of each host with the hosts listed for it (a cut's, a lossy or slow link's). */
    private static Map<String, List<String>> copyOf(Map<String, List<String>> byHost) {
        Map<String, List<String>> copy = new LinkedHashMap<>();
        byHost.forEach((k, v) -> copy.put(k, List.copyOf(v)));
        return java.util.Collections.unmodifiableMap(copy);
    }

    /** Every host named in {@code byHost}, listing or listed. */
    private static List<String> namesIn(Map<String, List<String>> byHost) {
        java.util.Set<String> out = new java.util.LinkedHashSet<>(byHost.keySet());
        byHost.values().forEach(out::addAll);
        return List.copyOf(out);
    }

    /**
     * A network cut: each host refuses the hosts listed for it (as {@code Grudge.toData} writes it),
     * the packets refused as {@code cut} says (a {@link dev.lockstorm.faults.CutStyle}).
     */
    record Partition(Map<String, List<String>> refuses, dev.lockstorm.faults.CutStyle cut) implements OnLinks {
        public Partition {
            refuses = copyOf(refuses);
            java.util.Objects.requireNonNull(cut, "cut");
        }

        /** A cut whose refused packets are dropped silently. */
        public Partition(Map<String, List<String>> refuses) {
            this(refuses, dev.lockstorm.faults.CutStyle.BLACKHOLE);
        }

        /** The grudge's hosts by name. */
        public static Partition of(Grudge g) {
            return new Partition(g.toData(), g.style());
        }

        public String kind() {
            return "partition";
        }

        public Map<String, Object> fields() {
            if (cut == dev.lockstorm.faults.CutStyle.BLACKHOLE) return Map.of("refuses", refuses);
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("refuses", refuses);
            m.put("cut", cut.word());
            return m;
        }

        public List<String> names() {
            return namesIn(refuses);
        }

        public String describe() {
            List<String> parts = new java.util.ArrayList<>();
            refuses.forEach((h, others) -> parts.add(h + " cut off from " + String.join(", ", others)));
            String how = switch (cut) {
                case BLACKHOLE -> "";
                case RESET -> " (answered with resets)";
                case INBOUND -> " (what arrives dropped, what leaves sent)";
            };
            return String.join("; ", parts) + how;
        }

        public Heal inject(Reach r) {
            r.nemesis().partition(new Grudge(r.hosts(refuses), cut));
            return r.owning(Partition.class, r.nemesis()::healPartition);
        }
    }

    /** Lossy links: each host loses {@code percent} of the packets from the hosts listed for it (as {@code Loss.toData} writes it). */
    record Loss(Map<String, List<String>> from, int percent) implements OnLinks {
        public Loss {
            from = copyOf(from);
            if (percent < 1 || percent > 100) throw new IllegalArgumentException("a loss is a share of 1 to 100 percent, not " + percent);
        }

        /** The lossy links' hosts by name. */
        public static Loss of(dev.lockstorm.nemesis.Loss l) {
            return new Loss(l.toData(), l.percent());
        }

        public String kind() {
            return "loss";
        }

        public Map<String, Object> fields() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("from", from);
            m.put("percent", percent);
            return m;
        }

        public List<String> names() {
            return namesIn(from);
        }

        public String describe() {
            List<String> parts = new java.util.ArrayList<>();
            from.forEach((h, others) -> parts.add(h + " losing " + percent + "% of what " + String.join(", ", others) + " send"));
            return String.join("; ", parts);
        }

        public Heal inject(Reach r) {
            r.nemesis().loss(new dev.lockstorm.nemesis.Loss(r.hosts(from), percent));
            return r.owning(Loss.class, r.nemesis()::healLoss);
        }
    }

    /** Slow links: each host sends to the hosts listed for it at {@code kbit} kilobits a second (as {@code Slow.toData} writes it). */
    record Slow(Map<String, List<String>> to, int kbit) implements OnLinks {
        public Slow {
            to = copyOf(to);
            if (!dev.lockstorm.nemesis.Slow.isRate(kbit)) {
                throw new IllegalArgumentException("a slow link's rate is 1 to " + dev.lockstorm.nemesis.Slow.MAX_KBIT + " kbit/s, not " + kbit);
            }
        }

        /** The slow links' hosts by name. */
        public static Slow of(dev.lockstorm.nemesis.Slow s) {
            return new Slow(s.toData(), s.kbit());
        }

        public String kind() {
            return "slow";
        }

        public Map<String, Object> fields() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("to", to);
            m.put("kbit", kbit);
            return m;
        }

        public List<String> names() {
            return namesIn(to);
        }

        public String describe() {
            List<String> parts = new java.util.ArrayList<>();
            to.forEach((h, others) -> parts.add(h + " sending " + kbit + " kbit/s to " + String.join(", ", others)));
            return String.join("; ", parts);
        }

        public Heal inject(Reach r) {
            r.nemesis().slow(new dev.lockstorm.nemesis.Slow(r.hosts(to), kbit));
            return r.owning(Slow.class, r.nemesis()::healSlow);
        }
    }

    /**
     * Delayed links: what passes between each client and the servers listed for it waits {@code ms}
     * ± {@code jitterMs} each way (as {@code Delay.toData} writes it).
     */
    record Delay(Map<String, List<String>> to, int ms, int jitterMs) implements OnLinks {
        public Delay {
            to = copyOf(to);
            if (!dev.lockstorm.nemesis.Delay.isDelay(ms)) throw new IllegalArgumentException("a delay is 1 to " + dev.lockstorm.nemesis.Delay.MAX_MS + " ms, not " + ms);
            if (!dev.lockstorm.nemesis.Delay.isJitter(jitterMs, ms)) throw new IllegalArgumentException("a delay's jitter is 0 to its delay, not " + jitterMs);
        }

        /** The delayed links' hosts by name. */
        public static Delay of(dev.lockstorm.nemesis.Delay d) {
            return new Delay(d.toData(), d.ms(), d.jitterMs());
        }

        public String kind() {
            return "delay";
        }

        public Map<String, Object> fields() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("to", to);
            m.put("ms", ms);
            m.put("jitter_ms", jitterMs);
            return m;
        }

        public List<String> names() {
            return namesIn(to);
        }

        public String describe() {
            List<String> parts = new java.util.ArrayList<>();
            to.forEach((h, others) -> parts.add(h + "'s links to " + String.join(", ", others) + " delayed " + ms + " ± " + jitterMs + " ms"));
            return String.join("; ", parts);
        }

        public Heal inject(Reach r) {
            r.nemesis().delay(new dev.lockstorm.nemesis.Delay(r.hosts(to), ms, jitterMs));
            return r.owning(Delay.class, r.nemesis()::healDelay);
        }
    }

    /** SIGSTOP of a server's process or of a client's worker (by its host: n1, c3); the heal resumes it. */
    record Pause(String host) implements Action {
        public String kind() {
            return "pause";
        }

        public Map<String, Object> fields() {
            return Map.of("target", host);
        }

        public List<String> names() {
            return List.of(host);
        }

        public String describe() {
            return "freeze " + host;
        }

        /** A client that stopped itself at a checkpoint, the holder now or a named client, or a server. */
        public Heal inject(Reach r) {
            Nemesis n = r.nemesis();
            HostProcess reached = r.reachedCheckpoint();
            if (reached != null) {
                n.pause(reached); // stopped already, by itself: recorded now, with its host
                return () -> n.resume(reached);
            }
            if (r.isClient(host)) {
                ClientProcess c = r.aimed(host, (p, aim) -> n.pause(p.worker(), aim));
                return () -> n.resume(c.worker());
            }
            HostProcess server = r.serverProcess(host);
            if (server == null) throw new Fault.Missed(host + " has no process to freeze");
            n.pause(server);
            return () -> n.resume(server);
        }
    }

    /** SIGKILL of a server; the heal starts it again on its data. */
    record Kill(String host) implements Action {
        public String kind() {
            return "kill";
        }

        public Map<String, Object> fields() {
            return Map.of("target", host);
        }

        public List<String> names() {
            return List.of(host);
        }

        public String describe() {
            return "kill " + host;
        }

        public Heal inject(Reach r) {
            Node node = r.node(host);
            r.nemesis().kill(node);
            return () -> r.nemesis().restart(node);
        }
    }

    /** SIGKILL of a client's worker: nothing to heal, the client goes on as a new process. */
    record KillClient(String client) implements Action {
        public String kind() {
            return "kill-client";
        }

        public Map<String, Object> fields() {
            return Map.of("target", client);
        }

        public List<String> names() {
            return List.of(client);
        }

        public String describe() {
            return "kill " + client;
        }

        public Heal inject(Reach r) {
            r.aimed(client, r.nemesis()::killClient);
            return () -> { };
        }
    }

    /**
     * The realtime clocks of {@code hosts} jumped by {@code deltaMs} (negative: back) in one action
     * (the clock nemesis moves the holder's and every waiter's at once); the heal resets them.
     */
    record ClockJump(List<String> hosts, long deltaMs) implements Action {
        public ClockJump {
            hosts = List.copyOf(hosts);
            if (hosts.isEmpty()) throw new IllegalArgumentException("a clock jump moves at least one host's clock");
        }

        /** One host's clock. */
        public ClockJump(String host, long deltaMs) {
            this(List.of(host), deltaMs);
        }

        public String kind() {
            return "clock-jump";
        }

        public Map<String, Object> fields() {
            return hosts.size() == 1 ? Map.of("target", hosts.get(0), "delta_ms", deltaMs) : Map.of("targets", hosts, "delta_ms", deltaMs);
        }

        public List<String> names() {
            return hosts;
        }

        public String describe() {
            return "move " + String.join(", ", hosts) + (hosts.size() == 1 ? "'s clock " : "'s clocks together ") + (deltaMs < 0 ? "back " : "ahead ")
                    + Math.abs(deltaMs) / 1000.0 + " s";
        }

        /** Every clock of the one recorded action, together. */
        public Heal inject(Reach r) {
            List<ClockFault> moved = hosts.stream().map(r::clock).toList();
            moved.forEach(c -> r.nemesis().clockJump(c, Duration.ofMillis(deltaMs)));
            return () -> moved.forEach(r.nemesis()::clockReset);
        }

        @Override
        public List<String> clocksMoved() {
            return hosts;
        }
    }

    /**
     * A host's realtime clock (or, {@code monotonic}, its monotonic clock and timed waits) running at
     * {@code rate} times real speed; the heal resets it.
     */
    record ClockRate(String host, double rate, boolean monotonic) implements Action {
        public ClockRate(String host, double rate) {
            this(host, rate, false);
        }

        public String kind() {
            return "clock-rate";
        }

        public Map<String, Object> fields() {
            return monotonic ? Map.of("target", host, "rate", rate, "clock", FaultEffect.MONOTONIC) : Map.of("target", host, "rate", rate);
        }

        public List<String> names() {
            return List.of(host);
        }

        public String describe() {
            return "run " + host + "'s " + (monotonic ? "monotonic " : "") + "clock at " + rate + "×";
        }

        public Heal inject(Reach r) {
            ClockFault c = r.clock(host);
            if (monotonic) r.nemesis().monotonicClockRate(c, rate);
            else r.nemesis().clockRate(c, rate);
            return () -> r.nemesis().clockReset(c);
        }

        @Override
        public List<String> clocksMoved() {
            return List.of(host);
        }
    }

    /** A host's clock jumped by {@code deltaMs} and back every {@code periodMs}, for the step's length. */
    record ClockStrobe(String host, long deltaMs, long periodMs) implements Action {
        public String kind() {
            return "clock-strobe";
        }

        public Map<String, Object> fields() {
            return Map.of("target", host, "delta_ms", deltaMs, "period_ms", periodMs);
        }

        public List<String> names() {
            return List.of(host);
        }

        public String describe() {
            return "strobe " + host + "'s clock by " + deltaMs / 1000.0 + " s";
        }

        /** Blocks for the step's length, then leaves the clock reset. */
        public Heal inject(Reach r) {
            r.nemesis().clockStrobe(r.clock(host), Duration.ofMillis(deltaMs), Duration.ofMillis(periodMs), r.length());
            return () -> { };
        }

        @Override
        public List<String> clocksMoved() {
            return List.of(host);
        }
    }

    /** These clients' lease renewals held (they run on); the heal lets them renew. */
    record HoldRenewals(List<String> clients) implements Action {
        public HoldRenewals {
            clients = List.copyOf(clients);
        }

        public String kind() {
            return "hold-renewals";
        }

        public Map<String, Object> fields() {
            return Map.of("targets", clients);
        }

        public List<String> names() {
            return clients;
        }

        public String describe() {
            return "hold " + String.join(", ", clients) + "'s lease renewals";
        }

        public Heal inject(Reach r) {
            List<RenewalSwitch> switches = clients.stream().map(r::renewalSwitch).toList();
            r.nemesis().holdRenewals(switches);
            return () -> r.nemesis().resumeRenewals(switches);
        }
    }
}
