package dev.lockstorm.suite.internal.hunt;

import dev.lockstorm.checker.io.Json;
import dev.lockstorm.checker.io.JsonObject;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

/**
 * A hunt's record, {@code hunt.json} in a directory of its own in the store ({@code hunts/<time>}),
 * written again after every run (through a file moved into place, never truncated): the lock, the
 * shares of the rotation it covers, and each run with its seed, nemesis, verdict, defect and what it
 * exercised. {@code lockstorm merge} reads the records of several stores (a CI job's shards) and
 * writes one record of them all; a file it does not understand is refused, naming the file and key.
 *
 * @param system the lock hunted in
 * @param shards the shares of the rotation it covers ({@code 1/1} for a whole hunt; several once merged)
 * @param runs   every run, in the order it started
 */
public record HuntLog(String system, List<String> shards, List<Run> runs) {
    /** The file's name in its directory. */
    public static final String FILE = "hunt.json";
    /** The version of the file's schema that this record reads and writes. */
    public static final int SCHEMA = 1;

    public HuntLog {
        shards = List.copyOf(shards);
        runs = List.copyOf(runs);
    }

    /**
     * One run of a hunt.
     *
     * @param dir       its run directory: in the file, relative to the store the record is in (a shard's store is
     *                  copied to another machine to be merged); once read, resolved against that store
     * @param position  where it stands in the rotation, the same in every shard
     * @param startedAt when it started, ISO local time: the first defect is the earliest
     * @param defect    the lock defect it showed, in words, or null
     * @param exercised how often it reached each dangerous moment
     */
    public record Run(String dir, long position, long seed, String nemesis, boolean careful, String startedAt, String verdict, String defect,
                      Map<String, Integer> exercised) {
        public Run {
            exercised = Map.copyOf(exercised);
        }

        Map<String, Object> toData() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("dir", dir);
            m.put("position", position);
            m.put("seed", seed);
            m.put("nemesis", nemesis);
            m.put("careful", careful);
            m.put("started_at", startedAt);
            m.put("verdict", verdict);
            if (defect != null) m.put("defect", defect);
            m.put("exercised", new java.util.TreeMap<>(exercised));
            return m;
        }

        static Run of(JsonObject o, Path store) {
            Run r = new Run(store.resolve(o.string("dir")).normalize().toString(), o.whole("position"), o.whole("seed"), o.string("nemesis"), o.bool("careful"), o.string("started_at"),
                    o.string("verdict"), o.optString("defect"), o.counts("exercised"));
            o.done();
            return r;
        }
    }

    /** The same record with one more run. */
    public HuntLog with(Run run) {
        List<Run> all = new ArrayList<>(runs);
        all.add(run);
        return new HuntLog(system, shards, all);
    }

    /** The run that showed a defect first, by when it started. */
    public Optional<Run> firstDefect() {
        return runs.stream().filter(r -> r.defect() != null).min(Comparator.comparing(Run::startedAt));
    }

    /** How often the runs reached each dangerous moment, summed. */
    public Map<String, Integer> exercised() {
        Map<String, Integer> sum = new java.util.TreeMap<>();
        for (Run r : runs) r.exercised().forEach((k, n) -> sum.merge(k, n, Integer::sum));
        return sum;
    }

    /** The shares that a set of records covers, and those of the rotation it lacks ("3/3 missing"), in words. */
    public String coverage() {
        List<Shard> parsed = shards.stream().map(Shard::parse).toList();
        int of = parsed.stream().mapToInt(Shard::of).max().orElse(1);
        TreeSet<Integer> have = new TreeSet<>();
        parsed.stream().filter(s -> s.of() == of).forEach(s -> have.add(s.index()));
        List<String> missing = new ArrayList<>();
        for (int i = 1; i <= of; i++) if (!have.contains(i)) missing.add(i + "/" + of);
        return of == 1 ? "the whole rotation" : missing.isEmpty() ? "all " + of + " shards" : "shards " + String.join(", ", shards) + "; missing "
                + String.join(", ", missing);
    }

    /** Writes it to {@code dir}/{@value #FILE}, replacing the one before in one move. */
    public void write(Path dir) throws IOException {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("lockstorm_hunt", SCHEMA);
        m.put("system", system);
        m.put("shards", shards);
        m.put("runs", runs.stream().map(Run::toData).toList());
        Json.writeFile(dir.resolve(FILE), m);
    }

    /** The record in {@code file}; an {@link IllegalArgumentException} naming the file and the key it does not understand. */
    public static HuntLog read(Path file) throws IOException {
        JsonObject o = JsonObject.read(file);
        long schema = o.whole("lockstorm_hunt");
        if (schema != SCHEMA) throw new IllegalArgumentException(file + ": a hunt record of version " + schema + "; this lockstorm reads version " + SCHEMA);
        String system = o.string("system");
        List<String> shards = o.strings("shards");
        for (String s : shards) Shard.parse(s);
        List<Run> runs = new ArrayList<>();
        Object list = o.any("runs");
        if (!(list instanceof List<?> l)) throw new IllegalArgumentException(file + ": runs: expected a list");
        // hunts/<time>/hunt.json: the store is two levels up
        Path store = file.toAbsolutePath().getParent();
        for (int up = 0; up < 2 && store.getParent() != null; up++) store = store.getParent();
        for (int i = 0; i < l.size(); i++) runs.add(Run.of(JsonObject.of(l.get(i), file + ", runs[" + i + "]"), store));
        o.done();
        return new HuntLog(system, shards, runs);
    }

    /**
     * One record of several (a hunt's shards): their runs together, in the order they started; an
     * {@link IllegalArgumentException} when they hunted different locks or cover a share twice.
     */
    public static HuntLog merge(List<HuntLog> logs) {
        if (logs.isEmpty()) throw new IllegalArgumentException("nothing to merge: no hunt record found");
        String system = logs.get(0).system();
        List<String> shards = new ArrayList<>();
        List<Run> runs = new ArrayList<>();
        for (HuntLog l : logs) {
            if (!l.system().equals(system)) throw new IllegalArgumentException("hunts of different locks cannot be merged: " + system + " and " + l.system());
            for (String s : l.shards()) {
                if (shards.contains(s) && !s.equals("1/1")) throw new IllegalArgumentException("shard " + s + " comes twice");
                if (!shards.contains(s)) shards.add(s);
            }
            runs.addAll(l.runs());
        }
        runs.sort(Comparator.comparing(Run::startedAt));
        shards.sort(Comparator.comparing((String s) -> Shard.parse(s).of()).thenComparing(s -> Shard.parse(s).index()));
        return new HuntLog(system, shards, runs);
    }
}
