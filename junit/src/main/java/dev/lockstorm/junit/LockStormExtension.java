package dev.lockstorm.junit;

import dev.lockstorm.suite.internal.run.Durations;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.InvocationInterceptor;
import org.junit.jupiter.api.extension.ReflectiveInvocationContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.jupiter.api.extension.ParameterResolver;

import java.lang.reflect.Method;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

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
public final class LockStormExtension implements ParameterResolver, InvocationInterceptor {

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

    /**
     * With {@code seeds = N} ({@link SeedRule}): a reproduction whose assertions fail on its first
     * seed's run is called again with the next seed's, up to N: it passes at the first seed whose run
     * meets them, and fails with every seed's counts when none does; a safety claim
     * ({@code assertSafe}, {@code assertNoDefect}) is called with every seed and fails at the first
     * that breaks it. Only an assertion failure counts as one.
     */
    @Override
    public void interceptTestMethod(Invocation<Void> invocation, ReflectiveInvocationContext<Method> call, ExtensionContext context)
            throws Throwable {
        LockStormTest t = call.getExecutable().getAnnotation(LockStormTest.class);
        if (t == null || t.seeds() <= 1) {
            invocation.proceed();
            return;
        }
        List<Object> args = new ArrayList<>(call.getArguments());
        int at = -1;
        for (int i = 0; i < args.size(); i++) if (args.get(i) instanceof LockStormRun) at = i;
        if (at < 0) {
            invocation.proceed();
            return;
        }
        StringBuilder tried = new StringBuilder();
        LockStormRun run = (LockStormRun) args.get(at);
        LockStorm lockstorm = LockStorm.into(LockStorm.defaultRoot(), testName(context));
        Method m = call.getExecutable();
        m.setAccessible(true);
        for (int n = 0; ; n++) {
            args.set(at, run);
            AssertionError failed = null;
            SeedRule.claimedSafety(); // forget what an earlier test on this thread claimed
            try {
                m.invoke(call.getTarget().orElse(null), args.toArray());
            } catch (java.lang.reflect.InvocationTargetException e) {
                if (!(e.getCause() instanceof AssertionError a)) throw e.getCause();
                failed = a;
            }
            boolean safety = SeedRule.claimedSafety();
            tried.append(tried.length() == 0 ? "" : "; ").append("seed ").append(run.spec().seed()).append(": ").append(run.counts());
            switch (SeedRule.after(safety, failed == null, n + 1 >= t.seeds())) {
                case PASS -> {
                    context.publishReportEntry("lockstorm.seeds", safety ? "every seed passed: " + tried
                            : "seed " + run.spec().seed() + " showed it" + (n == 0 ? "" : " (tried: " + tried + ")"));
                    invocation.skip();
                    return;
                }
                case FAIL -> {
                    invocation.skip();
                    throw safety ? new AssertionError("lockstorm: seed " + run.spec().seed() + " broke the safety claim (every seed must"
                            + " pass it): " + tried, failed)
                            : new AssertionError("lockstorm: not shown on any of " + t.seeds() + " seeds: " + tried, failed);
                }
                case NEXT -> {
                }
            }
            run = lockstorm.run(run.spec().withSeed(run.spec().seed() + 1));
            context.publishReportEntry("lockstorm.report", run.report().toString());
        }
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
                .withPersistence(t.persistence()).withOnDoubt(t.onDoubt()).withKeepCrashed(t.keepCrashed()).withBackend(t.backend().isEmpty() ? LockStorm.defaultBackend() : t.backend());
        if (t.nesting() >= 0) s = s.withNesting(t.nesting());
        if (t.readers() >= 0) s = s.withReaders(t.readers());
        if (!t.schedule().isBlank()) s = s.withSchedule(java.nio.file.Path.of(t.schedule()));
        if (!t.holdMax().isBlank()) s = s.withHoldMax(duration(t.holdMax(), "holdMax"));
        if (!t.nemesisInterval().isBlank()) s = s.withNemesisInterval(duration(t.nemesisInterval(), "nemesisInterval"));
        if (!t.rest().isBlank()) s = s.withRest(duration(t.rest(), "rest"));
        if (t.until().length > 0) s = s.withUntil(t.until());
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
