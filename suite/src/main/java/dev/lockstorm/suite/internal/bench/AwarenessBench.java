package dev.lockstorm.suite.internal.bench;

import dev.lockstorm.api.LockOption;
import dev.lockstorm.api.LockSystem;
import dev.lockstorm.clusters.lab.HostProcess;
import dev.lockstorm.clusters.lab.Jvm;
import dev.lockstorm.clusters.lab.Lab;
import dev.lockstorm.clusters.lab.Wait;
import dev.lockstorm.faults.CutStyle;
import dev.lockstorm.locks.internal.registry.Registry;
import dev.lockstorm.nemesis.Grudge;
import dev.lockstorm.nemesis.LabNemesis;
import dev.lockstorm.nemesis.Nemesis;
import dev.lockstorm.results.RunStore;
import dev.lockstorm.suite.internal.cluster.Cluster;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * How long a holder that lost its lock goes on believing it holds it, per lock system, when it is
 * cut off from every server: silently ({@link CutStyle#BLACKHOLE}, the packets vanish) and loudly
 * ({@link CutStyle#RESET}, refused connections answered with resets). In each trial a holder
 * ({@link AwarenessProbe}, on client host c1) takes the lock, is cut off right after the grant,
 * and asks its client's {@code stillHeld} every few milliseconds; a contender on c2 tries to take
 * the lock from the moment of the cut. The trial ends when both happened or after five leases.
 * Per system and cut: the medians of when the contender got the lock, when the holder knew, and
 * the difference — the time a holder acts on a lock that is someone else's.
 */
public final class AwarenessBench {
    /** The systems measured by default: one of each way a client learns it lost its lock. */
    public static final List<String> SYSTEMS = List.of("curator-mutex", "curator-mutex:gone-on=lost", "zk-recipe", "etcd-lock", "redis-single",
            "redlock", "redisson-watchdog", "spring-redis-registry:renewal=scheduled", "db-table-pg", "pg-advisory", "shedlock-jdbc");

    private final PrintStream out;
    private final RunStore store;

    public AwarenessBench(PrintStream out, Path root) {
        this.out = out;
        this.store = new RunStore(root);
    }

    /** A system and the options its clients get: {@code NAME[:KEY=VALUE…]}. */
    public record Target(LockSystem system, Map<String, String> options, String label) {
        /** Parses {@code NAME[:KEY=VALUE…]}; a bad name, option or value is an {@link IllegalArgumentException} naming it. */
        public static Target parse(String spec) {
            String[] parts = spec.split(":");
            if (!Registry.builtIn().systemNames().contains(parts[0])) {
                throw new IllegalArgumentException("'" + parts[0] + "' is not a built-in system (see `lockstorm systems`)");
            }
            LockSystem system = Registry.builtIn().system(parts[0]);
            Map<String, String> options = new LinkedHashMap<>();
            for (int i = 1; i < parts.length; i++) {
                String[] kv = parts[i].split("=", 2);
                LockOption declared = system.options().stream().filter(o -> o.name().equals(kv[0])).findFirst().orElseThrow(
                        () -> new IllegalArgumentException(spec + ": " + parts[0] + " has no option '" + kv[0] + "'"));
                if (kv.length < 2) throw new IllegalArgumentException(spec + ": expected " + kv[0] + "=VALUE");
                declared.refusal(kv[1]).ifPresent(why -> {
                    throw new IllegalArgumentException(spec + ": " + why);
                });
                options.put(kv[0], kv[1]);
            }
            return new Target(system, options, spec);
        }
    }

    /** Measures each target {@code trials} times under each cut; prints a row per target and cut as it goes. */
    public Map<String, List<Awareness>> run(List<Target> targets, int trials, Duration lease) {
        Map<String, List<Awareness>> all = new LinkedHashMap<>();
        out.printf(Locale.ROOT, "%-40s %-9s %16s %16s %26s%n", "system (lease " + lease.toSeconds() + " s)", "cut", "lost after cut",
                "knew after cut", "believed it held, lost");
        for (Target t : targets) {
            new Throughput(store).withCluster(t.system().name(), List.of("c1", "c2"), (lab, cluster) -> {
                try (Nemesis nemesis = new LabNemesis(lab, a -> {
                })) {
                    for (CutStyle style : List.of(CutStyle.BLACKHOLE, CutStyle.RESET)) {
                        List<Awareness> seen = new ArrayList<>();
                        for (int i = 1; i <= trials; i++) seen.add(trial(lab, cluster, nemesis, t, style, i, lease));
                        all.put(t.label() + " " + style.word(), seen);
                        out.printf(Locale.ROOT, "%-40s %-9s %16s %16s %26s%n", t.label(), style.word(), Awareness.medianAfterCut(seen, true),
                                Awareness.medianAfterCut(seen, false), Awareness.medianUnaware(seen));
                        out.flush();
                    }
                }
                return null;
            });
        }
        out.println("medians of " + trials + " trials; lost: another client was granted the lock; knew: the holder's stillHeld said no;"
                + " believed it held, lost: knew − lost (negative: it gave up before anyone else had the lock); never: not within "
                + "five leases");
        return all;
    }

    private Awareness trial(Lab lab, Cluster cluster, Nemesis nemesis, Target t, CutStyle style, int i, Duration lease) {
        String name = "awareness-" + style.word() + "-" + i;
        Path go = lab.dir().resolve(name + ".go");
        long window = Math.max(10_000, lease.toMillis() * 5);
        HostProcess contender = probe(lab, "c2", name, "contender", cluster, t, lease, go);
        HostProcess holder = null;
        try {
            awaitLine(contender, "OPEN");
            holder = probe(lab, "c1", name, "holder", cluster, t, lease, go);
            awaitLine(holder, "GRANTED");
            nemesis.partition(Grudge.cutOff(lab.host("c1"), cluster.hosts()).withStyle(style));
            long cutAt = System.currentTimeMillis();
            Files.createFile(go);
            HostProcess h = holder;
            Wait.polled(() -> LogLines.has(h.log(), "KNOWS") && LogLines.has(contender.log(), "GRANTED"), System.nanoTime() + window * 1_000_000L, 20);
            return new Awareness(at(contender, "GRANTED", cutAt), at(holder, "KNOWS", cutAt), window);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            nemesis.healPartition();
            contender.kill();
            if (holder != null) holder.kill();
        }
    }

    private static HostProcess probe(Lab lab, String host, String name, String role, Cluster cluster, Target t, Duration lease, Path go) {
        List<String> args = new ArrayList<>(List.of(role, t.system().name(), cluster.connect(), "/lockstorm/" + name,
                Long.toString(lease.toMillis()), go.toString()));
        t.options().forEach((k, v) -> args.add(k + "=" + v));
        return lab.start(lab.host(host), name + "-" + role, Jvm.command("256m", List.of("-Dorg.slf4j.simpleLogger.defaultLogLevel=warn"),
                AwarenessProbe.class.getName(), args), Map.of());
    }

    private static void awaitLine(HostProcess p, String prefix) {
        Wait.until(p.name() + " to print " + prefix, () -> LogLines.has(p.log(), prefix) || !p.isAlive(), Duration.ofSeconds(90));
        if (!LogLines.has(p.log(), prefix)) throw new IllegalStateException(p.name() + " ended before " + prefix + "; see " + p.log());
    }

    /** The time on a probe's line that starts with {@code prefix}, from {@code cutAt}; null when it printed none. */
    private static Long at(HostProcess p, String prefix, long cutAt) {
        return LogLines.last(p.log(), prefix).map(line -> Long.parseLong(line.split(" ")[1]) - cutAt).orElse(null);
    }
}
