package dev.lockstorm.checker.io;

import dev.lockstorm.checker.history.HistoryBuilder;
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
        Op step = inVocabulary(op);
        if (intent != null && intent.f().equals(step.f()) && intent.type() == step.type()) {
            paired(intent, intentIndex, step, declaredIndex);
            intent = null;
            return;
        }
        finish();
        intent = step;
        intentIndex = declaredIndex;
    }

    /** Ends the source: a nemesis operation still waiting stands alone. */
    void finish() {
        if (intent != null) out.add(intent, intentIndex);
        intent = null;
        flushSince();
    }

    private void paired(Op set, Object setIndex, Op done, Object doneIndex) {
        Object value = done.value() != null ? done.value() : set.value();
        Map<String, Object> extra = new LinkedHashMap<>(set.extra());
        extra.putAll(done.extra());
        if (set.value() != null && !set.value().equals(value)) extra.put("intent", set.value());
        boolean begins = NemesisEvent.of(done.f()).map(NemesisEvent::opens).orElse(false);
        Op at = begins ? set : done;
        Op merged = new Op(0, at.time(), at.type(), at.process(), at.f(), value, extra, at.line());
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

    /** The event in lockstorm's words: a combined-nemesis word renamed, a partition's grudge out of its {@code [:isolated …]}. */
    private Op inVocabulary(Op op) {
        // Jepsen's combined nemesis's words for what lockstorm's vocabulary names otherwise
        String f = switch (op.f()) {
            case "pause" -> NemesisEvent.START_PAUSE.f();
            case "resume" -> NemesisEvent.STOP_PAUSE.f();
            default -> op.f();
        };
        Object value = op.value();
        if (f.equals(NemesisEvent.START_PARTITION.f()) && value instanceof List<?> l && l.size() == 2 && l.get(1) instanceof Map<?, ?> grudge) {
            value = grudge;
        }
        if (f.equals(op.f()) && value == op.value()) return op;
        return new Op(op.index(), op.time(), op.type(), op.process(), out.canonical(f), value, op.extra(), op.line());
    }
}
