package dev.lockstorm.suite.internal.matrix;

import dev.lockstorm.results.Expectation;
import dev.lockstorm.checker.Verdict;
import dev.lockstorm.results.RunStore;
import dev.lockstorm.suite.internal.nemesiskinds.NemesisKinds;
import dev.lockstorm.locks.internal.registry.Registry;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A small matrix, run for real: one row a cell, each with its verdict and report, no fault leaves a cell unrun. */
@Tag("lab")
class MatrixIT {

    @Test
    void everyCellRunsAndTheTableNamesItsReport() throws Exception {
        RunStore store = new RunStore(Path.of("target", "it-results").toAbsolutePath());
        Matrix m = new Matrix(store, Duration.ofSeconds(8), 3, List.of(), dev.lockstorm.clusters.redis.Persistence.NONE, new PrintStream(PrintStream.nullOutputStream()));
        List<Matrix.Cell> cells = m.run(List.of(Registry.builtIn().system("redis-single")),
                List.of(NemesisKinds.byName("none"), NemesisKinds.byName("clock")));
        assertEquals(2, cells.size());
        for (Matrix.Cell c : cells) {
            assertNotNull(c.result(), c.system() + " × " + c.nemesis() + " did not run: " + c.error());
            assertTrue(Files.exists(c.result().dir().resolve("report.html")));
            assertTrue(c.opsPerSecond(Duration.ofSeconds(8)) > 1, "ops/s of " + c.nemesis());
        }
        assertEquals(Verdict.VALID, cells.get(0).verdict(), "no faults: valid");
        String table = m.table(cells);
        assertTrue(table.lines().count() == 3 && table.contains("redis-single") && table.contains("clock")
                && table.contains(cells.get(1).result().dir().resolve("report.html").toString()), table);

        // kept beside the runs: the table, one junit.xml with a suite per cell, an index linking every report
        Path dir = m.write(cells);
        assertEquals(table, Files.readString(dir.resolve("matrix.txt")));
        String junit = Files.readString(dir.resolve("junit.xml"));
        assertTrue(junit.startsWith("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n") && junit.endsWith("</testsuites>\n"), junit);
        assertEquals(2, junit.split("<testsuite ", -1).length - 1, junit);
        assertTrue(junit.contains("<testsuite name=\"lockstorm.redis-single.none.") && junit.contains("<testsuite name=\"lockstorm.redis-single.clock."), junit);
        String index = Files.readString(dir.resolve("index.html"));
        for (Matrix.Cell c : cells) {
            String rel = dir.relativize(c.result().dir()).toString();
            assertTrue(index.contains("href=\"" + rel + "/report.html\"") && index.contains("href=\"" + rel + "/junit.xml\""), index);
        }

        // --expect: a correct lease lock's incidents under a server clock jump are lease limits, so no-defect passes the job;
        // an expectation a cell does not meet is named with the cell, and a cell that did not run is exit 2
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        assertEquals(0, Matrix.meets(cells, List.of(Expectation.parse("no-defect")), new PrintStream(out, true)), out.toString());
        out.reset();
        assertEquals(1, Matrix.meets(cells, List.of(Expectation.parse("invalid")), new PrintStream(out, true)));
        assertTrue(out.toString().contains("redis-single × none: expect invalid: NOT MET (the verdict is valid)"), out.toString());
        List<Matrix.Cell> notRun = List.of(cells.get(0), new Matrix.Cell("redis-single", "kill", null, "the lab could not start"));
        assertEquals(2, Matrix.meets(notRun, List.of(Expectation.parse("no-defect")), new PrintStream(PrintStream.nullOutputStream())));
    }
}
