package dev.lockstorm.suite.internal.cli;

import dev.lockstorm.checker.history.Op;
import dev.lockstorm.checker.io.Json;
import dev.lockstorm.locks.internal.registry.PluginException;
import dev.lockstorm.suite.internal.replay.Finding;
import dev.lockstorm.suite.internal.run.RunSpec;
import dev.lockstorm.suite.internal.scenario.Scenario;
import picocli.CommandLine;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
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
 *   "lockstorm_scenario" : 1,
 *   "name" : "redis-single-mix-seed3",
 *   "description" : "1 of 13 faults were needed: pause-client: freeze c3 for 1.5 s, …",
 *   "run" : [ "--system", "redis-single", "--nemesis", "mix", "--time-limit", "26s", "--clients", "2" ],
 *   "seed" : 3,
 *   "schedule" : "schedule.json",
 *   "expects" : { "lease-limit" : [ 1 ] }
 * }
 * }</pre>
 *
 * @param file        where it was read from or is written to
 * @param name        the scenario's name, as {@code reproduce} prints it
 * @param description one line: what the schedule does
 * @param run         the options of {@code bin/lockstorm run}, without {@code --seed} and {@code --schedule}
 * @param seed        the seed the finding was shrunk with, which {@code reproduce} uses unless given {@code --seed}
 * @param schedule    the schedule it replays, relative to the file's directory
 * @param expects     the finding each run must show again, in the schedule's steps
 */
record ExportedScenario(Path file, String name, String description, List<String> run, long seed, String schedule, Finding expects) {
    /** Options that the file sets in its own fields, not in {@code run}. */
    private static final List<String> OWN = List.of("--seed", "--schedule");

    ExportedScenario {
        run = List.copyOf(run);
    }

    /** A scenario of the run {@code argv} (its --seed and --schedule taken out) that must show {@code expects} again. */
    static ExportedScenario of(Path file, String name, String description, List<String> argv, long seed, Finding expects) {
        return new ExportedScenario(file, name, description, RunCommand.without(argv, OWN), seed, "schedule.json", expects);
    }

    /** Writes the file (pretty JSON, replaced at once so that a reader never sees half of it). */
    void write() throws IOException {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("lockstorm_scenario", 1);
        m.put("name", name);
        m.put("description", description);
        m.put("run", run);
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
        Object data;
        try {
            data = Json.readFile(file);
        } catch (IOException e) {
            throw new IllegalArgumentException(file + ": not a scenario file (expected JSON as 'lockstorm shrink' writes scenario.json): " + e.getMessage());
        }
        if (!(data instanceof Map<?, ?> m) || !m.containsKey("lockstorm_scenario")) {
            throw new IllegalArgumentException(file + ": expected an object with \"lockstorm_scenario\": 1 (as 'lockstorm shrink' writes scenario.json)");
        }
        String name = text(m, "name", file);
        String description = m.get("description") == null ? name : String.valueOf(m.get("description"));
        if (!(m.get("run") instanceof List<?> args) || args.stream().anyMatch(a -> !(a instanceof String))) {
            throw new IllegalArgumentException(file + ": expected \"run\" as the options of 'bin/lockstorm run', a list of strings such as"
                    + " [\"--system\", \"redis-single\"], not " + Op.show(m.get("run")));
        }
        if (!(m.get("seed") instanceof Number seed)) throw new IllegalArgumentException(file + ": expected \"seed\" as a number, not " + Op.show(m.get("seed")));
        String schedule = text(m, "schedule", file);
        Finding expects = Finding.fromData(m.get("expects"), file + ": \"expects\"");
        ExportedScenario s = new ExportedScenario(file, name, description, args.stream().map(String::valueOf).toList(), seed.longValue(), schedule, expects);
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

    /** The run for {@code seed}: this file's options with the seed and its schedule. */
    RunSpec spec(long seed) throws PluginException {
        List<String> args = new ArrayList<>(run);
        args.addAll(List.of("--seed", Long.toString(seed), "--schedule", scheduleFile().toString()));
        try {
            return RunCommand.parse(args).spec();
        } catch (CommandLine.ParameterException e) {
            throw new IllegalArgumentException(file + ": \"run\": " + e.getMessage());
        }
    }

    /** The scenario {@code reproduce} runs: one variant, which must show {@link #expects} again. */
    Scenario scenario() {
        Scenario.Variant v = new Scenario.Variant("the shrunk schedule", this::spec, "the same finding: " + expects.describe(),
                r -> Finding.ofReplay(r.check()).reproduces(expects))
                .provedBy(r -> "found " + Finding.ofReplay(r.check()).describe());
        return new Scenario(name, description, List.of(v));
    }
}
