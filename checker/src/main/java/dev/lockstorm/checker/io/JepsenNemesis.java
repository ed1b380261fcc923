package dev.lockstorm.checker.io;

import dev.lockstorm.checker.history.HistoryBuilder;
import dev.lockstorm.checker.history.HistoryFormatException;
import dev.lockstorm.checker.history.Op;
import dev.lockstorm.faults.NemesisEvent;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A Jepsen history's nemesis operations, read as lockstorm's fault events. Jepsen records each one
 * twice, both {@code :info}: what it set out to do ({@code :pause :primaries}) and what it did
 * ({@code {"n1" :paused}}). lockstorm's history has one event a step, a fault's beginning written
 * before it acts and its end after it is undone (docs/architecture.md, "History format"), so a pair
 * becomes one event with what was done as its value: a fault's beginning where Jepsen set out, any
 * other step (a heal, a word lockstorm does not know) where it was done; what it set out to do stays
 * in the event's {@code intent}. Jepsen's combined nemesis calls a freeze {@code :pause} and
 * {@code :resume}, read as {@code start-pause} and {@code stop-pause}; a partition's
 * {@code [:isolated grudge]} is its grudge, and its clock words are lockstorm's clock events ({@link #clockSteps}). A
 * nemesis operation without its partner stands as it is.
 */
final class JepsenNemesis {
    private final HistoryBuilder out;
    /** A nemesis operation waiting for its partner, and the index its source declared (or null). */
    private Op intent;
    private Object intentIndex;
    /** The clients' events since the intent, in order. */
    private final List<Pending> since = new ArrayList<>();

    /** An event held back, with the index its source declared (or null). */
    private record Pending(Op op, Object declaredIndex) {
    }

    JepsenNemesis(HistoryBuilder out) {
        this.out = out;
    }

    /** Takes the next event of the source, in order. */
    void add(Op op, Object declaredIndex) {
        if (op.process() != Op.NEMESIS) {
            if (intent == null) out.add(op, declaredIndex);
            else since.add(new Pending(op, declaredIndex));
            return;
        }
        // paired by Jepsen's own word: what it means may show only in what was done (the old partitioner's :start)
        if (intent != null && intent.f().equals(op.f()) && intent.type() == op.type()) {
            paired(intent, intentIndex, op, declaredIndex);
            intent = null;
            return;
        }
        finish();
        intent = op;
        intentIndex = declaredIndex;
    }

    /** Ends the source: a nemesis operation still waiting stands alone. */
    void finish() {
        if (intent != null) {
            List<Op> clock = clockSteps(intent, intent.value(), intent.value());
            if (clock.isEmpty()) out.add(inVocabulary(intent, intent.value()), intentIndex);
            else addAll(clock, intentIndex);
        }
        intent = null;
        flushSince();
    }

    private void paired(Op set, Object setIndex, Op done, Object doneIndex) {
        Object value = done.value() != null ? done.value() : set.value();
        Map<String, Object> extra = new LinkedHashMap<>(set.extra());
        extra.putAll(done.extra());
        if (set.value() != null && !set.value().equals(value)) extra.put("intent", set.value());
        List<Op> clock = clockSteps(done, set.value(), value);
        List<Op> steps = clock.isEmpty() ? List.of(inVocabulary(done, value)) : clock;
        boolean begins = NemesisEvent.of(steps.get(0).f()).map(NemesisEvent::opens).orElse(false);
        Op at = begins ? set : done;
        List<Op> merged = steps.stream().map(step -> new Op(0, at.time(), at.type(), at.process(), step.f(), step.value(), extra, at.line())).toList();
        if (begins) {
            addAll(merged, setIndex);
            flushSince();
        } else {
            flushSince();
            addAll(merged, doneIndex);
        }
    }

    /** One Jepsen step's events: the first at the index its source declared, the others (one per node) after it. */
    private void addAll(List<Op> steps, Object declaredIndex) {
        for (int i = 0; i < steps.size(); i++) out.add(steps.get(i), i == 0 ? declaredIndex : null);
    }

    /**
     * Jepsen's clock words ({@code jepsen.nemesis.time}: {@code :bump}, {@code :strobe}, {@code :reset}; the combined
     * nemesis's {@code :bump-clock}, {@code :strobe-clock}, {@code :reset-clock}) in lockstorm's, one clock a step, read
     * from what it set out to do ({@code intent}), since what was done is an offset in seconds or a report: a bump
     * {@code {node delta-ms}} is a {@code clock-jump} of each node by its delta, a strobe {@code {node {:delta-ms …
     * :period-ms …}}} a {@code start-clock-strobe} of each (lasting until the node's clock is reset: Jepsen's strobe stops
     * by itself after its duration, which the history does not place), a reset of nodes a {@code clock-reset} of them
     * (of every clock when neither what it set out to do nor what it did names one). Empty for any other word, or a bump or strobe that names no node.
     */
    private List<Op> clockSteps(Op op, Object intent, Object done) {
        String f = op.f();
        List<Op> steps = new ArrayList<>();
        switch (f) {
            case "bump", "bump-clock", "strobe", "strobe-clock" -> {
                if (!(intent instanceof Map<?, ?> byNode)) return List.of();
                boolean bump = f.startsWith("bump");
                byNode.forEach((node, how) -> {
                    Map<String, Object> v = new LinkedHashMap<>();
                    v.put("process", String.valueOf(node));
                    Object delta = bump ? how : field(how, "delta-ms", "delta");
                    if (delta instanceof Number) v.put("delta_ms", delta);
                    Object period = bump ? null : field(how, "period-ms", "period");
                    if (period instanceof Number) v.put("period_ms", period);
                    NemesisEvent e = bump ? NemesisEvent.CLOCK_JUMP : NemesisEvent.START_CLOCK_STROBE;
                    steps.add(new Op(op.index(), op.time(), op.type(), op.process(), out.canonical(e.f()), v, op.extra(), op.line()));
                });
            }
            case "reset", "reset-clock" -> {
                // the nodes it set out to reset; else those it reports (the combined nemesis's {:targets […] …}, the old one's {node offset})
                Object nodes = intent instanceof java.util.Collection<?> ? intent
                        : field(done, "targets") instanceof java.util.Collection<?> targets ? targets
                        : done instanceof Map<?, ?> m && !m.containsKey("mode") ? List.copyOf(m.keySet()) : List.of();
                steps.add(new Op(op.index(), op.time(), op.type(), op.process(), out.canonical(NemesisEvent.CLOCK_RESET.f()), nodes, op.extra(), op.line()));
            }
            default -> {
                return List.of();
            }
        }
        return steps;
    }

    /** The first of {@code keys} a map holds, or null. */
    private static Object field(Object map, String... keys) {
        if (!(map instanceof Map<?, ?> m)) return null;
        for (String k : keys) if (m.get(k) != null) return m.get(k);
        return null;
    }

    private void flushSince() {
        for (Pending e : since) out.add(e.op(), e.declaredIndex());
        since.clear();
    }

    /**
     * The event in lockstorm's words, told by its word and {@code value} (what was done): a combined-nemesis word renamed, a
     * partition's grudge out of its {@code [:isolated …]}. The old partitioner's {@code :start} and {@code :stop} are a
     * partition and its heal when what was done says so ({@code [:isolated grudge]} or {@code "Cut off …"}, then
     * {@code :network-healed} or {@code "fully connected"}); any other {@code :start} is a killed server started again.
     */
    private Op inVocabulary(Op op, Object value) {
        String f = switch (op.f()) {
            case "pause" -> NemesisEvent.START_PAUSE.f();
            case "resume" -> NemesisEvent.STOP_PAUSE.f();
            case "start" -> grudge(value) != null ? NemesisEvent.START_PARTITION.f() : op.f();
            case "stop" -> "network-healed".equals(value) || "fully connected".equals(value) ? NemesisEvent.STOP_PARTITION.f() : op.f();
            default -> op.f();
        };
        if (f.equals(NemesisEvent.START_PARTITION.f()) && grudge(value) != null) value = grudge(value);
        if (f.equals(op.f()) && value == op.value()) return op;
        return new Op(op.index(), op.time(), op.type(), op.process(), out.canonical(f), value, op.extra(), op.line());
    }

    /**
     * The grudge a partition's value holds, by host, or null when it holds none: Jepsen's {@code [:isolated grudge]}, or the
     * older {@code "Cut off grudge"} with the grudge printed in EDN ({@code {:n1 #{:n2 :n3}}}); a value that only names
     * the partition ({@code :majority}) is none.
     */
    private static Map<?, ?> grudge(Object value) {
        if (value instanceof List<?> l && l.size() == 2 && l.get(1) instanceof Map<?, ?> g) return g;
        if (value instanceof String s && s.startsWith(CUT_OFF)) {
            // older still, the grudge printed as a vector of host, hosts pairs, each set as #[…]: not EDN, read as a vector
            String printed = s.substring(CUT_OFF.length()).replace("#[", "[");
            try {
                Object g = EdnReader.parse(printed, "the partition's value", 1);
                if (g instanceof Map<?, ?> m) return m;
                if (g instanceof List<?> pairs && pairs.size() % 2 == 0 && !pairs.isEmpty()) {
                    Map<Object, Object> m = new LinkedHashMap<>();
                    for (int i = 0; i < pairs.size(); i += 2) {
                        if (!(pairs.get(i + 1) instanceof java.util.Collection<?>)) return null;
                        m.put(pairs.get(i), pairs.get(i + 1));
                    }
                    return m;
                }
                return null;
            } catch (HistoryFormatException e) {
                return null; // a printed grudge lockstorm cannot read: the event stands under its own word
            }
        }
        return null;
    }

    /** How the old partitioner began the value of a partition it made. */
    private static final String CUT_OFF = "Cut off ";
}
