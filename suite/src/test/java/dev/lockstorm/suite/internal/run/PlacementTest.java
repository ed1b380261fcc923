package dev.lockstorm.suite.internal.run;

import dev.lockstorm.api.Topology;
import dev.lockstorm.clusters.ssh.SshOptions;
import dev.lockstorm.clusters.ssh.SshTarget;
import dev.lockstorm.suite.internal.nemesiskinds.NemesisKinds;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Which nemeses a placement can run, and whether its clients' links may be cut. */
@Tag("unit")
class PlacementTest {
    private static final List<SshTarget> SERVERS = List.of(SshTarget.parse("a", "root"), SshTarget.parse("b", "root"), SshTarget.parse("c", "root"));

    private static Placement.Remote remote(List<SshTarget> clientHosts) {
        return new Placement.Remote(SshOptions.defaults(), SERVERS, clientHosts, Path.of("/tmp/lockstorm"));
    }

    private static final List<SshTarget> K1 = List.of(SshTarget.parse("k1", "root"));

    @Test
    void aClientsLinksAreCutAloneOnlyOnAHostOfItsOwn() {
        assertTrue(new Placement.InLab().clientLinksCut(5));
        assertFalse(remote(List.of()).clientLinksCut(1), "the clients' links carry the run");
        assertTrue(remote(K1).clientLinksCut(1));
        assertFalse(remote(K1).clientLinksCut(2), "two clients on k1 share its links");
    }

    @Test
    void mixRunsThereWithoutItsLinkFaultsWhileFlakyNetIsRefused() {
        Topology zk = Topology.ZOOKEEPER;
        assertEquals(Optional.empty(), remote(List.of()).unfit(NemesisKinds.byName("mix"), zk, 5),
                "mix leaves the links alone there (and its history says so)");
        String why = remote(List.of()).unfit(NemesisKinds.byName("flaky-net"), zk, 5).orElseThrow();
        assertTrue(why.contains("--nemesis flaky-net cuts clients off servers") && why.contains("--client-hosts"), why);
        assertEquals(Optional.empty(), remote(K1).unfit(NemesisKinds.byName("flaky-net"), zk, 1));
        String shared = remote(K1).unfit(NemesisKinds.byName("flaky-net"), zk, 3).orElseThrow();
        assertTrue(shared.contains("clients on one host share its links (3 clients, 1 --client-hosts)"), shared);
    }

    @Test
    void delayNeedsAClientHostForEachClient() {
        Topology redis = Topology.REDIS_SINGLE;
        for (String kind : List.of("delay", "delay-last-server")) {
            String why = remote(List.of()).unfit(NemesisKinds.byName(kind), redis, 3).orElseThrow();
            assertTrue(why.contains("--nemesis " + kind + " delays one client's links") && why.contains("redirect this machine's own"), why);
            assertEquals(Optional.empty(), remote(K1).unfit(NemesisKinds.byName(kind), redis, 1));
        }
        var scenario = dev.lockstorm.suite.internal.scenario.Scenarios.byName("redlock-late-reply").orElseThrow();
        RunSpec spec = scenario.spec(scenario.variants().get(0), 1);
        List<SshTarget> two = List.of(SshTarget.parse("k1", "root"), SshTarget.parse("k2", "root"));
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> remote(two).check(spec));
        assertTrue(e.getMessage().contains("name a client host for each client") && e.getMessage().contains("(3 clients, 2 --client-hosts)"),
                e.getMessage());
        remote(List.of(SshTarget.parse("k1", "root"), SshTarget.parse("k2", "root"), SshTarget.parse("k3", "root"))).check(spec);
    }

    @Test
    void aFaultOnTheResourceServiceIsRefusedBeforeAnythingStartsWhenTheResourceIsKeptInTheDriver() {
        RunSpec inDriver = RunSpec.builtIn("redis-single").nemesis(NemesisKinds.byName("delay-to-resource")).build();
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> new Placement.InLab().check(inDriver));
        assertTrue(e.getMessage().contains("--resource counter is kept in the driver") && e.getMessage().contains("counter-service"), e.getMessage());
        RunSpec served = RunSpec.builtIn("redis-single").nemesis(NemesisKinds.byName("delay-to-resource"))
                .resource(new dev.lockstorm.locks.store.CounterService()).build();
        new Placement.InLab().check(served); // a service of its own: fit
    }

    @Test
    void aWriteHeldInFlightToTheResourceServiceIsAwaitedByTheRunsCallsSoItsRefusalComesBackAsAnAnswer() {
        RunSpec plain = RunSpec.builtIn("redis-single").lease(Duration.ofSeconds(2)).nemesisInterval(Duration.ofSeconds(3))
                .resource(new dev.lockstorm.locks.store.CounterService()).build();
        RunSpec delayed = RunSpec.builtIn("redis-single").lease(Duration.ofSeconds(2)).nemesisInterval(Duration.ofSeconds(3))
                .nemesis(NemesisKinds.byName("delay-to-resource")).resource(new dev.lockstorm.locks.store.CounterService()).build();
        // each way 1.25 leases and the spread of the default holds (0 to 1.5 leases), 5.5 s, ± 0.125 of a lease: at most 11.5 s there and back
        assertEquals(plain.opTimeout().plusMillis(11_500), delayed.opTimeout());
    }

    /** A resource of the user's as it declares itself (never opened here): where it runs, its own servers, its own program. */
    private record Declared(String name, dev.lockstorm.api.ResourceType.Where where, Optional<Topology> servers,
                            Optional<dev.lockstorm.api.ResourceType.Program> program) implements dev.lockstorm.api.ResourceType {
        @Override
        public String description() {
            return "a ledger of the team's own";
        }

        @Override
        public dev.lockstorm.api.ProtectedResource open(dev.lockstorm.api.ResourceContext context) {
            throw new UnsupportedOperationException("not opened here");
        }
    }

    /** A resource that keeps its data in a PostgreSQL of its own, under any lock. */
    private static final dev.lockstorm.api.ResourceType IN_POSTGRES = new Declared("ledger-in-postgres", dev.lockstorm.api.ResourceType.Where.DRIVER,
            Optional.of(Topology.POSTGRESQL), Optional.empty());

    @Test
    void aResourcesOwnServersTakeHostsOfTheirOwnAfterTheLocks() {
        RunSpec spec = RunSpec.builtIn("redis-single").resource(IN_POSTGRES).build();
        assertEquals(List.of(List.of("n1"), List.of("d1")), spec.sites().stream().map(dev.lockstorm.suite.internal.cluster.ServerSite::hostNames).toList());
        assertEquals(List.of("d1", "d2", "d3", "ds1", "ds2", "ds3"),
                dev.lockstorm.suite.internal.cluster.ServerSite.resource(Topology.REDIS_SENTINEL).hostNames());
        assertEquals(Topology.ZOOKEEPER.hostNames(), dev.lockstorm.suite.internal.cluster.ServerSite.lock(Topology.ZOOKEEPER).hostNames());
        assertTrue(new Placement.InLab().describe(spec.sites(), List.of("c1")).endsWith("hosts n1 d1 c1"));
        // over SSH the resource's servers take the --hosts after the lock's: one host is too few
        List<SshTarget> one = List.of(SshTarget.parse("a", "root"));
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> new Placement.Remote(SshOptions.defaults(), one, List.of(), Path.of("/tmp/lockstorm")).check(spec));
        assertTrue(e.getMessage().contains("2 hosts needed") && e.getMessage().contains("PostgreSQL") && e.getMessage().contains("for the resource: d1"),
                e.getMessage());
        new Placement.Remote(SshOptions.defaults(), List.of(one.get(0), SshTarget.parse("b", "root")), List.of(), Path.of("/tmp/lockstorm")).check(spec);
    }

    /** A resource of the user's with a program of its own, kept where {@code where} says, the program on {@code port}. */
    private static dev.lockstorm.api.ResourceType withProgram(dev.lockstorm.api.ResourceType.Where where, int port) {
        return new Declared("ledger-client", where, Optional.empty(),
                Optional.of(dev.lockstorm.api.ResourceType.Program.mainClass(port, "com.acme.LedgerServer", "--durable")));
    }

    @Test
    void aProgramOfTheTeamsOwnRunsOnlyBesideAResourceServiceAndNotOnItsPort() {
        var e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> RunSpec.builtIn("redis-single").resource(withProgram(dev.lockstorm.api.ResourceType.Where.DRIVER, 7300)).build());
        assertTrue(e.getMessage().contains("--resource ledger-client names a program") && e.getMessage().contains("SERVICE"), e.getMessage());
        e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> RunSpec.builtIn("redis-single").resource(withProgram(dev.lockstorm.api.ResourceType.Where.SERVICE,
                        dev.lockstorm.locks.internal.worker.ResourceService.PORT)).build());
        assertTrue(e.getMessage().contains("is the resource service's own"), e.getMessage());
        RunSpec.builtIn("redis-single").resource(withProgram(dev.lockstorm.api.ResourceType.Where.SERVICE, 7300)).build();
        e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> dev.lockstorm.api.ResourceType.Program.command(7300));
        assertTrue(e.getMessage().contains("a command or a main class"), e.getMessage());
    }
}
