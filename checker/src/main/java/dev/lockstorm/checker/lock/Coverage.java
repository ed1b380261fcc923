package dev.lockstorm.checker.lock;

import dev.lockstorm.checker.history.History;
import dev.lockstorm.checker.history.Op;
import dev.lockstorm.checker.history.OpType;
import dev.lockstorm.checker.history.RunFacts;
import dev.lockstorm.faults.FaultEffect;
import dev.lockstorm.faults.NemesisEvent;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * What a run exercised, computed from its history alone: how often each dangerous moment of a lock
 * was reached (a holder frozen past its lease, a holder cut off, a grant made during a fault, a
 * hold that outlived its lease, …). A valid verdict means little when none was: the summary says
 * so in words. Moments measured against the lease are counted only when the history says the lease
 * ({@link RunFacts}).
 *
 * <pre>{@code
 * Coverage c = Coverage.of(history, DoubleHolders.holds(history), FaultSpans.of(history));
 * if (!c.dangerousReached()) System.out.println(c.nothingDangerous());
 * }</pre>
 *
 * @param leaseNanos the run's lease, or -1 when the history does not say it
 * @param moments    every kind of moment, with how often it was reached (0 included), in a fixed order
 * @param clockMoves every clock a fault moved: whose, which way and by how much, and whether that
 *                   client held or was granted while it was moved ("c1's clock back 60.000 s, while it
 *                   held"); a clock fault whose moved clients neither held nor were granted tested nothing
 */
public record Coverage(long leaseNanos, List<Moment> moments, List<String> clockMoves) {
    public Coverage {
        moments = List.copyOf(moments);
        clockMoves = List.copyOf(clockMoves);
    }

    /**
     * One kind of moment and how often a run reached it.
     *
     * @param key       its identifier, as {@code --expect exercised:KEY} names it
     * @param label     a few words for a person
     * @param count     how often it was reached
     * @param dangerous whether reaching it is what makes a verdict mean something (faults that hit a holder, holds past a lease, grants during faults)
     */
    public record Moment(String key, String label, int count, boolean dangerous) {
    }

    /** The kinds of moment, in the order they are shown: each with its key ({@code --expect exercised:KEY}), its words and whether it is dangerous. */
    public enum Key {
        HOLDER_PAUSED_PAST_LEASE("holder-paused-past-lease", "holder paused past its lease"),
        /** Dangerous only when the history does not say the lease: then a holder paused at all is the best it can show. */
        HOLDER_PAUSED("holder-paused", "holder paused"),
        HOLDER_CUT_OFF("holder-cut-off", "holder cut off"),
        HOLDER_KILLED("holder-killed", "holder killed"),
        CLIENT_PAUSED_IN_ACQUIRE("client-paused-in-acquire", "client paused inside its acquire"),
        CLIENT_KILLED_IN_ACQUIRE("client-killed-in-acquire", "client killed inside its acquire"),
        HOLD_OUTLIVED_LEASE("hold-outlived-lease", "hold outlived its lease"),
        GRANT_DURING_FAULT("grant-during-fault", "grant during a fault"),
        GRANT_ON_MOVED_CLOCK("grant-on-moved-clock", "grant to a client whose clock was moved"),
        CLOCK_MOVED_WHILE_HELD("clock-moved-while-held", "clock moved while the lock was held"),
        SERVER_FAULT_WHILE_HELD("server-fault-while-held", "server paused or killed while the lock was held"),
        DOWNGRADE_CONTENDED("downgrade-contended", "downgrade with another writer waiting"),
        ACQUIRE_REFUSED("acquire-refused", "acquire refused (a waiter gave up)"),
        FAULTS_INJECTED("faults-injected", "faults injected"),
        FAULTS_MISSED("faults-missed", "faults that missed their target");

        private final String key;
        private final String label;

        Key(String key, String label) {
            this.key = key;
            this.label = label;
        }

        /** As {@code --expect exercised:KEY} and results.json name it. */
        public String key() {
            return key;
        }

        /** A few words for a person. */
        public String label() {
            return label;
        }

        /** Whether reaching it makes a verdict mean something (with the lease known or not). */
        public boolean dangerous(boolean leaseKnown) {
            return switch (this) {
                case HOLDER_PAUSED -> !leaseKnown;
                case ACQUIRE_REFUSED, FAULTS_INJECTED, FAULTS_MISSED -> false;
                default -> true;
            };
        }
    }

    /** The keys, in the order they are shown. */
    public static final List<String> KEYS = java.util.Arrays.stream(Key.values()).map(Key::key).toList();

    public static Coverage of(History h, List<HoldInterval> holds, List<FaultSpan> faults) {
        RunFacts facts = RunFacts.of(h);
        OptionalLong lease = facts.leaseNanos();
        // a hold outlives a lease that ends by itself (a fixed TTL); a renewed one ends only unrenewed for its TTL; a session
        // or no lease neither: moments measured against a lease that cannot end that way would mean nothing
        LeaseTerms terms = facts.leaseModel().map(LeaseTerms::of).orElse(null);
        boolean outlives = terms != null && terms.expiresByItself();
        OptionalLong unrenewed = terms == null || terms.ttl() < 0 || terms.kind() == LeaseTerms.Kind.SESSION ? OptionalLong.empty()
                : OptionalLong.of(terms.ttl());
        long end = h.size() == 0 ? 0 : h.get(h.size() - 1).time();
        Map<Key, Integer> n = new java.util.EnumMap<>(Key.class);
        for (Key k : Key.values()) n.put(k, 0);
        java.util.Set<String> clients = Incidents.clientHosts(h);
        // each kill-client event's processes, by the event's index: looked up once, not for every fault
        Map<Integer, List<Integer>> killedAt = new java.util.HashMap<>();
        h.kills().forEach((p, at) -> killedAt.computeIfAbsent(at.index(), i -> new ArrayList<>()).add(p));
        killedAt.values().forEach(java.util.Collections::sort);
        List<String> clockMoves = new ArrayList<>();
        dev.lockstorm.faults.Judging judgedByOne = dev.lockstorm.faults.Judging.one(facts.servers(), clients);
        for (FaultSpan f : faults) {
            n.merge(Key.FAULTS_INJECTED, 1, Integer::sum);
            long from = f.start().time();
            long to = f.end() == null ? end : f.end().time();
            List<Integer> processes = processes(killedAt, f);
            HoldInterval hit = heldAt(holds, f, processes, from, end);
            FaultEffect.OnProcess onProcess = f.effect().onProcess();
            if (processes.stream().anyMatch(p -> acquiring(h, p, f, clients))) {
                n.merge(onProcess == FaultEffect.OnProcess.FREEZES ? Key.CLIENT_PAUSED_IN_ACQUIRE : Key.CLIENT_KILLED_IN_ACQUIRE, 1, Integer::sum);
            }
            if (hit != null) {
                switch (onProcess) {
                    case FREEZES -> {
                        n.merge(Key.HOLDER_PAUSED, 1, Integer::sum);
                        if (unrenewed.isPresent() && to - from >= unrenewed.getAsLong()) n.merge(Key.HOLDER_PAUSED_PAST_LEASE, 1, Integer::sum);
                    }
                    case KILLS_CLIENT -> n.merge(Key.HOLDER_KILLED, 1, Integer::sum);
                    case CRASHES_SERVER, NONE -> {
                    }
                }
                // cut off from the lock's servers: a cut of its links to the resource's service alone is no such moment
                if (f.effect().onHolder(String.valueOf(hit.start().client()), judgedByOne).cut()) n.merge(Key.HOLDER_CUT_OFF, 1, Integer::sum);
            }
            boolean overHold = holds.stream().anyMatch(x -> overlaps(x, from, to, end));
            java.util.Optional<FaultEffect.Move> moved = f.effect().clockMove();
            if (moved.isPresent() && overHold) n.merge(Key.CLOCK_MOVED_WHILE_HELD, 1, Integer::sum);
            moved.ifPresent(move -> clockMoves.addAll(clockMoves(f, move, holds, clients, from, to, end)));
            boolean onServer = onProcess == FaultEffect.OnProcess.CRASHES_SERVER || onProcess == FaultEffect.OnProcess.FREEZES && processes.isEmpty();
            if (onServer && Incidents.onLockServer(f, facts.servers(), clients) && overHold) n.merge(Key.SERVER_FAULT_WHILE_HELD, 1, Integer::sum);
        }
        for (HoldInterval x : holds) {
            long t = x.start().time();
            if (faults.stream().anyMatch(f -> !f.effect().instant() && f.start().time() <= t && (f.end() == null || f.end().time() >= t))) {
                n.merge(Key.GRANT_DURING_FAULT, 1, Integer::sum);
            }
            // a client granted while its own clock was moved: a lock that trusts the client's clock (for expiry or for tokens) shows it here
            Object client = x.start().client();
            if (client != null && faults.stream().anyMatch(f -> f.effect().clockMove().isPresent() && f.hosts().contains(client.toString())
                    && f.start().time() <= t && (f.end() == null || f.end().time() >= t))) {
                n.merge(Key.GRANT_ON_MOVED_CLOCK, 1, Integer::sum);
            }
            long until = x.end() == null ? end : x.end().time();
            if (outlives && until - t > terms.ttl()) n.merge(Key.HOLD_OUTLIVED_LEASE, 1, Integer::sum);
        }
        n.put(Key.DOWNGRADE_CONTENDED, contendedDowngrades(h));
        for (Op op : h.ops()) {
            if (op.isClient() && op.type() == OpType.FAIL && op.f().startsWith("acquire")) n.merge(Key.ACQUIRE_REFUSED, 1, Integer::sum);
            if (!op.isClient() && NemesisEvent.MISSED.f().equals(op.f())) n.merge(Key.FAULTS_MISSED, 1, Integer::sum);
        }
        List<Moment> out = new ArrayList<>();
        for (Key k : Key.values()) out.add(new Moment(k.key(), k.label(), n.get(k), k.dangerous(lease.isPresent())));
        return new Coverage(lease.orElse(-1), out, clockMoves);
    }

    /**
     * One line per host whose clock {@code f} moved: a client's says whether it held the lock while
     * moved (a holder's clock is the one a lock that times its lease on the client reads) or was
     * granted while moved (a waiter's), else that neither happened; a server's says so.
     */
    private static List<String> clockMoves(FaultSpan f, FaultEffect.Move move, List<HoldInterval> holds, java.util.Set<String> clients,
                                           long from, long to, long end) {
        List<String> out = new ArrayList<>();
        for (String host : f.hosts()) {
            String what = host + "'s clock " + move.words() + " at " + History.duration(from);
            if (!clients.contains(host)) {
                // set back (or slowed) and then right: only a hold granted meanwhile and held as it was set right saw the jump ahead
                String right = "";
                if (f.setRightBy(end) && move.settingRightHastens()) {
                    boolean under = holds.stream().anyMatch(x -> x.start().time() >= from && x.start().time() < f.setRight()
                            && overlaps(x, f.setRight(), f.setRight(), end));
                    right = ", set right at " + History.duration(f.setRight()) + (under ? " under a hold granted while it was moved"
                            : " under no hold granted while it was moved: setting it right tested nothing");
                }
                out.add(what + right + " (a server)");
                continue;
            }
            List<HoldInterval> own = holds.stream().filter(x -> host.equals(String.valueOf(x.start().client()))).toList();
            boolean held = own.stream().anyMatch(x -> x.start().time() < from && overlaps(x, from, to, end));
            boolean granted = own.stream().anyMatch(x -> x.start().time() >= from && x.start().time() <= to);
            out.add(what + (held && granted ? ", while it held, and granted again while moved" : held ? ", while it held"
                    : granted ? ", granted while moved" : ", neither holding nor granted while moved: it tested nothing"));
        }
        return out;
    }

    /** Whether a dangerous moment was reached at all. */
    public boolean dangerousReached() {
        return moments.stream().anyMatch(m -> m.dangerous() && m.count() > 0);
    }

    /** How often the moment {@code key} was reached; an {@link IllegalArgumentException} for an unknown key. */
    public int count(String key) {
        return moments.stream().filter(m -> m.key().equals(key)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no moment '" + key + "'; expected one of " + String.join(", ", KEYS))).count();
    }

    /** "no hold outlived its lease and no fault hit a holder": what a valid verdict did not test. */
    public String nothingDangerous() {
        return (leaseNanos < 0 ? "the history does not say the lease, " : "no hold outlived its lease, ")
                + "no fault hit a holder and no grant was made during a fault" + (clockMoves.isEmpty() ? "" : "; clocks: " + String.join("; ", clockMoves));
    }

    /** One line: "holder paused past its lease ×3, grant during a fault ×7, …" (moments reached only). */
    public String describe() {
        List<String> parts = new ArrayList<>();
        for (Moment m : moments) if (m.count() > 0) parts.add(m.label() + " ×" + m.count());
        String reached = parts.isEmpty() ? "nothing" : String.join(", ", parts);
        return clockMoves.isEmpty() ? reached : reached + "; clocks: " + String.join("; ", clockMoves);
    }

    /** Whether {@code process}'s last operation before event {@code index} is an acquire not yet completed (a grant in flight). */
    /**
     * Whether the client the fault acted on was inside an acquire when it began: its process, or for
     * a freeze of a worker (named by the process it started as), the latest process of the client
     * host it names: a worker that reset its client goes on as later processes.
     */
    private static boolean acquiring(History h, int process, FaultSpan f, java.util.Set<String> clientHosts) {
        String host = f.effect().onProcess() == FaultEffect.OnProcess.FREEZES ? f.hosts().stream().filter(clientHosts::contains).findFirst().orElse(null) : null;
        for (int i = f.start().index() - 1; i >= 0; i--) {
            Op op = h.get(i);
            boolean mine = op.isClient() && (op.process() == process || host != null && host.equals(op.client()));
            if (mine) return op.type() == OpType.INVOKE && op.f().startsWith("acquire");
        }
        return false;
    }

    /**
     * A read-write lock's downgrades that another writer waited through: a writer took the read lock
     * while it held the write lock, and gave the write lock back while another process's write
     * acquire was in flight (CURATOR-621's interleaving, where that writer was admitted beside the
     * downgraded reader).
     */
    private static int contendedDowngrades(History h) {
        java.util.Set<Integer> writing = new java.util.HashSet<>();
        java.util.Set<Integer> downgraded = new java.util.HashSet<>();
        java.util.Set<Integer> wanting = new java.util.HashSet<>();
        int n = 0;
        for (Op op : h.ops()) {
            if (!op.isClient()) continue;
            int p = op.process();
            boolean invoke = op.type() == OpType.INVOKE;
            switch (op.f()) {
                case "acquire-write" -> {
                    if (invoke) wanting.add(p);
                    else wanting.remove(p);
                    if (op.type() == OpType.OK) writing.add(p);
                }
                case "acquire-read" -> {
                    if (op.type() == OpType.OK && writing.contains(p)) downgraded.add(p);
                }
                case "release-write" -> {
                    if (!invoke) break;
                    if (downgraded.remove(p) && wanting.stream().anyMatch(w -> w != p)) n++;
                    writing.remove(p);
                }
                default -> {
                    if (op.type() == OpType.INFO) {
                        writing.remove(p);
                        downgraded.remove(p);
                        wanting.remove(p);
                    }
                }
            }
        }
        return n;
    }

    /** The hold a fault's target was in when it started: a client process's pause or kill, or a client host cut off. */
    private static HoldInterval heldAt(List<HoldInterval> holds, FaultSpan f, List<Integer> processes, long at, long end) {
        for (HoldInterval x : holds) {
            if (!overlaps(x, at, at, end)) continue;
            // a frozen worker is named by the process it started as; its client goes on as later processes on the same host
            boolean onHost = f.hosts().contains(String.valueOf(x.start().client()));
            if (!processes.isEmpty() ? processes.contains(x.process()) || f.effect().onProcess() == FaultEffect.OnProcess.FREEZES && onHost : onHost) return x;
        }
        return null;
    }

    /**
     * The client processes a pause or kill-client acted on: the workers a pause names ({@link dev.lockstorm.faults.Worker}); a kill
     * killed every process it lists, by number or by the name the history gives it ({@code killedAt}, from {@link History#kills}).
     */
    private static List<Integer> processes(Map<Integer, List<Integer>> killedAt, FaultSpan f) {
        return switch (f.effect().onProcess()) {
            case KILLS_CLIENT -> killedAt.getOrDefault(f.start().index(), List.of());
            case FREEZES -> f.effect().workers().stream().map(dev.lockstorm.faults.Worker::process).toList();
            case CRASHES_SERVER, NONE -> List.of();
        };
    }

    /**
     * Whether a pause froze a server: it froze no client's worker ({@code processes}, as {@link #processes} found them), nor
     * a client host (an imported history names its clients so).
     */
    private static boolean overlaps(HoldInterval x, long from, long to, long end) {
        long s = x.start().time();
        long e = x.end() == null ? end : x.end().time();
        return s <= to && e >= from;
    }
}
