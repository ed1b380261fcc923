package dev.lockstorm.suite.internal.plugins;

import dev.lockstorm.suite.internal.cli.ConsoleCapture;
import dev.lockstorm.suite.internal.cli.Main;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Lock systems from a user's jar, through the CLI: listed with their source; every bad class path is exit 3 with what and where. */
@Tag("unit")
class PluginsTest {
    static final String SYSTEMS = "dev.lockstorm.api.LockSystem";

    @TempDir
    Path dir;

    @RegisterExtension
    final ConsoleCapture console = new ConsoleCapture();

    private Path jar(String name, String system) throws Exception {
        return PluginJar.build(dir, name, Map.of("acme." + name + ".Lock", PluginJar.redisSystem("acme." + name, "Lock", system)),
                Map.of(SYSTEMS, "acme." + name + ".Lock"));
    }

    @Test
    void systemsListsAPluginWithItsJar() throws Exception {
        Path jar = jar("one", "acme-redis");
        assertEquals(0, Main.run("systems", "--classpath", jar.toString()), console.err());
        String line = console.out().lines().filter(l -> l.startsWith("acme-redis ")).findFirst().orElse("");
        assertTrue(line.contains("Redis, 1 server") && line.contains("yes") && line.endsWith(jar.toString()), console.out());
        assertTrue(console.out().lines().anyMatch(l -> l.startsWith("curator-mutex ") && l.endsWith("built in")), console.out());
        assertTrue(console.out().contains("redis-sentinel-wait") && console.out().contains("--option wait-replicas=1"), console.out());
    }

    @Test
    void aLibraryInAnotherVersionThanLockstormsIsWarnedAbout() throws Exception {
        Path plugin = jar("zk", "acme-zk");
        // a jar as Maven builds it says what it is: the ZooKeeper client a plug-in was built with, older than lockstorm's
        Path old = dir.resolve("zookeeper-3.8.0.jar");
        try (var out = new java.util.jar.JarOutputStream(Files.newOutputStream(old))) {
            out.putNextEntry(new java.util.jar.JarEntry("META-INF/maven/org.apache.zookeeper/zookeeper/pom.properties"));
            out.write("groupId=org.apache.zookeeper\nartifactId=zookeeper\nversion=3.8.0\n".getBytes(java.nio.charset.StandardCharsets.UTF_8));
            out.closeEntry();
        }
        assertEquals(0, Main.run("systems", "--classpath", plugin + java.io.File.pathSeparator + old), console.err());
        assertTrue(console.err().contains("zookeeper-3.8.0.jar brings org.apache.zookeeper:zookeeper 3.8.0, but lockstorm runs 3.9.4"), console.err());
        assertEquals(0, Main.run("systems", "--classpath", plugin.toString()));
        assertTrue(console.err().lines().filter(l -> l.contains("warning")).count() == 1, "a plug-in without other libraries is not warned about: " + console.err());
    }

    @Test
    void aPluginsCheckpointsAreListedWithTheirPlacesAndEachIsDeclaredOnceUnderItsOwnName() throws Exception {
        Path placed = withPoints("placed", "Checkpoints.Point.beforeGrant(\"after-get\"), Checkpoints.Point.afterGrant(\"after-setnx\")");
        assertEquals(0, Main.run("systems", "--classpath", placed.toString()), console.err());
        assertTrue(console.out().contains("checkpoints in its acquire (pause-at:, kill-at:): after-get (before-grant), after-setnx (after-grant)"),
                console.out());
        // lockstorm's own points lie where their names say; a second place for one point would leave a freeze there unplaced
        Path own = withPoints("own", "Checkpoints.Point.beforeGrant(\"after-grant\")");
        assertEquals(3, Main.run("systems", "--classpath", own.toString()));
        assertTrue(console.err().contains("acme.own.Lock") && console.err().contains("declares the checkpoint 'after-grant' that is lockstorm's own"),
                console.err());
        Path twice = withPoints("twice", "Checkpoints.Point.beforeGrant(\"x\"), Checkpoints.Point.afterGrant(\"x\")");
        assertEquals(3, Main.run("systems", "--classpath", twice.toString()));
        assertTrue(console.err().contains("declares the checkpoint 'x' twice"), console.err());
    }

    /** A plug-in {@code acme-<name>} (SET NX PX on one Redis) whose {@code checkpoints()} returns {@code List.of(points)}. */
    private Path withPoints(String name, String points) throws Exception {
        String source = PluginJar.redisSystem("acme." + name, "Lock", "acme-" + name).replace("    public boolean fencingToken()",
                "    public java.util.List<Checkpoints.Point> checkpoints() { return java.util.List.of(" + points + "); }\n    public boolean fencingToken()");
        return PluginJar.build(dir, name, Map.of("acme." + name + ".Lock", source), Map.of(SYSTEMS, "acme." + name + ".Lock"));
    }

    @Test
    void aMissingEntryIsNamed() {
        Path missing = dir.resolve("nope.jar");
        assertEquals(3, Main.run("systems", "--classpath", missing.toString()));
        assertTrue(console.err().contains("--classpath: class path entry " + missing + " does not exist"), console.err());
    }

    @Test
    void aJarWithoutALockSystemSaysWhatWasLookedFor() throws Exception {
        Path empty = PluginJar.build(dir, "empty", Map.of(), Map.of());
        assertEquals(3, Main.run("systems", "--classpath", empty.toString()));
        assertTrue(console.err().contains("no lock system or protected resource in " + empty) && console.err().contains("META-INF/services/" + SYSTEMS), console.err());
    }

    @Test
    void aFileThatIsNotAJarIsNamed() throws Exception {
        Path text = Files.writeString(dir.resolve("notes.jar"), "not a jar");
        assertEquals(3, Main.run("run", "--system", "acme-redis", "--classpath", text.toString()));
        assertTrue(console.err().contains(text + " is not a readable jar"), console.err());
    }

    @Test
    void twoSystemsWithOneNameAreRefusedNamingBothSources() throws Exception {
        Path a = jar("a", "acme-redis");
        Path b = jar("b", "acme-redis");
        assertEquals(3, Main.run("systems", "--classpath", a + ":" + b));
        assertTrue(console.err().contains("two lock systems are named 'acme-redis'") && console.err().contains(a.toString()) && console.err().contains(b.toString()), console.err());
    }

    @Test
    void aPluginCannotTakeABuiltInName() throws Exception {
        Path a = jar("shadow", "redis-single");
        assertEquals(3, Main.run("systems", "--classpath", a.toString()));
        assertTrue(console.err().contains("two lock systems are named 'redis-single'") && console.err().contains("built in") && console.err().contains(a.toString()), console.err());
    }

    @Test
    void aRegistrationNamingAMissingClassIsNamed() throws Exception {
        Path a = PluginJar.build(dir, "typo", Map.of(), Map.of(SYSTEMS, "acme.typo.Lokc"));
        assertEquals(3, Main.run("systems", "--classpath", a.toString()));
        assertTrue(console.err().contains("META-INF/services/" + SYSTEMS) && console.err().contains("acme.typo.Lokc"), console.err());
    }

    @Test
    void anUnknownSystemNamesTheKnownOnesAndThePlugins() throws Exception {
        Path a = jar("known", "acme-redis");
        assertEquals(3, Main.run("run", "--system", "acme-redys", "--classpath", a.toString()));
        assertTrue(console.err().contains("unknown system 'acme-redys'; did you mean acme-redis?"), console.err());
    }

    @Test
    void aRecordedRunWhosePluginMovedIsReplayedWithClasspathAndAnUnknownSystemSaysSo() throws Exception {
        Path jar = jar("moved", "acme-redis");
        dev.lockstorm.locks.internal.registry.Registry r = dev.lockstorm.locks.internal.registry.Registry.load(java.util.List.of(jar));
        dev.lockstorm.suite.internal.run.RunSpec spec = dev.lockstorm.suite.internal.run.RunSpec.builder(r.system("acme-redis"))
                .classpath(r.classpath()).clients(2).build();
        Path run = Files.createDirectories(dir.resolve("store/acme-redis/20261128T120000.000"));
        dev.lockstorm.suite.internal.run.RunRequest.of(spec, new dev.lockstorm.suite.internal.run.Placement.InLab()).write(run.resolve("spec.json"));
        Files.writeString(run.resolve("history.jsonl"), "{\"index\":0,\"time\":0,\"type\":\"info\",\"process\":\"nemesis\",\"f\":\"run\","
                + "\"value\":{\"system\":\"acme-redis\",\"clients\":2,\"lease_ms\":3000}}\n");
        Files.writeString(run.resolve("schedule.json"), "{\"steps\":[]}");
        Path moved = Files.createDirectories(dir.resolve("elsewhere")).resolve("moved.jar");
        Files.move(jar, moved);
        // the recorded jar is gone: the error names it, and says where else a system is looked for
        assertEquals(3, Main.run("shrink", run.toString()));
        assertTrue(console.err().contains(jar.toString()), console.err());
        console.reset();
        // a run found nothing, so shrink stops there: past the system's lookup, which --classpath made
        assertEquals(3, Main.run("shrink", run.toString(), "--classpath", moved.toString()));
        assertTrue(console.err().contains("found nothing (its verdict is not invalid): there is no finding to keep"), console.err());
        console.reset();
        // a system on no class path: the error says where a system of one's own is looked for
        Path other = jar("other", "acme-other");
        assertEquals(3, Main.run("shrink", run.toString(), "--classpath", other.toString()));
        assertTrue(console.err().contains("unknown system 'acme-redis'") && console.err().contains("--classpath or LOCKSTORM_CLASSPATH")
                && console.err().contains("looked in " + other), console.err());
    }

    @Test
    void optionsAndNemesesAreCheckedAgainstTheSystem() {
        assertEquals(3, Main.run("run", "--system", "redlock", "--option", "wait-replicas=2"));
        assertTrue(console.err().contains("--option wait-replicas: redlock takes clock-drift-factor"), console.err());
        // a value outside the option's choices, refused before any server starts
        assertEquals(3, Main.run("run", "--system", "db-table-pg", "--option", "expiry-clock=moon"));
        assertTrue(console.err().contains("--option expiry-clock takes database or client, not 'moon'"), console.err());
        assertEquals(3, Main.run("run", "--system", "zk-recipe", "--nemesis", "failover-cut"));
        assertTrue(console.err().contains("needs a Sentinel system (zk-recipe runs on ZooKeeper, 3 nodes)"), console.err());
        assertEquals(3, Main.run("run", "--system", "curator-mutex", "--nemesis", "pause-in-acquire"));
        assertTrue(console.err().contains("curator-mutex has no such point"), console.err());
        assertEquals(3, Main.run("run", "--system", "zk-recipe", "--persistence", "aof-always"));
        assertTrue(console.err().contains("--persistence applies to Redis servers"), console.err());
        assertEquals(3, Main.run("run", "--system", "zk-recipe", "--resource", "ledger"));
        assertTrue(console.err().contains("unknown resource 'ledger'; known: counter"), console.err());
        assertEquals(3, Main.run("run", "--system", "redis-single", "--nemesis", "expiry-reconnect"));
        assertTrue(console.err().contains("--nemesis expiry-reconnect needs a ZooKeeper system (redis-single runs on"), console.err());
        assertEquals(3, Main.run("run", "--system", "curator-mutex", "--on-doubt", "panic"));
        assertTrue(console.err().contains("--on-doubt takes continue or stop, not 'panic'"), console.err());
        assertEquals(3, Main.run("run", "--system", "curator-mutex", "--option", "gone-on=never"));
        assertTrue(console.err().contains("--option gone-on takes suspended or lost, not 'never'"), console.err());
        assertEquals(3, Main.run("run", "--system", "zk-recipe", "--nesting", "2"));
        assertTrue(console.err().contains("--nesting 2: zk-recipe is not reentrant"), console.err());
        assertEquals(3, Main.run("run", "--system", "zk-reentrant", "--nesting", "11"));
        assertTrue(console.err().contains("--nesting must be 0 to 10, not 11"), console.err());
        assertEquals(3, Main.run("run", "--system", "zk-recipe", "--readers", "1"));
        assertTrue(console.err().contains("--readers 1: zk-recipe has no read lock"), console.err());
        assertEquals(3, Main.run("run", "--system", "curator-rw-lock", "--clients", "3", "--readers", "3"));
        assertTrue(console.err().contains("--readers must be 0 to 2 (at least one of the 3 clients writes), not 3"), console.err());
        assertEquals(3, Main.run("run", "--system", "curator-mutex", "--nemesis", "pause-writer"));
        assertTrue(console.err().contains("--nemesis pause-writer freezes a read-write lock's writer; curator-mutex has no read lock"), console.err());
        assertEquals(3, Main.run("run", "--system", "zk-reentrant", "--option", "reentrancy=sometimes"));
        assertTrue(console.err().contains("--option reentrancy takes count or flag, not 'sometimes'"), console.err());
        assertEquals(3, Main.run("run", "--system", "zk-recipe", "--nemesis", "chaos"));
        assertTrue(console.err().contains("unknown nemesis 'chaos'; expected one of none, partition"), console.err());
    }

    @Test
    void helpListsEverySystemFromTheRegistry() {
        assertEquals(0, Main.run("run", "--help"));
        String help = console.out().replaceAll("\\s+", " ");
        for (String s : new String[]{"redis-sentinel,", "redis-sentinel-wait,", "redisson-redlock", "failover-lagging"}) {
            assertTrue(help.contains(s), s + " in: " + help);
        }
    }
}
