package dev.lockstorm.suite.internal.run;

import dev.lockstorm.api.Topology;
import dev.lockstorm.clusters.ssh.SshOptions;
import dev.lockstorm.clusters.ssh.SshTarget;
import dev.lockstorm.suite.internal.nemesiskinds.NemesisKinds;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
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

    @Test
    void clientsOnTheControlNodeKeepTheirLinks() {
        assertTrue(new Placement.InLab().clientLinksCut());
        assertFalse(remote(List.of()).clientLinksCut(), "the clients' links carry the run");
        assertTrue(remote(List.of(SshTarget.parse("k1", "root"))).clientLinksCut());
    }

    @Test
    void mixRunsThereWithoutItsLinkFaultsWhileFlakyNetIsRefused() {
        Topology zk = Topology.ZOOKEEPER;
        assertEquals(Optional.empty(), remote(List.of()).unfit(NemesisKinds.byName("mix"), zk),
                "mix leaves the links alone there (and its history says so)");
        String why = remote(List.of()).unfit(NemesisKinds.byName("flaky-net"), zk).orElseThrow();
        assertTrue(why.contains("--nemesis flaky-net cuts clients off servers") && why.contains("--client-hosts"), why);
        assertEquals(Optional.empty(), remote(List.of(SshTarget.parse("k1", "root"))).unfit(NemesisKinds.byName("flaky-net"), zk));
    }

    @Test
    void delayNeedsClientHostsToRunItsProxiesOn() {
        Topology redis = Topology.REDIS_SINGLE;
        for (String kind : List.of("delay", "delay-last-server")) {
            String why = remote(List.of()).unfit(NemesisKinds.byName(kind), redis).orElseThrow();
            assertTrue(why.contains("--nemesis " + kind) && why.contains("--client-hosts"), why);
            assertEquals(Optional.empty(), remote(List.of(SshTarget.parse("k1", "root"))).unfit(NemesisKinds.byName(kind), redis));
        }
    }

    @Test
    void delayNeedsAClientHostForEachClient() {
        var scenario = dev.lockstorm.suite.internal.scenario.Scenarios.byName("redlock-late-reply").orElseThrow();
        RunSpec spec = scenario.spec(scenario.variants().get(0), 1);
        List<SshTarget> two = List.of(SshTarget.parse("k1", "root"), SshTarget.parse("k2", "root"));
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> remote(two).check(spec));
        assertTrue(e.getMessage().contains("name a client host for each client (3 clients, 2 --client-hosts)"), e.getMessage());
        List<SshTarget> three = List.of(SshTarget.parse("k1", "root"), SshTarget.parse("k2", "root"), SshTarget.parse("k3", "root"));
        remote(three).check(spec);
    }
}
