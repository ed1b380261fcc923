package dev.lockstorm.suite.internal.cli;

import dev.lockstorm.checker.history.Op;
import dev.lockstorm.checker.io.Json;
import dev.lockstorm.checker.io.JsonObject;
import dev.lockstorm.locks.internal.registry.PluginException;
import dev.lockstorm.suite.internal.replay.Finding;
import dev.lockstorm.suite.internal.run.RunRequest;
import dev.lockstorm.suite.internal.run.RunSpec;
import dev.lockstorm.suite.internal.scenario.Scenario;
import picocli.CommandLine;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A team's own finding as a named scenario: the file {@code shrink} writes beside its minimal
 * schedule ({@code scenario.json}), which {@code lockstorm reproduce FILE} runs like a built-in
 * scenario and judges by the finding it names (the same kind of violation, tied to the same step).
 *
 * <pre>{@code
 * {
 *   "lockstorm_scenario" : 2,
 *   "name" : "redis-single-mix-seed3",
 *   "description" : "1 of 13 faults were needed: pause-client: freeze c3 for 1.5 s, …",
 *   "spec" : { "lockstorm_spec" : 1, "system" : "redis-single", "nemesis" : "mix", "time_limit_ms" : 26000, "clients" : 2, … },
 *   "seed" : 3,
 *   "schedule" : "schedule.json",
 *   "expects" : { "lease-limit" : [ 1 ] }
 * }
 * }</pre>
 *
 * A file of version 1 (from an older lockstorm) holds {@code "run"}, the options of {@code bin/lockstorm
 * run} as a list of strings, instead of {@code "spec"}; it is still read.
 *
 * @param file        where it was read from or is written to
 * @param name        the scenario's name, as {@code reproduce} prints it
 * @param description one line: what the schedule does
 * @param run         the run, without its schedule (the file's own field)
 * @param seed        the seed the finding was shrunk with, which {@code reproduce} uses unless given {@code --seed}
 * @param schedule    the schedule it replays, relative to the file's directory
 * @param expects     the finding each run must show again, in the schedule's steps
 */
record ExportedScenario(Path file, String name, String description, RunRequest run, long seed, String schedule, Finding expects) {
    private static final int VERSION = 2;

    /** Writes the file (pretty JSON, replaced at once so that a reader never sees half of it). */
    void write() throws IOException {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("lockstorm_scenario", VERSION);
        m.put("name", name);
        m.put("description", description);
        m.put("spec", run.toData());
        m.put("seed", seed);
        m.put("schedule", schedule);
        m.put("expects", expects.toData());
        Json.writeFile(file, m);
    }

    /**
     * Reads a scenario file; bad input is an {@link IllegalArgumentException} that names the file and
     * field and what was expected.
     */
    static ExportedScenario read(Path file) {
        return read(file, List.of());
    }

    /** The same, looking for its lock system and resource in {@code classpath} too ({@code --classpath}). */
    static ExportedScenario read(Path file, List<Path> classpath) {
        Object data;
        try {
            data = Json.readFile(file);
        } catch (IOException e) {
            throw new IllegalArgumentException(file + ": not a scenario file (expected JSON as 'lockstorm shrink' writes scenario.json): " + e.getMessage());
        }
        if (!(data instanceof Map<?, ?> m) || !m.containsKey("lockstorm_scenario")) {
            throw new IllegalArgumentException(file + ": expected an object with \"lockstorm_scenario\": " + VERSION + " (as 'lockstorm shrink' writes scenario.json)");
        }
        String name = text(m, "name", file);
        String description = m.get("description") == null ? name : String.valueOf(m.get("description"));
        RunRequest run;
        if (m.get("spec") != null) {
            run = RunRequest.fromData(JsonObject.of(m.get("spec"), file + ", spec"));
        } else if (m.get("run") instanceof List<?> args && args.stream().allMatch(a -> a instanceof String)) {
            try {
                run = RunCommand.parse(args.stream().map(String::valueOf).toList()).request();
            } catch (CommandLine.ParameterException e) {
                throw new IllegalArgumentException(file + ": \"run\": " + e.getMessage());
            }
        } else {
            throw new IllegalArgumentException(file + ": expected \"spec\", the run as 'lockstorm shrink' writes it (or, from lockstorm 0.2.0,"
                    + " \"run\" as a list of strings such as [\"--system\", \"redis-single\"]), not " + Op.show(m.get("run")));
        }
        if (!(m.get("seed") instanceof Number seed)) throw new IllegalArgumentException(file + ": expected \"seed\" as a number, not " + Op.show(m.get("seed")));
        String schedule = text(m, "schedule", file);
        Finding expects = Finding.fromData(m.get("expects"), file + ": \"expects\"");
        ExportedScenario s = new ExportedScenario(file, name, description, run.withClasspath(classpath), seed.longValue(), schedule, expects);
        if (!Files.isRegularFile(s.scheduleFile())) {
            throw new IllegalArgumentException(file + ": \"schedule\": no such file " + s.scheduleFile() + " (expected the schedule.json beside it)");
        }
        return s;
    }

    private static String text(Map<?, ?> m, String key, Path file) {
        if (!(m.get(key) instanceof String s) || s.isBlank()) throw new IllegalArgumentException(file + ": expected \"" + key + "\" as a name, not " + Op.show(m.get(key)));
        return s;
    }

    /** The schedule's file: {@link #schedule} beside this file unless it is absolute. */
    Path scheduleFile() {
        Path dir = file.toAbsolutePath().getParent();
        return dir.resolve(schedule).normalize();
    }

    /** The run for {@code seed}: this file's run with the seed and its schedule. */
    RunSpec spec(long seed) throws PluginException {
        return run.withSeed(seed).withSchedule(scheduleFile()).spec();
    }

    /** The scenario {@code reproduce} runs: one variant, which must show {@link #expects} again. */
    Scenario scenario() {
        Scenario.Variant v = new Scenario.Variant("the shrunk schedule", this::spec, "the same finding: " + expects.describe(),
                r -> Finding.ofReplay(r.check()).reproduces(expects))
                .provedBy(r -> "found " + Finding.ofReplay(r.check()).describe());
        return new Scenario(name, description, List.of(v));
    }
}
