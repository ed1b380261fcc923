package dev.lockstorm.suite.internal.cli;

import dev.lockstorm.suite.internal.replay.Finding;
import dev.lockstorm.suite.internal.nemesiskinds.RecordedSchedule;
import dev.lockstorm.suite.internal.run.RunRequest;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The JUnit 5 test a shrink hands back: a {@code @LockStormTest} that runs the minimal schedule
 * with the recorded run's options and expects the finding, for a team to drop into its build as a
 * regression test (it passes while the lock still fails so, and fails once the lock is fixed,
 * which is when the team turns its expectation around).
 *
 * @param className    the test class's name
 * @param schedulePath where the test expects the schedule, from the module's directory
 * @param source       the test's Java source
 */
record RegressionTest(String className, String schedulePath, String source) {

    static RegressionTest of(RunRequest run, RecordedSchedule schedule, Finding finding, Path recordedIn, String pkg) {
        String name = "Shrunk" + camel(run.system()) + "Test";
        String path = "src/test/resources/lockstorm/" + run.system() + "-seed" + run.seed() + ".schedule.json";
        List<String> attrs = new ArrayList<>();
        attrs.add("system = " + quote(run.system()));
        attrs.add("clients = " + run.clients());
        attrs.add("timeLimit = " + quote(run.timeLimit().toMillis() + "ms"));
        if (schedule.run().get("nemesis") instanceof String n) attrs.add("nemesis = " + quote(n));
        attrs.add("fencing = " + quote(run.fencing().wire()));
        if (!run.resource().equals("counter")) attrs.add("resource = " + quote(run.resource()));
        attrs.add("seed = " + run.seed() + "L");
        attrs.add("lease = " + quote(run.lease().toMillis() + "ms"));
        if (run.holdMax() != null) attrs.add("holdMax = " + quote(run.holdMax().toMillis() + "ms"));
        if (run.nemesisInterval() != null) attrs.add("nemesisInterval = " + quote(run.nemesisInterval().toMillis() + "ms"));
        attrs.add("quiet = " + quote(run.quiet().toMillis() + "ms"));
        if (run.persistence() != dev.lockstorm.clusters.redis.Persistence.NONE) attrs.add("persistence = " + quote(run.persistence().wire()));
        if (run.onDoubt() != dev.lockstorm.suite.internal.workload.OnDoubt.CONTINUE) attrs.add("onDoubt = \"stop\"");
        if (run.nesting() != null) attrs.add("nesting = " + run.nesting());
        if (run.readers() != null) attrs.add("readers = " + run.readers());
        if (run.keepCrashed()) attrs.add("keepCrashed = true");
        if (run.rest() != null && !run.rest().isZero()) attrs.add("rest = " + quote(run.rest().toMillis() + "ms"));
        if (!run.options().isEmpty()) {
            attrs.add("options = {" + String.join(", ", new java.util.TreeMap<>(run.options()).entrySet().stream().map(e -> quote(e.getKey() + "=" + e.getValue())).toList()) + "}");
        }
        attrs.add("schedule = " + quote(path));
        // a timing-dependent finding: any of three seeds may show it
        attrs.add("seeds = 3");
        StringBuilder steps = new StringBuilder();
        for (var s : schedule.steps()) steps.append("\n *   ").append(s.describe());
        String src = (pkg == null || pkg.isBlank() ? "" : "package " + pkg + ";\n\n")
                + "import dev.lockstorm.junit.LockStormRun;\n"
                + "import dev.lockstorm.junit.LockStormTest;\n\n"
                + "/**\n"
                + " * Found by lockstorm and shrunk to " + schedule.steps().size() + (schedule.steps().size() == 1 ? " fault" : " faults")
                + " (recorded in " + recordedIn.toAbsolutePath().normalize() + "):" + steps + "\n"
                + " * What it showed: " + finding.describe() + ".\n"
                + " * It passes while the lock still fails so; once the lock is fixed, expect safety instead (run.assertSafe()).\n"
                + " */\n"
                + "class " + name + " {\n"
                + "    @LockStormTest(" + String.join(",\n            ", attrs) + ")\n"
                + "    void theShrunkScheduleStillShowsTheFinding(LockStormRun run) {\n"
                + "        run" + assertions(finding) + ";\n"
                + "    }\n"
                + "}\n";
        return new RegressionTest(name, path, src);
    }

    /**
     * The assertions that say the finding is there with its cause, no more than the finding itself
     * asks of a replay: a defect (a lock defect's double holder, tokens out of order) or a lease limit
     * and no defect; lost updates only when there was no double holder; otherwise an invalid verdict.
     */
    static String assertions(Finding f) {
        boolean holders = f.steps().containsKey("lock-defect") || f.steps().containsKey("lease-limit");
        if (f.steps().containsKey("lock-defect") || f.steps().containsKey("token-violation")) {
            return (holders ? ".assertDoubleHolder()" : "") + ".assertDefect()";
        }
        if (f.steps().containsKey("lease-limit")) return ".assertLeaseLimit()";
        if (f.steps().containsKey("lost-update")) return ".assertLostUpdates()";
        return ".assertFaultsInjected();\n        org.junit.jupiter.api.Assertions.assertThrows(org.opentest4j.AssertionFailedError.class, run::assertSafe)";
    }

    private static String camel(String system) {
        StringBuilder b = new StringBuilder();
        for (String part : system.split("[^A-Za-z0-9]+")) {
            if (!part.isEmpty()) b.append(Character.toUpperCase(part.charAt(0))).append(part.substring(1).toLowerCase(Locale.ROOT));
        }
        return b.length() == 0 || !Character.isJavaIdentifierStart(b.charAt(0)) ? "Lock" + b : b.toString();
    }

    private static String quote(String s) {
        return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }
}
