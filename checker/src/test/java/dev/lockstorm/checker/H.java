package dev.lockstorm.checker;

import dev.lockstorm.checker.history.History;
import dev.lockstorm.checker.history.Op;
import dev.lockstorm.checker.history.OpType;
import dev.lockstorm.checker.linear.Linearizability;
import dev.lockstorm.checker.linear.LinearizabilityResult;
import dev.lockstorm.checker.linear.SearchLimits;
import dev.lockstorm.checker.model.Model;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A terse builder of test histories; event i happens at i ms. */
public final class H {
    private final List<Op> ops = new ArrayList<>();
    /** Added to every later event's time: events are 1 ms apart, and {@link #gap} lets time pass. */
    private long offset;
    /** The lock client events name, or null. */
    private String lock;

    public static H h() {
        return new H();
    }

    public H invoke(int p, String f) {
        return add(OpType.INVOKE, p, f, null);
    }

    public H invoke(int p, String f, Object value) {
        return add(OpType.INVOKE, p, f, value);
    }

    public H ok(int p, String f) {
        return add(OpType.OK, p, f, null);
    }

    public H ok(int p, String f, Object value) {
        return add(OpType.OK, p, f, value);
    }

    public H fail(int p, String f) {
        return add(OpType.FAIL, p, f, null);
    }

    public H info(int p, String f) {
        return add(OpType.INFO, p, f, null);
    }

    /** acquire invoke + ok with a token (or null). */
    public H acquire(int p, Long token) {
        return invoke(p, "acquire").ok(p, "acquire", token);
    }

    public H release(int p) {
        return invoke(p, "release").ok(p, "release");
    }

    /** A read-write lock's operation that returned ok at once ({@code acquire-read}, {@code release-write}, …). */
    public H rw(int p, String f) {
        return invoke(p, f).ok(p, f);
    }

    public H write(int p, Long token, long value, OpType outcome) {
        invoke(p, "write", tokenValue(token, value));
        return add(outcome, p, "write", null);
    }

    public H read(int p, Long token, long value) {
        Map<String, Object> t = new LinkedHashMap<>();
        t.put("token", token);
        return invoke(p, "read", t).ok(p, "read", Map.of("value", value));
    }

    public H nemesis(String f) {
        return nemesis(f, null);
    }

    public H nemesis(String f, Object value) {
        ops.add(new Op(ops.size(), ops.size() * 1_000_000L + offset, OpType.INFO, Op.NEMESIS, f, value, Map.of(), 0));
        return this;
    }

    public H add(OpType type, int p, String f, Object value) {
        Map<String, Object> extra = lock == null || p == Op.NEMESIS ? Map.of() : Map.of("lock", lock);
        ops.add(new Op(ops.size(), ops.size() * 1_000_000L + offset, type, p, f, value, extra, 0));
        return this;
    }

    /** Client events from here on are about lock {@code name} (null: the history's single lock). */
    public H on(String name) {
        lock = name;
        return this;
    }

    /** Lets {@code ms} pass before the next event. */
    public H gap(long ms) {
        offset += ms * 1_000_000L;
        return this;
    }

    /** The last event with one more extra field ({@code client}, {@code still_held}, {@code hosts}, …). */
    public H with(String key, Object value) {
        Op last = ops.remove(ops.size() - 1);
        Map<String, Object> extra = new LinkedHashMap<>(last.extra());
        extra.put(key, value);
        ops.add(new Op(last.index(), last.time(), last.type(), last.process(), last.f(), last.value(), extra, last.line()));
        return this;
    }

    public History build() {
        return History.of("test", ops);
    }

    public List<Op> ops() {
        return ops;
    }

    public <S> LinearizabilityResult linearizable(Model<S> model) {
        return Linearizability.check(model, build().operations(), SearchLimits.withTimeLimit(Duration.ofSeconds(30)));
    }

    public CheckResult check(Model<?> model) {
        return Checker.check(build(), model, SearchLimits.withTimeLimit(Duration.ofSeconds(30)));
    }

    private static Map<String, Object> tokenValue(Long token, long value) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("token", token);
        m.put("value", value);
        return m;
    }
}
