package dev.lockstorm.suite.internal.scenario;

import dev.lockstorm.api.NotHeldException;
import dev.lockstorm.checker.history.History;
import dev.lockstorm.checker.history.OpType;
import dev.lockstorm.checker.history.Operation;
import dev.lockstorm.checker.io.HistoryFormat;
import dev.lockstorm.checker.io.HistoryReader;
import dev.lockstorm.checker.lock.FaultSpan;
import dev.lockstorm.checker.lock.HoldInterval;
import dev.lockstorm.checker.lock.Incident;
import dev.lockstorm.faults.FaultEffect;
import dev.lockstorm.locks.internal.worker.LogStamp;
import dev.lockstorm.suite.internal.run.RunResult;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * What in a run proves a scenario's claim, beyond a count. A double holder proves the scenario's
 * mechanism only when the scenario's fault came first: one from anything else (a driver stalled on a
 * busy machine, a hold that was simply too long) proves nothing about it. A variant that expects
 * safety proves it under the fault only when the lock still granted while the fault was in force;
 * otherwise it was safe by unavailability, which is a finding too, but a different one.
 *
 * <pre>{@code
 * Optional<Proof.Tie> tie = Proof.tied(result);
 * tie.ifPresent(t -> System.out.println("proved by: " + t.describe()));
 * }</pre>
 */
public final class Proof {
    private Proof() {
    }

    /**
     * A double grant tied to its mechanism: the incident, the grant (or the overlapped hold) that ties
     * it, and what ties it: a fault of the run that began before the grant and was in force during the
     * hold, or a note the lock client made on the grant ({@link dev.lockstorm.api.Notes}).
     */
    public record Tie(Incident incident, HoldInterval grant, String by) {
        /** "process 2 (client c3) granted at 12.301 s while process 0 (client c1) held since 8.120 s, after pause client-c1-p0 from 9.0 s to 15.2 s (a lease limit)". */
        public String describe() {
            HoldInterval h = incident.holder();
            HoldInterval g = incident.grants().get(0);
            return g.start().who() + " granted at " + History.when(g.start()) + " while " + h.start().who() + " held since "
                    + History.when(h.start()) + ", " + by + " (a " + incident.cause().word() + ")";
        }
    }

    /**
     * The first incident whose double grant came while a fault of the run was in force during the
     * hold, if any; named by the fault the checker gave as its cause when that one ties it.
     */
    public static Optional<Tie> tied(RunResult r) {
        for (Incident i : incidents(r)) {
            long from = i.holder().start().time();
            for (HoldInterval g : i.grants()) {
                long at = g.start().time();
                List<FaultSpan> faults = new java.util.ArrayList<>(i.faults());
                FaultSpan cause = i.cause().fault();
                if (cause != null) faults.add(0, cause);
                for (FaultSpan f : faults) {
                    boolean began = f.start().time() <= at;
                    boolean inForce = f.end() == null || f.end().time() >= from;
                    if (began && inForce) return Optional.of(new Tie(i, g, "after " + f.describe()));
                }
            }
        }
        return Optional.empty();
    }

    /**
     * The first incident in which the overlapped hold or a grant carries a note that contains
     * {@code note}: the grant the scenario's mechanism makes (a queue node the session does not own, a
     * key that had expired) is part of the double holder.
     */
    public static Optional<Tie> noted(RunResult r, String note) {
        return noted(r, n -> n.contains(note));
    }

    /** {@link #noted(RunResult, String)} for the first note that {@code matches}. */
    private static Optional<Tie> noted(RunResult r, java.util.function.Predicate<String> matches) {
        for (Incident i : incidents(r)) {
            List<HoldInterval> all = new java.util.ArrayList<>(List.of(i.holder()));
            all.addAll(i.grants());
            for (HoldInterval g : all) {
                String found = note(g.start(), matches);
                if (found != null) {
                    return Optional.of(new Tie(i, g, "where " + g.start().who() + "'s grant at " + History.when(g.start()) + " was noted: " + found));
                }
            }
        }
        return Optional.empty();
    }

    /**
     * The first operation in the history with a note that contains {@code note}, described: "process 2
     * (client c3)'s acquire at 15.224 s was noted: …". A lock's key step that need not end in a
     * double holder (a grant its client stamped again after a wait).
     */
    public static Optional<String> noteInHistory(RunResult r, String note) {
        History h = history(r);
        if (h == null) return Optional.empty();
        for (dev.lockstorm.checker.history.Op op : h.ops()) {
            String found = note(op, note);
            if (found != null) return Optional.of(op.who() + "'s " + op.f() + " at " + History.when(op) + " was noted: " + found);
        }
        return Optional.empty();
    }

    /**
     * The first incident whose second grant came after another client's release had timed out while
     * that client was cut off, and after the cut was healed: a release whose caller gave up, delivered
     * when the network came back (TCP retransmits what was written; Lettuce's default reconnect sends
     * what it queued), which freed a lock another client held by then.
     */
    public static Optional<Tie> lateRelease(RunResult r) {
        List<Incident> incidents = incidents(r);
        History h = incidents.isEmpty() ? null : history(r);
        if (h == null) return Optional.empty();
        List<Operation> unknownReleases = h.operations().stream()
                .filter(o -> "release".equals(o.f()) && o.completion() != null && o.completion().type() == OpType.INFO).toList();
        for (Incident i : incidents) {
            for (HoldInterval g : i.grants()) {
                long at = g.start().time();
                for (Operation rel : unknownReleases) {
                    Object client = rel.invoke().extra("client");
                    if (rel.invoke().process() == i.holder().process() || rel.invoke().process() == g.process() || rel.invoke().time() >= at) continue;
                    for (FaultSpan f : r.check().faults()) {
                        boolean cutOff = f.effect() instanceof FaultEffect.Cut && client != null && f.hosts().contains(client.toString());
                        // in flight while the cut began or went on (a release sent just before the cut, racing it, is
                        // lost the same way), and unanswered: delivered, if at all, after the heal
                        boolean inFlight = f.end() != null && rel.invoke().time() < f.end().time() && rel.completion().time() >= f.start().time();
                        if (cutOff && inFlight && f.end().time() <= at) {
                            return Optional.of(new Tie(i, g, "after " + rel.invoke().who() + "'s release at " + History.when(rel.invoke())
                                    + " timed out while it was cut off (" + f.describe() + "), and was delivered after the heal"));
                        }
                    }
                }
            }
        }
        return Optional.empty();
    }

    /**
     * The first tied incident ({@link #tied}) whose overlapped holder was told, when it released
     * after the other's grant, that it no longer held the lock ({@link NotHeldException}: the expiry
     * noticed only then, spring-integration #2661).
     */
    public static Optional<Tie> refusedRelease(RunResult r) {
        Optional<Tie> tie = tied(r);
        History h = tie.isEmpty() ? null : history(r);
        if (h == null) return Optional.empty();
        Incident i = tie.get().incident();
        long grant = tie.get().grant().start().time();
        return h.operations().stream()
                // recorded info (NotHeldException: the lease ended at some point up to the release), not fail, which would keep the hold
                .filter(o -> "release".equals(o.f()) && o.process() == i.holder().process() && o.outcome() == OpType.INFO
                        && o.invoke() != null && o.invoke().time() >= grant && o.completion() != null
                        && String.valueOf(o.completion().extra("error")).contains(NotHeldException.class.getSimpleName()))
                .findFirst().map(o -> new Tie(i, tie.get().grant(), tie.get().by() + "; at its release at " + History.when(o.invoke())
                        + " it was told: " + o.completion().extra("error")));
    }

    /**
     * The first client log line containing {@code text} that was written while a fault of the run was
     * in force, or within {@code after} of its heal (a call sent into the fault fails when its timeout
     * runs out), described: "c2's log at 24.401 s, under partition …: Can't update locks …". The
     * proof that a choreography's key step happened under its fault, not just somewhere in the run.
     */
    public static Optional<String> loggedDuringFault(RunResult r, String text, Duration after) {
        try (var logs = Files.newDirectoryStream(r.dir().resolve("logs"), "client-*.log")) {
            for (Path log : logs) {
                for (String line : Files.readAllLines(log)) {
                    OptionalDouble seconds = LogStamp.runSeconds(line);
                    if (!line.contains(text) || seconds.isEmpty()) continue;
                    long at = (long) (seconds.getAsDouble() * 1e9);
                    for (FaultSpan f : r.check().faults()) {
                        long end = f.end() == null ? Long.MAX_VALUE : f.end().time() + after.toNanos();
                        if (f.start().time() <= at && at <= end) {
                            String client = log.getFileName().toString().replaceFirst("^client-([^-]+)-.*$", "$1");
                            return Optional.of(client + "'s log at " + String.format(Locale.ROOT, "%.3f s", at / 1e9) + ", under "
                                    + f.describe() + ": " + line.substring(line.indexOf(text)));
                        }
                    }
                }
            }
            return Optional.empty();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * A grant no client was told of: an acquire recorded unknown (info) while its client was cut off
     * by a fault, and a token the lock handed out then that no client's acquire returned (the tokens
     * granted go from N to N+2 or further, with that acquire in flight between them). For a lock whose token is
     * taken in the same step as the lock itself (redis-single's script): the lost reply's SET took
     * the lock. Described with the next grant, which waited for the lost grant's lease.
     */
    public static Optional<String> lostGrant(RunResult r) {
        History h = history(r);
        if (h == null) return Optional.empty();
        List<Operation> unknown = acquires(h).filter(o -> o.outcome() == OpType.INFO).toList();
        for (Gap g : gaps(h)) {
            for (Operation u : unknown) {
                if (g.spannedBy(u) && cutOff(r, u)) {
                    return Optional.of(g.tokens() + " went to no client that was told: " + u.who() + "'s acquire from "
                            + History.when(u.invoke()) + " to " + History.when(u.completion()) + ", while its replies were lost, was recorded"
                            + " unknown (" + u.completion().extra("error") + "); " + g.describeNext(u));
                }
            }
        }
        return Optional.empty();
    }

    /**
     * A grant no client was told of, though every acquire in flight for it was answered: an acquire
     * whose replies were lost sent its SET again after a timeout, and the SET sent again was refused
     * by the client's own value in the key (noted {@code refusedByOwn}): its first SET took the lock,
     * and the client, refused by its own grant, never knew; the key holds the lock for no one until it
     * expires. None of the acquires in flight is unknown (that would be {@link #lostGrant}).
     */
    public static Optional<String> replayRefusedOwnGrant(RunResult r, String refusedByOwn) {
        History h = history(r);
        if (h == null) return Optional.empty();
        List<Operation> unknown = acquires(h).filter(o -> o.outcome() == OpType.INFO).toList();
        for (Gap g : gaps(h)) {
            if (unknown.stream().anyMatch(u -> g.spannedBy(u) && cutOff(r, u))) continue;
            Optional<Operation> refused = acquires(h).filter(o -> o.outcome() == OpType.OK || o.outcome() == OpType.FAIL)
                    .filter(o -> g.spannedBy(o) && cutOff(r, o) && noted(o, refusedByOwn) != null).findFirst();
            if (refused.isEmpty()) continue;
            Operation o = refused.get();
            String note = noted(o, refusedByOwn);
            String answer = o.outcome() == OpType.OK ? "granted token " + o.output() + " at " + History.when(o.completion())
                    : "refused at " + History.when(o.completion()) + " (" + o.completion().extra("error") + ")";
            return Optional.of(g.tokens() + " went to no client that was told, and no acquire in flight for it is unknown: "
                    + o.who() + "'s acquire from " + History.when(o.invoke()) + ", whose replies were lost, was noted: " + note
                    + "; it was then " + answer + "; " + g.describeNext(o));
        }
        return Optional.empty();
    }

    /** Tokens no acquire returned between two that did ({@link Gap}), for a lock whose tokens come from one counter. */
    public static List<Gap> untoldTokens(RunResult r) {
        History h = history(r);
        return h == null ? List.of() : gaps(h);
    }

    /**
     * Tokens {@code before}+1 … {@code next}-1 that no acquire returned, between the grants of two that
     * did: with tokens from one counter taken with the lock (redis-single's INCR), grants no client
     * was told of.
     */
    public record Gap(Operation before, Operation next) {
        long first() {
            return ((Number) before.output()).longValue() + 1;
        }

        long last() {
            return ((Number) next.output()).longValue() - 1;
        }

        /** "token 7" or "tokens 7–8". */
        public String tokens() {
            return first() == last() ? "token " + first() : "tokens " + first() + "–" + last();
        }

        /** Whether {@code o} was in flight between the two grants. */
        boolean spannedBy(Operation o) {
            return o.invoke() != null && o.completion() != null && o.invoke().time() < next.completion().time()
                    && o.completion().time() > before.invoke().time();
        }

        String describeNext(Operation since) {
            return "the next grant, token " + next.output() + ", came at " + History.when(next.completion()) + ", "
                    + History.duration(next.completion().time() - since.invoke().time()) + " after that acquire began";
        }
    }

    private static List<Gap> gaps(History h) {
        List<Operation> grants = acquires(h).filter(o -> o.outcome() == OpType.OK && o.output() instanceof Number)
                .sorted(java.util.Comparator.comparingLong(o -> ((Number) o.output()).longValue())).toList();
        List<Gap> gaps = new java.util.ArrayList<>();
        for (int i = 1; i < grants.size(); i++) {
            Gap g = new Gap(grants.get(i - 1), grants.get(i));
            if (g.first() <= g.last()) gaps.add(g);
        }
        return gaps;
    }

    private static java.util.stream.Stream<Operation> acquires(History h) {
        return h.operations().stream().filter(o -> "acquire".equals(o.f()) && o.invoke() != null && o.completion() != null);
    }

    /** Whether {@code o}'s client was cut off (its replies lost, or its links cut) by a fault of the run while {@code o} was in flight. */
    private static boolean cutOff(RunResult r, Operation o) {
        Object client = o.invoke().extra("client");
        return client != null && r.check().faults().stream().anyMatch(f -> f.effect() instanceof FaultEffect.Cut
                && f.hosts().contains(client.toString()) && f.start().time() <= o.completion().time()
                && (f.end() == null || f.end().time() >= o.invoke().time()));
    }

    /** The first of {@code o}'s notes (on its invocation or completion) that contains {@code note}, or null. */
    private static String noted(Operation o, String note) {
        String found = o.invoke() == null ? null : note(o.invoke(), note);
        return found != null || o.completion() == null ? found : note(o.completion(), note);
    }

    /** The first of {@code op}'s notes ({@code "notes"} in the history) that contains {@code note}, or null. */
    private static String note(dev.lockstorm.checker.history.Op op, String note) {
        return note(op, n -> n.contains(note));
    }

    /** The first of {@code op}'s notes that {@code matches}, or null. */
    private static String note(dev.lockstorm.checker.history.Op op, java.util.function.Predicate<String> matches) {
        if (op.extra("notes") instanceof java.util.Collection<?> notes) {
            for (Object n : notes) if (matches.test(String.valueOf(n))) return String.valueOf(n);
        }
        return null;
    }

    private static History history(RunResult r) {
        Path file = r.dir().resolve("history.jsonl");
        return Files.exists(file) ? HistoryReader.read(file, HistoryFormat.JSONL) : null;
    }

    /** The incidents the checker called a lock defect: none, for a correct lock whose lease a fault outran. */
    public static long defects(RunResult r) {
        return incidents(r).stream().filter(i -> !i.cause().leaseLimit()).count();
    }

    /** Incidents the checker calls lock defects (nothing excuses the second grant) with a grant made while a fault was in force. */
    public static long defectsDuringFaults(RunResult r) {
        return incidents(r).stream().filter(i -> !i.cause().leaseLimit())
                .filter(i -> i.grants().stream().anyMatch(g -> i.faults().stream().anyMatch(f -> f.start().time() <= g.start().time()
                        && (f.end() == null || f.end().time() >= g.start().time())))).count();
    }

    /**
     * A read-write lock's double holder tied to the run's fault (as {@link #tied}) together with a read
     * that saw a write half done by the same two clients: the reader and the writer of a torn read are
     * the incident's holder and one of its grantees. {@code frozen}: which of the two the incident's
     * holder (the client the fault hit) is.
     */
    public static Optional<dev.lockstorm.checker.lock.TornReads.TornRead> tornBy(RunResult r, Frozen frozen) {
        Tie t = tied(r).orElse(null);
        if (t == null || r.check().resource() == null) return Optional.empty();
        int holder = t.incident().holder().process();
        java.util.Set<Integer> grantees = new java.util.HashSet<>();
        for (Incident i : incidents(r)) {
            if (i.holder().process() == holder) i.grants().forEach(g -> grantees.add(g.process()));
        }
        for (var torn : r.check().resource().tornReads()) {
            int writer = torn.begin().process();
            int reader = torn.read().process();
            boolean matches = switch (frozen) {
                case WRITER -> writer == holder && grantees.contains(reader);
                case READER -> reader == holder && grantees.contains(writer);
            };
            if (matches) return Optional.of(torn);
        }
        return Optional.empty();
    }

    /** Which side of a torn read a read-write scenario's fault froze. */
    public enum Frozen { WRITER, READER }

    /** {@link #line}, and the read of a write half done that ties the two clients' holds to the data, when there is one. */
    public static String lineWithTornRead(RunResult r, Frozen frozen) {
        return line(r) + tornBy(r, frozen).map(t -> "; " + t.explanation()).orElse("");
    }

    /** Downgrades another writer waited through (CURATOR-621's interleaving), as the checker's coverage counts them. */
    public static int contendedDowngrades(RunResult r) {
        return r.check().coverage() == null ? 0 : r.check().coverage().count("downgrade-contended");
    }

    private static List<Incident> incidents(RunResult r) {
        return r.check().incidents() == null ? List.of() : r.check().incidents();
    }

    /**
     * One line for a person: the double grant that ties the run's finding to its mechanism, the most
     * specific first (a grant the lock noted, a release delivered late, a release refused after it, else a fault in force), or,
     * without a double holder, whether the lock stayed available under the fault.
     */
    public static String line(RunResult r) {
        if (r.check().doubleHolderCount() == 0) {
            return "no double holder; " + (r.faults() == 0 && r.check().coverage() != null ? "no faults, exercised: " + r.check().coverage().describe()
                    : availability(r));
        }
        // a note of the servers a grant holds on is a count every such grant carries, not the mechanism
        return noted(r, n -> dev.lockstorm.api.Notes.heldOn(n).isEmpty()).or(() -> lateRelease(r)).or(() -> refusedRelease(r)).or(() -> tied(r)).map(t -> "incident " + (incidents(r).indexOf(t.incident()) + 1) + ": " + t.describe())
                .orElse("no double holder came while a fault was in force during the hold it overlapped, after a release delivered"
                        + " late, or with a noted grant");
    }

    /** How many grants the lock made while a fault was in force. */
    public static int grantsDuringFaults(RunResult r) {
        return r.check().coverage() == null ? 0 : r.check().coverage().count("grant-during-fault");
    }

    /**
     * For a variant that expects no double holder: "available under the fault (N grants while a fault
     * was in force)", or "safe by unavailability" when it granted nothing while one was.
     */
    public static String availability(RunResult r) {
        int n = grantsDuringFaults(r);
        return n > 0 ? "available under the fault (" + n + (n == 1 ? " grant" : " grants") + " while a fault was in force)"
                : "safe by unavailability (no grant while a fault was in force)";
    }
}
