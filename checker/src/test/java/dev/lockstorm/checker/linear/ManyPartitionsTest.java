package dev.lockstorm.checker.linear;

import dev.lockstorm.checker.Verdict;
import dev.lockstorm.checker.history.History;
import dev.lockstorm.checker.history.Op;
import dev.lockstorm.checker.history.OpType;
import dev.lockstorm.checker.model.Kv;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Partitions give their share of the memory bound back when they finish: many keys are not "unknown". */
@Tag("unit")
class ManyPartitionsTest {

    /** One put and one get on each of {@code keys} keys. */
    private static History kv(int keys) {
        List<Op> ops = new ArrayList<>();
        for (int k = 0; k < keys; k++) {
            Map<String, Object> key = Map.of("key", "k" + k);
            ops.add(new Op(ops.size(), ops.size(), OpType.INVOKE, 0, "put", "v", key, 0));
            ops.add(new Op(ops.size(), ops.size(), OpType.OK, 0, "put", "v", key, 0));
            ops.add(new Op(ops.size(), ops.size(), OpType.INVOKE, 1, "get", null, key, 0));
            ops.add(new Op(ops.size(), ops.size(), OpType.OK, 1, "get", "v", key, 0));
        }
        return History.of("kv", ops);
    }

    @Test
    void eightThousandKeysFitABoundThatOnlyAFewAtATimeNeed() {
        // each partition takes states in chunks of 1024; 8,000 of them at once would need 8 million
        LinearizabilityResult r = Linearizability.check(new Kv(), kv(8_000).operations(),
                SearchLimits.withTimeLimit(Duration.ofSeconds(60)).withMaxStates(20_000));
        assertEquals(Verdict.VALID, r.verdict(), r.reason());
        assertEquals(8_000, r.partitions());
    }

    @Test
    void aHundredThousandKeysCheck() {
        LinearizabilityResult r = Linearizability.check(new Kv(), kv(100_000).operations(), SearchLimits.withTimeLimit(Duration.ofSeconds(120)));
        assertEquals(Verdict.VALID, r.verdict(), r.reason());
        assertEquals(100_000, r.partitions());
    }
}
