package dev.lockstorm.junit;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;

import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

/**
 * A team's parameterized test over {unsafe configuration, safe configuration}, run with JUnit's parallel
 * execution as docs/your-own-lock.md sets it up: both invocations share one test name, run side by
 * side, and each must get its own run's verdict (they used to read the store's {@code latest}, the
 * other's run).
 */
@Tag("lab")
class ParallelRunsIT {

    /** The junit-platform.properties that docs/your-own-lock.md shows, read from the page. */
    static Map<String, String> docsProperties() throws IOException {
        String page = Files.readString(Path.of("..", "docs", "your-own-lock.md"));
        int marker = page.indexOf("<!-- the junit-platform.properties ParallelRunsIT uses -->");
        assertTrue(marker >= 0, "docs/your-own-lock.md shows junit-platform.properties behind its marker");
        int start = page.indexOf("```properties\n", marker) + "```properties\n".length();
        Properties p = new Properties();
        p.load(new StringReader(page.substring(start, page.indexOf("```", start))));
        Map<String, String> out = new LinkedHashMap<>();
        p.stringPropertyNames().forEach(k -> out.put(k, p.getProperty(k)));
        assertEquals("true", out.get("junit.jupiter.execution.parallel.enabled"), "the docs' properties turn parallel execution on");
        return out;
    }

    @Test
    void parallelInvocationsOfOneParameterizedTestEachGetTheirOwnRunsVerdict() throws IOException {
        EngineExecutionResults results = EngineTestKit.engine("junit-jupiter").configurationParameters(docsProperties())
                .selectors(selectClass(UnsafeAndSafe.class)).execute();
        results.testEvents().failed().stream().forEach(e -> System.out.println("failed: " + e));
        results.testEvents().assertStatistics(s -> s.started(2).succeeded(2).failed(0));
        assertTrue(UnsafeAndSafe.overlapped, "the two runs went on at the same time");
    }

    /** The user's test: a holder frozen past its TTL (a double holder, expected) beside a fault-free run (valid). */
    @ExtendWith(LockStormExtension.class)
    static class UnsafeAndSafe {
        static volatile boolean overlapped;
        private static final java.util.concurrent.atomic.AtomicInteger running = new java.util.concurrent.atomic.AtomicInteger();

        @ParameterizedTest
        @ValueSource(strings = {"pause-client", "none"})
        void eachInvocationReadsItsOwnRun(String nemesis, LockStorm lockstorm) {
            if (running.incrementAndGet() > 1) overlapped = true;
            try {
                // the fault-free run is the shorter: it ends while the other still runs, and its directory is made at about the same time
                LockStormSpec spec = LockStormSpec.of("redis-single").withClients(3).withNemesis(nemesis).withLease(Duration.ofSeconds(2))
                        .withNemesisInterval(Duration.ofSeconds(3)).withHoldMax(Duration.ofMillis(nemesis.equals("none") ? 100 : 1000))
                        .withTimeLimit(Duration.ofSeconds(nemesis.equals("none") ? 5 : 12)).withQuiet(Duration.ofSeconds(10));
                LockStormRun run = lockstorm.run(spec);
                assertEquals(nemesis, run.results().run().nemesis(), "the run read back is this invocation's");
                if (nemesis.equals("none")) {
                    run.assertSafe();
                    assertEquals(0, run.faults());
                } else {
                    run.assertDoubleHolder().assertFaultsInjected().assertNoDefect();
                }
                assertFalse(run.dir().endsWith("latest"), run.dir().toString());
            } finally {
                running.decrementAndGet();
            }
        }
    }
}
