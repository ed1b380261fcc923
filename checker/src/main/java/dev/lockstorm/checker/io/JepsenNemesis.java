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
 * {@code [:isolated grudge]} is its grudge. A nemesis operation without its partner stands as it is.
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
        if (intent != null) out.add(inVocabulary(intent, intent.value()), intentIndex);
        intent = null;
        flushSince();
    }

    private void paired(Op set, Object setIndex, Op done, Object doneIndex) {
        Object value = done.value() != null ? done.value() : set.value();
        Map<String, Object> extra = new LinkedHashMap<>(set.extra());
        extra.putAll(done.extra());
        if (set.value() != null && !set.value().equals(value)) extra.put("intent", set.value());
        Op step = inVocabulary(done, value);
        boolean begins = NemesisEvent.of(step.f()).map(NemesisEvent::opens).orElse(false);
        Op at = begins ? set : done;
        Op merged = new Op(0, at.time(), at.type(), at.process(), step.f(), step.value(), extra, at.line());
        if (begins) {
            out.add(merged, setIndex);
            flushSince();
        } else {
            flushSince();
            out.add(merged, doneIndex);
        }
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
