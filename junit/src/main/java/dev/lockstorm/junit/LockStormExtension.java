package dev.lockstorm.junit;

import dev.lockstorm.suite.internal.run.Durations;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.jupiter.api.extension.ParameterResolver;

import java.lang.reflect.Method;
import java.time.Duration;

/**
 * Gives lockstorm tests what they ask for: a {@link LockStormRun} parameter is the run that the
 * method's {@link LockStormTest} describes; a {@link LockStorm} parameter runs specs the test makes
 * itself, which is how systems, nemeses and seeds are parameterised:
 *
 * <pre>{@code
 * @ExtendWith(LockStormExtension.class)
 * class AcmeLockTest {
 *     @ParameterizedTest
 *     @ValueSource(strings = {"pause-client", "partition", "kill"})
 *     void fencingSavesTheLedger(String nemesis, LockStorm lockstorm) {
 *         lockstorm.run(LockStormSpec.of("acme-fenced-lock").withNemesis(nemesis).withFencing("all").withResource("acme-ledger"))
 *                 .assertNoLostUpdates();
 *     }
 * }
 * }</pre>
 *
 * Results go to {@code target/lockstorm/<TestClass.method>/<start-time>/} ({@code -Dlockstorm.results}
 * moves them); each run's report is published as a report entry named {@code lockstorm.report}.
 */
public final class LockStormExtension implements ParameterResolver {

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        Class<?> type = parameter.getParameter().getType();
        return type == LockStorm.class || type == LockStormRun.class && parameter.getDeclaringExecutable().isAnnotationPresent(LockStormTest.class);
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        LockStorm lockstorm = LockStorm.into(LockStorm.defaultRoot(), testName(context));
        if (parameter.getParameter().getType() == LockStorm.class) return lockstorm;
        LockStormSpec spec;
        try {
            spec = spec(parameter.getDeclaringExecutable().getAnnotation(LockStormTest.class));
        } catch (IllegalArgumentException e) {
            throw new ParameterResolutionException("@LockStormTest: " + e.getMessage(), e);
        }
        LockStormRun run = lockstorm.run(spec);
        context.publishReportEntry("lockstorm.report", run.report().toString());
        return run;
    }

    /** {@code TestClass.method}: the folder of the test's runs. */
    static String testName(ExtensionContext context) {
        String method = context.getTestMethod().map(Method::getName).orElse("run");
        return context.getRequiredTestClass().getSimpleName() + "." + method;
    }

    /** The spec an annotation describes. */
    static LockStormSpec spec(LockStormTest t) {
        LockStormSpec s = LockStormSpec.of(t.system()).withClients(t.clients()).withTimeLimit(duration(t.timeLimit(), "timeLimit"))
                .withNemesis(t.nemesis()).withFencing(t.fencing()).withResource(t.resource()).withSeed(t.seed())
                .withLease(duration(t.lease(), "lease")).withQuiet(duration(t.quiet(), "quiet"))
                .withPersistence(t.persistence()).withOnDoubt(t.onDoubt());
        if (t.nesting() >= 0) s = s.withNesting(t.nesting());
        if (!t.holdMax().isBlank()) s = s.withHoldMax(duration(t.holdMax(), "holdMax"));
        if (!t.nemesisInterval().isBlank()) s = s.withNemesisInterval(duration(t.nemesisInterval(), "nemesisInterval"));
        for (String o : t.options()) {
            int eq = o.indexOf('=');
            if (eq <= 0) throw new IllegalArgumentException("options = \"" + o + "\": expected name=value");
            s = s.withOption(o.substring(0, eq), o.substring(eq + 1));
        }
        return s;
    }

    private static Duration duration(String text, String attribute) {
        try {
            return Durations.parse(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(attribute + ": " + e.getMessage());
        }
    }
}
