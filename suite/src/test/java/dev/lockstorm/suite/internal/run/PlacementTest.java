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
}
