package dev.lockstorm.checker.linear;

import dev.lockstorm.checker.CheckResult;
import dev.lockstorm.checker.Checker;
import dev.lockstorm.checker.Summary;
import dev.lockstorm.checker.Verdict;
import dev.lockstorm.checker.history.History;
import dev.lockstorm.checker.model.FencedMutex;
import dev.lockstorm.checker.model.Kv;
import dev.lockstorm.checker.model.Model;
import dev.lockstorm.checker.model.Mutex;
import dev.lockstorm.checker.model.Register;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The engine against the truth: brute force on small random histories, construction on large ones. */
@Tag("unit")
class PropertyTest {
    private static final SearchLimits LIMITS = SearchLimits.withTimeLimit(Duration.ofSeconds(60));

    @ParameterizedTest
    @EnumSource(RandomHistories.Kind.class)
    void agreesWithBruteForceOnSmallRandomHistories(RandomHistories.Kind kind) {
        Map<Verdict, Integer> seen = new EnumMap<>(Verdict.class);
        int runs = 1500;
        for (int seed = 0; seed < runs; seed++) {
            SplittableRandom r = new SplittableRandom(seed * 31L + kind.ordinal());
            History h = RandomHistories.generate(kind, r, 3 + r.nextInt(6), 2 + r.nextInt(2));
            Verdict truth = switch (kind) {
                case MUTEX -> BruteForce.checkLock(h.operations(), false);
                case FENCED -> BruteForce.checkLock(h.operations(), true);
                case REGISTER -> BruteForce.check(Register.register(), h.operations());
                case CAS_REGISTER -> BruteForce.check(Register.casRegister(), h.operations());
                case KV -> BruteForce.check(new Kv(), h.operations());
            };
            Model<?> model = switch (kind) {
                case MUTEX -> new Mutex();
                case FENCED -> new FencedMutex();
                case REGISTER -> Register.register();
                case CAS_REGISTER -> Register.casRegister();
                case KV -> new Kv();
            };
            LinearizabilityResult ours = Linearizability.check(model, h.operations(), LIMITS);
            final int s = seed;
            assertEquals(truth, ours.verdict(), () -> kind + " seed " + s + ":\n" + dump(h));
            seen.merge(truth, 1, Integer::sum);
        }
        // the generator must give both answers often, or the agreement means little
        assertTrue(seen.getOrDefault(Verdict.VALID, 0) > runs / 10, "valid: " + seen);
        assertTrue(seen.getOrDefault(Verdict.INVALID, 0) > runs / 10, "invalid: " + seen);
    }

    static String dump(History h) {
        StringBuilder sb = new StringBuilder();
        h.ops().forEach(op -> sb.append("  ").append(dev.lockstorm.checker.io.HistoryWriter.toJson(op)).append('\n'));
        return sb.toString();
    }
}
