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

/**
 * Runs of a user's jar through the CLI, in a lab: the client JVMs load the plug-in from the class
 * path they are given, the driver uses the plug-in's resource; a client that throws while opening
 * stops the run with the exception and its log, leaving nothing behind.
 */
@Tag("lab")
class PluginRunIT {
    @TempDir
    Path dir;

    private static final String RESOURCE = """
            package acme.res;

            import dev.lockstorm.api.*;

            /** Counts in memory and rejects stale tokens on reads and writes, whatever --fencing says. */
            public final class Ledger implements ResourceType {
                public String name() { return "acme-ledger"; }
                public String description() { return "the test's ledger"; }
                public ProtectedResource open(ResourceContext c) { return new dev.lockstorm.locks.store.FencedStore(Fencing.ALL); }
            }
            """;

    private static final String BROKEN = """
            package acme.broken;

            import dev.lockstorm.api.*;
            import java.time.Duration;

            public final class Lock implements LockSystem {
                public String name() { return "acme-broken"; }
                public String description() { return "opens never"; }
                public Topology topology() { return Topology.REDIS_SINGLE; }
                public boolean fencingToken() { return false; }
                public LockClient newClient(ClientContext c) {
                    return new LockClient() {
                        public void open() { throw new IllegalStateException("acme: no licence for host " + c.connect()); }
                        public Lease acquire(Duration t) { throw new UnsupportedOperationException(); }
                        public void release(Lease l) { }
                        public void close() { }
                    };
                }
            }
            """;

    @RegisterExtension
    final ConsoleCapture console = new ConsoleCapture();

    @Test
    void aPluginLockAndResourceRunInTheirOwnClientJvms() throws Exception {
        Path jar = PluginJar.build(dir, "acme", Map.of("acme.lock.Lock", PluginJar.redisSystem("acme.lock", "Lock", "acme-redis"),
                "acme.res.Ledger", RESOURCE), Map.of(PluginsTest.SYSTEMS, "acme.lock.Lock", "dev.lockstorm.api.ResourceType", "acme.res.Ledger"));
        // holds of at most a second, inside the 4 s lease: the default holds (up to one and a half leases) let a fault-free run
        // outlive a TTL now and then (a hold of 4.008 s once), a lease limit, where this test wants a valid run
        int code = Main.run("run", "--system", "acme-redis", "--classpath", jar.toString(), "--resource", "acme-ledger", "--clients", "3",
                "--time-limit", "5s", "--quiet", "10s", "--hold-max", "1s", "--seed", "5", "--store", dir.resolve("store").toString());
        assertEquals(0, code, console.out() + console.err());
        Path run = dir.resolve("store/acme-redis/latest").toRealPath();
        String results = Files.readString(run.resolve("results.json"));
        assertTrue(results.contains("\"system\":\"acme-redis\"") && results.contains("\"resource\":\"acme-ledger\""), results);
        assertTrue(results.contains("\"tokens_granted\":") && !results.contains("\"tokens_granted\":0,"), results);
        String command = Files.readString(run.resolve("command.txt"));
        assertTrue(command.contains("--classpath " + jar), command);
    }

    @Test
    void aClientThatCannotOpenStopsTheRunWithItsExceptionAndLog() throws Exception {
        Path jar = PluginJar.build(dir, "broken", Map.of("acme.broken.Lock", BROKEN), Map.of(PluginsTest.SYSTEMS, "acme.broken.Lock"));
        int code = Main.run("run", "--system", "acme-broken", "--classpath", jar.toString(), "--clients", "2", "--time-limit", "5s",
                "--store", dir.resolve("store").toString());
        String said = console.out() + console.err();
        assertEquals(3, code, said);
        assertTrue(said.contains("could not open: IllegalStateException: acme: no licence for host redis://"), said);
        Path log = Path.of(said.replaceAll("(?s).*; see (\\S+\\.log).*", "$1"));
        assertTrue(Files.readString(log).contains("IllegalStateException: acme: no licence"), "the client's log " + log + " has the stack trace");
        assertTrue(!said.contains("left things behind"), said);
        String netns = dev.lockstorm.clusters.lab.Commands.run("ip", "netns", "list").output().strip();
        assertEquals("", netns, "no host is left");
    }
}
