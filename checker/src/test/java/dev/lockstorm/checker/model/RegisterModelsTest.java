package dev.lockstorm.checker.model;

import dev.lockstorm.checker.Verdict;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static dev.lockstorm.checker.H.h;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

@Tag("unit")
class RegisterModelsTest {

    @Test
    void casRegisterStartsAtZeroAndNilReadsMatchAnything() {
        Register m = Register.casRegister();
        assertEquals(Verdict.VALID, h().invoke(0, "read").ok(0, "read", 0L).linearizable(m).verdict());
        assertEquals(Verdict.VALID, h().invoke(0, "write", 3L).ok(0, "write", 3L).invoke(1, "read").ok(1, "read", null)
                .linearizable(m).verdict());
        assertEquals(Verdict.INVALID, h().invoke(0, "write", 3L).ok(0, "write", 3L).invoke(1, "read").ok(1, "read", 4L)
                .linearizable(m).verdict());
    }

    @Test
    void registerStartsAtNilAndReadsAreExact() {
        Register m = Register.register();
        assertEquals(Verdict.VALID, h().invoke(0, "read").ok(0, "read", null).linearizable(m).verdict());
        assertEquals(Verdict.INVALID, h().invoke(0, "write", 1L).ok(0, "write", 1L).invoke(1, "read").ok(1, "read", null)
                .linearizable(m).verdict());
    }

    @Test
    void casSucceedsOnlyOnTheExpectedValue() {
        Register m = Register.casRegister();
        assertEquals(Verdict.VALID, h().invoke(0, "cas", List.of(0L, 2L)).ok(0, "cas", List.of(0L, 2L))
                .invoke(1, "read").ok(1, "read", 2L).linearizable(m).verdict());
        assertEquals(Verdict.INVALID, h().invoke(0, "cas", List.of(1L, 2L)).ok(0, "cas", List.of(1L, 2L))
                .linearizable(m).verdict());
    }

    @Test
    void definiteFailedCasMustSeeAnotherValue() {
        Register m = Register.register();
        // the register holds 1: a failed cas expecting 1 cannot be placed anywhere
        assertEquals(Verdict.INVALID, h().invoke(0, "write", 1L).ok(0, "write", 1L)
                .invoke(1, "cas", List.of(1L, 2L)).ok(1, "cas", false).linearizable(m).verdict());
        assertEquals(Verdict.VALID, h().invoke(0, "write", 1L).ok(0, "write", 1L)
                .invoke(1, "cas", List.of(3L, 2L)).ok(1, "cas", false).linearizable(m).verdict());
    }

    @Test
    void crashedWriteMayOrMayNotTakeEffect() {
        Register m = Register.casRegister();
        // once the crashed write is seen, it has taken effect: the register cannot go back to 0
        assertEquals(Verdict.INVALID, h().invoke(0, "write", 5L).info(0, "write").invoke(1, "read").ok(1, "read", 5L)
                .invoke(1, "read").ok(1, "read", 0L).linearizable(m).verdict());
        assertEquals(Verdict.VALID, h().invoke(0, "write", 5L).info(0, "write").invoke(1, "read").ok(1, "read", 0L)
                .invoke(1, "read").ok(1, "read", 5L).linearizable(m).verdict());
        assertEquals(Verdict.VALID, h().invoke(0, "write", 5L).info(0, "write").invoke(1, "read").ok(1, "read", 0L)
                .linearizable(m).verdict());
    }

    @Test
    void multiRegisterTransactions() {
        MultiRegister m = new MultiRegister();
        var w = List.of(List.of("write", "x", 1L), List.of("write", "y", 2L));
        var r = List.of(List.of("read", "x", 1L), List.of("read", "y", 2L));
        var rStale = List.of(List.of("read", "x", 1L), List.of("read", "y", 0L));
        assertEquals(Verdict.VALID, h().invoke(0, "txn", w).ok(0, "txn", w).invoke(1, "txn", r).ok(1, "txn", r)
                .linearizable(m).verdict());
        assertEquals(Verdict.INVALID, h().invoke(0, "txn", w).ok(0, "txn", w).invoke(1, "txn", rStale).ok(1, "txn", rStale)
                .linearizable(m).verdict());
    }

    @Test
    void kvKeysAreIndependent() {
        Kv m = new Kv();
        var b = h();
        b.ops().add(new dev.lockstorm.checker.history.Op(0, 0, dev.lockstorm.checker.history.OpType.INVOKE, 0, "append", "ab", Map.of("key", "1"), 0));
        b.ops().add(new dev.lockstorm.checker.history.Op(1, 1, dev.lockstorm.checker.history.OpType.OK, 0, "append", "ab", Map.of("key", "1"), 0));
        b.ops().add(new dev.lockstorm.checker.history.Op(2, 2, dev.lockstorm.checker.history.OpType.INVOKE, 1, "get", null, Map.of("key", "2"), 0));
        b.ops().add(new dev.lockstorm.checker.history.Op(3, 3, dev.lockstorm.checker.history.OpType.OK, 1, "get", "", Map.of("key", "2"), 0));
        b.ops().add(new dev.lockstorm.checker.history.Op(4, 4, dev.lockstorm.checker.history.OpType.INVOKE, 1, "get", null, Map.of("key", "1"), 0));
        b.ops().add(new dev.lockstorm.checker.history.Op(5, 5, dev.lockstorm.checker.history.OpType.OK, 1, "get", "ab", Map.of("key", "1"), 0));
        var res = b.linearizable(m);
        assertEquals(Verdict.VALID, res.verdict());
        assertEquals(2, res.partitions());
        b.ops().add(new dev.lockstorm.checker.history.Op(6, 6, dev.lockstorm.checker.history.OpType.INVOKE, 1, "get", null, Map.of("key", "1"), 0));
        b.ops().add(new dev.lockstorm.checker.history.Op(7, 7, dev.lockstorm.checker.history.OpType.OK, 1, "get", "a", Map.of("key", "1"), 0));
        assertEquals(Verdict.INVALID, b.linearizable(m).verdict());
    }

    @Test
    void kvStateCarriesItsStringsHashThroughAppends() {
        Kv m = new Kv();
        Kv.State s = m.init();
        for (String part : List.of("ab", "", "é", "xyz")) {
            s = m.step(s, h().invoke(0, "append", part).ok(0, "append", part).build().operations().get(0));
        }
        assertEquals("abéxyz", s.value());
        assertEquals("abéxyz".hashCode(), s.hashCode());
        Kv.State put = m.step(m.init(), h().invoke(0, "put", "abéxyz").ok(0, "put", "abéxyz").build().operations().get(0));
        assertEquals(put, s);
    }

    @Test
    void kvStatesAreEqualByTheirTextHoweverTheyWereBuilt() {
        Kv m = new Kv();
        java.util.function.BiFunction<Kv.State, List<String>, Kv.State> appends = (s, parts) -> {
            for (String part : parts) s = m.step(s, h().invoke(0, "append", part).ok(0, "append", part).build().operations().get(0));
            return s;
        };
        Kv.State put = m.step(m.init(), h().invoke(0, "put", "xy").ok(0, "put", "xy").build().operations().get(0));
        Kv.State a = appends.apply(m.init(), List.of("x", "yab", "", "c"));
        Kv.State b = appends.apply(put, List.of("a", "bc"));
        Kv.State c = appends.apply(appends.apply(m.init(), List.of("xya")), List.of("bc"));
        Kv.State shared = appends.apply(m.init(), List.of("xyab"));
        Kv.State d = appends.apply(shared, List.of("c"));
        Kv.State e = appends.apply(shared, List.of("d"));
        for (Kv.State s : List.of(a, b, c, d)) {
            assertEquals("xyabc", s.value());
            assertEquals("xyabc".hashCode(), s.hashCode());
            for (Kv.State t : List.of(a, b, c, d)) assertEquals(s, t);
        }
        assertNotEquals(d, e);
        assertNotEquals(d, appends.apply(m.init(), List.of("xyab", "cc")));
        // a get compares the whole text, piece by piece
        var getOk = h().invoke(1, "get", null).ok(1, "get", "xyabc").build().operations().get(0);
        var getShort = h().invoke(1, "get", null).ok(1, "get", "yabc").build().operations().get(0);
        var getOther = h().invoke(1, "get", null).ok(1, "get", "xyabd").build().operations().get(0);
        assertEquals(b, m.step(b, getOk));
        assertNull(m.step(b, getShort));
        assertNull(m.step(b, getOther));
        assertEquals("value \"xyabc\"", m.describe(c));
    }

    @Test
    void readOnlyOperationsAreTheOnesThatNeverChangeTheState() {
        var ops = h().invoke(0, "read").ok(0, "read", 1L)
                .invoke(0, "cas", List.of(1L, 2L)).ok(0, "cas", false)
                .invoke(0, "cas", List.of(1L, 2L)).ok(0, "cas", List.of(1L, 2L))
                .invoke(0, "write", 3L).ok(0, "write", 3L)
                .invoke(0, "txn", List.of(List.of("read", "x", 1L))).ok(0, "txn", List.of(List.of("read", "x", 1L)))
                .invoke(0, "txn", List.of(List.of("read", "x", 1L), List.of("write", "y", 2L)))
                .ok(0, "txn", List.of(List.of("read", "x", 1L), List.of("write", "y", 2L)))
                .build().operations();
        Register r = Register.casRegister();
        assertEquals(List.of(true, true, false, false), ops.subList(0, 4).stream().map(r::readOnly).toList());
        MultiRegister m = new MultiRegister();
        assertEquals(List.of(true, false), ops.subList(4, 6).stream().map(m::readOnly).toList());
    }
}
