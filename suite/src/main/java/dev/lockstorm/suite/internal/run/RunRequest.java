package dev.lockstorm.suite.internal.run;

import dev.lockstorm.api.Fencing;
import dev.lockstorm.checker.io.Json;
import dev.lockstorm.checker.io.JsonObject;
import dev.lockstorm.clusters.redis.Persistence;
import dev.lockstorm.locks.internal.registry.PluginException;
import dev.lockstorm.locks.internal.registry.Registry;
import dev.lockstorm.suite.internal.nemesiskinds.NemesisKind;
import dev.lockstorm.suite.internal.nemesiskinds.NemesisKinds;
import dev.lockstorm.suite.internal.nemesiskinds.Replay;
import dev.lockstorm.suite.internal.nemesiskinds.RecordedSchedule;
import dev.lockstorm.suite.internal.workload.OnDoubt;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * A run as data: every choice of a {@link RunSpec}, by name and value, and where its hosts are. Every
 * run directory holds the one it ran ({@code spec.json}, written by the {@link Runner}); {@code replay},
 * {@code shrink} and a shrunk scenario read it back and change a field or two ({@link #withSchedule},
 * {@link #withClients}), never an argument string, so a class path or a schedule whose path holds a
 * space survives. The CLI's {@code run} only parses its options into one.
 *
 * <pre>{@code
 * RunRequest r = RunRequest.read(dir.resolve("spec.json")).withSchedule(minimal);
 * new Runner(System.out, r.where()).run(r.spec(), store.newRun("redis-single-replay"));
 * }</pre>
 *
 * @param system          the lock system's name
 * @param options         every option of the system, by name
 * @param resource        the protected resource's name
 * @param classpath       the user's class path entries (lock systems and resources of their own)
 * @param clients         client processes
 * @param timeLimit       how long the clients and the nemesis run
 * @param nemesis         the nemesis kind's name ({@code --nemesis})
 * @param schedule        a recorded schedule that the run does again instead of drawing faults, or null
 * @param fencing         what the resource checks of the token
 * @param seed            the seed of every random choice
 * @param lease           the lock's lease
 * @param nemesisInterval mean time between faults; null for the default (a sixth of the time limit, at most 10 s)
 * @param holdMin         shortest hold
 * @param holdMax         longest hold; null for the default (1.5 leases)
 * @param rest            rest between cycles (zero: none); null for none
 * @param nesting         how deep a reentrant lock is taken again, at most; null for the system's default
 * @param readers         how many clients of a read-write lock read; null for the default (half)
 * @param onDoubt         what a holder does when its client says the lease may be gone
 * @param keepCrashed     whether a crashed client instance is left running beside the new one
 * @param quiet           the quiet period after the final heal
 * @param persistence     how Redis keeps data across a crash
 * @param title           a named scenario's variant, or null
 * @param where           where the hosts are
 */
public record RunRequest(String system, Map<String, String> options, String resource, List<Path> classpath, int clients, Duration timeLimit,
                         String nemesis, Path schedule, Fencing fencing, long seed, Duration lease, Duration nemesisInterval, Duration holdMin,
                         Duration holdMax, Duration rest, Integer nesting, Integer readers, OnDoubt onDoubt, boolean keepCrashed, Duration quiet,
                         Persistence persistence, String title, Placement where) {
    /** The version of spec.json this class writes and reads. */
    public static final int VERSION = 1;
    /** Its file in a run directory. */
    public static final String FILE = "spec.json";

    public RunRequest {
        options = Map.copyOf(options);
        classpath = List.copyOf(classpath);
    }

    /** The request that {@code spec} answers, on {@code where}'s hosts: {@code of(s, w).spec()} is {@code s} again. */
    public static RunRequest of(RunSpec spec, Placement where) {
        String nemesis = spec.nemesis().name();
        Path schedule = spec.nemesis() instanceof Replay r ? r.source().toAbsolutePath() : null;
        return new RunRequest(spec.system().name(), new TreeMap<>(spec.options()), spec.resource().name(), spec.classpath(), spec.clients(),
                spec.timeLimit(), nemesis, schedule, spec.fencing(), spec.seed(), spec.lease(), spec.nemesisInterval(), spec.holdMin(),
                spec.holdMax(), spec.rest(), spec.nesting(), spec.readers(), spec.onDoubt(), spec.keepCrashed(), spec.quiet(), spec.persistence(),
                spec.title(), where);
    }

    /**
     * The spec this asks for, its system and resource found on lockstorm's class path and {@link #classpath}.
     *
     * @param command the command line to record beside it (for a person; the spec itself is this data)
     * @throws IllegalArgumentException naming the field (or the schedule's file and step) and what was expected
     * @throws PluginException          when the class path cannot be loaded or names no such system
     */
    public RunSpec spec(List<String> command) throws PluginException {
        Registry registry = Registry.load(classpath);
        NemesisKind kind = NemesisKinds.byName(nemesis);
        if (schedule != null) {
            RecordedSchedule recorded = RecordedSchedule.read(schedule);
            if (recorded.run().get("nemesis") instanceof String recordedKind) kind = NemesisKinds.byName(recordedKind);
            if (!recorded.notReplayed().isEmpty()) {
                System.out.println("lockstorm: " + schedule + ": these faults cannot be done again by name and are left out: "
                        + String.join("; ", recorded.notReplayed()));
            }
            kind = new Replay(kind, recorded, schedule);
        }
        RunSpec.Builder b = RunSpec.builder(registry.system(system)).classpath(registry.classpath()).resource(registry.resource(resource))
                .clients(clients).timeLimit(timeLimit).nemesis(kind).fencing(fencing).seed(seed).lease(lease).nemesisInterval(nemesisInterval)
                .holds(holdMin, holdMax).rest(rest != null ? rest : Duration.ZERO).onDoubt(onDoubt).keepCrashed(keepCrashed).quiet(quiet)
                .persistence(persistence).command(command);
        options.forEach(b::option);
        if (nesting != null) b.nesting(nesting);
        if (readers != null) b.readers(readers);
        RunSpec spec = b.build();
        return title == null ? spec : spec.withTitle(title);
    }

    /** The spec this asks for, recorded as {@code bin/lockstorm run} with {@link #arguments()}. */
    public RunSpec spec() throws PluginException {
        List<String> command = new ArrayList<>(List.of("bin/lockstorm", "run"));
        command.addAll(arguments());
        return spec(command);
    }

    /** The same run doing the faults of {@code file} again (the recorded run's nemesis still prepares it); null: drawing its own. */
    public RunRequest withSchedule(Path file) {
        return new RunRequest(system, options, resource, classpath, clients, timeLimit, nemesis, file == null ? null : file.toAbsolutePath(), fencing, seed, lease,
                nemesisInterval, holdMin, holdMax, rest, nesting, readers, onDoubt, keepCrashed, quiet, persistence, title, where);
    }

    /** The same run with {@code n} clients (a reader count that no longer fits is cut to the most that do). */
    public RunRequest withClients(int n) {
        return new RunRequest(system, options, resource, classpath, n, timeLimit, nemesis, schedule, fencing, seed, lease, nemesisInterval,
                holdMin, holdMax, rest, nesting, readers == null ? null : Math.min(readers, Math.max(0, n - 1)), onDoubt, keepCrashed, quiet, persistence, title, where);
    }

    /** The same run for {@code d} (its mean time between faults as the recorded run's). */
    public RunRequest withTimeLimit(Duration d) {
        return new RunRequest(system, options, resource, classpath, clients, d, nemesis, schedule, fencing, seed, lease, nemesisInterval,
                holdMin, holdMax, rest, nesting, readers, onDoubt, keepCrashed, quiet, persistence, title, where);
    }

    /**
     * The same run looking for its lock system and resource in {@code given} instead of the class
     * path it recorded ({@code --classpath} of a replay: the jars moved, or the run came from another
     * machine); the recorded one when none is given.
     */
    public RunRequest withClasspath(List<Path> given) {
        if (given.isEmpty()) return this;
        return new RunRequest(system, options, resource, given, clients, timeLimit, nemesis, schedule, fencing, seed, lease, nemesisInterval,
                holdMin, holdMax, rest, nesting, readers, onDoubt, keepCrashed, quiet, persistence, title, where);
    }

    public RunRequest withSeed(long s) {
        return new RunRequest(system, options, resource, classpath, clients, timeLimit, nemesis, schedule, fencing, s, lease, nemesisInterval,
                holdMin, holdMax, rest, nesting, readers, onDoubt, keepCrashed, quiet, persistence, title, where);
    }

    /** The same run on {@code w}'s hosts. */
    public RunRequest on(Placement w) {
        return new RunRequest(system, options, resource, classpath, clients, timeLimit, nemesis, schedule, fencing, seed, lease, nemesisInterval,
                holdMin, holdMax, rest, nesting, readers, onDoubt, keepCrashed, quiet, persistence, title, w);
    }

    /**
     * {@code bin/lockstorm run}'s options for this run, every one given (a person's copy of it; the
     * data is the record): the same run when typed again, each value one argument.
     */
    public List<String> arguments() {
        List<String> a = new ArrayList<>(List.of("--system", system));
        options.forEach((k, v) -> a.addAll(List.of("--option", k + "=" + v)));
        if (!resource.equals(RunDefaults.RESOURCE)) a.addAll(List.of("--resource", resource));
        if (!classpath.isEmpty()) a.addAll(List.of("--classpath", String.join(java.io.File.pathSeparator, classpath.stream().map(Path::toString).toList())));
        a.addAll(List.of("--clients", Integer.toString(clients), "--time-limit", ms(timeLimit), "--nemesis", nemesis));
        if (schedule != null) a.addAll(List.of("--schedule", schedule.toString()));
        a.addAll(List.of("--fencing", fencing.wire(), "--seed", Long.toString(seed), "--lease", ms(lease), "--quiet", ms(quiet),
                "--on-doubt", onDoubt.name().toLowerCase(Locale.ROOT), "--persistence", persistence.wire()));
        if (nemesisInterval != null) a.addAll(List.of("--nemesis-interval", ms(nemesisInterval)));
        if (holdMax != null) a.addAll(List.of("--hold-max", ms(holdMax)));
        if (rest != null && !rest.isZero()) a.addAll(List.of("--rest", ms(rest)));
        if (nesting != null) a.addAll(List.of("--nesting", Integer.toString(nesting)));
        if (readers != null) a.addAll(List.of("--readers", Integer.toString(readers)));
        if (keepCrashed) a.add("--keep-crashed");
        a.addAll(where.arguments());
        return a;
    }

    /** {@link #arguments()} as one line a shell takes back as they are (a value with a space or a quote quoted). */
    public String commandLine() {
        StringBuilder sb = new StringBuilder("bin/lockstorm run");
        for (String w : arguments()) sb.append(' ').append(shellWord(w));
        return sb.toString();
    }

    /** Writes it as {@code file} (pretty JSON, moved into place at once). */
    public void write(Path file) throws IOException {
        Json.writeFile(file, toData());
    }

    /** The data spec.json holds. */
    public Map<String, Object> toData() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("lockstorm_spec", VERSION);
        m.put("system", system);
        m.put("options", options.isEmpty() ? Map.of() : new TreeMap<>(options));
        m.put("resource", resource);
        m.put("classpath", classpath.stream().map(Path::toString).toList());
        m.put("clients", clients);
        m.put("time_limit_ms", timeLimit.toMillis());
        m.put("nemesis", nemesis);
        if (schedule != null) m.put("schedule", schedule.toString());
        m.put("fencing", fencing.wire());
        m.put("seed", seed);
        m.put("lease_ms", lease.toMillis());
        if (nemesisInterval != null) m.put("nemesis_interval_ms", nemesisInterval.toMillis());
        m.put("hold_min_ms", holdMin.toMillis());
        if (holdMax != null) m.put("hold_max_ms", holdMax.toMillis());
        if (rest != null) m.put("rest_ms", rest.toMillis());
        if (nesting != null) m.put("nesting", nesting);
        if (readers != null) m.put("readers", readers);
        m.put("on_doubt", onDoubt.name().toLowerCase(Locale.ROOT));
        m.put("keep_crashed", keepCrashed);
        m.put("quiet_ms", quiet.toMillis());
        m.put("persistence", persistence.wire());
        if (title != null) m.put("title", title);
        m.put("where", where.toData());
        return m;
    }

    /**
     * Reads a spec.json.
     *
     * @throws IllegalArgumentException naming the file and the key when a key is missing, unknown or of the wrong type
     * @throws IOException              when it cannot be read or is no JSON
     */
    public static RunRequest read(Path file) throws IOException {
        return fromData(JsonObject.read(file));
    }

    /** The request in {@code o}, as {@link #toData()} writes it. */
    public static RunRequest fromData(JsonObject o) {
        long version = o.whole("lockstorm_spec");
        if (version != VERSION) throw new IllegalArgumentException(o.where() + ": spec version " + version + "; this lockstorm reads version " + VERSION);
        try {
            RunRequest r = new RunRequest(o.string("system"), o.stringMap("options"), o.string("resource"),
                    o.strings("classpath").stream().map(Path::of).toList(), o.count("clients"), millis(o, "time_limit_ms"), o.string("nemesis"),
                    o.optString("schedule") == null ? null : Path.of(o.optString("schedule")), Fencing.fromName(o.string("fencing")),
                    o.whole("seed"), millis(o, "lease_ms"), optMillis(o, "nemesis_interval_ms"), millis(o, "hold_min_ms"), optMillis(o, "hold_max_ms"),
                    optMillis(o, "rest_ms"), optCount(o, "nesting"), optCount(o, "readers"), OnDoubt.fromName(o.string("on_doubt")), o.bool("keep_crashed"),
                    millis(o, "quiet_ms"), Persistence.fromName(o.string("persistence")), o.optString("title"), Placement.fromData(o.object("where")));
            o.done();
            return r;
        } catch (IllegalArgumentException e) {
            throw e.getMessage().startsWith(o.where()) ? e : new IllegalArgumentException(o.where() + ": " + e.getMessage(), e);
        }
    }

    /** Whether {@code dir} holds a spec.json (runs recorded before runs wrote one have only command.txt). */
    public static boolean in(Path dir) {
        return Files.isRegularFile(dir.resolve(FILE));
    }

    private static Integer optCount(JsonObject o, String key) {
        if (o.has(key)) return o.count(key);
        o.optWhole(key); // absent: the system's default
        return null;
    }

    private static Duration optMillis(JsonObject o, String key) {
        if (o.has(key)) return millis(o, key);
        o.optWhole(key); // absent: the default
        return null;
    }

    private static Duration millis(JsonObject o, String key) {
        long ms = o.whole(key);
        if (ms < 0) throw new IllegalArgumentException(o.where() + ": key \"" + key + "\": expected 0 or more milliseconds, found " + ms);
        return Duration.ofMillis(ms);
    }

    private static String ms(Duration d) {
        return d.toMillis() + "ms";
    }

    /** A word a POSIX shell reads back as it is. */
    static String shellWord(String w) {
        if (!w.isEmpty() && w.chars().allMatch(c -> Character.isLetterOrDigit(c) || "-_./:=,@%+".indexOf(c) >= 0)) return w;
        return "'" + w.replace("'", "'\\''") + "'";
    }
}
