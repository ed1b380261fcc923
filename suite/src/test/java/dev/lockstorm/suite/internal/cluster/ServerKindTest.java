package dev.lockstorm.suite.internal.cluster;

import dev.lockstorm.api.Topology;
import dev.lockstorm.locks.internal.registry.Registry;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Each topology has its one kind of servers, and what a kind can do is asked of it, never guessed from the topology. */
@Tag("unit")
class ServerKindTest {

    @Test
    void everyBuiltInSystemsTopologyHasItsKindOfServers() {
        for (var found : Registry.builtIn().systems()) {
            ServerKind kind = ServerKind.of(found.plugin().topology());
            assertEquals(2, kind.programAndPackage().size(), found.name());
        }
    }

    /**
     * bin/_prereqs.sh installs what the README's commands need before anything is built, so it cannot ask the families: its
     * list is kept by hand, and held here to every family's package (a JVM family's comes with the JDK it installs first).
     */
    @Test
    void theInstallScriptInstallsEveryFamilysPackage() throws java.io.IOException {
        String script = java.nio.file.Files.readString(java.nio.file.Path.of("../bin/_prereqs.sh"));
        for (ServerKind kind : ServerKind.all()) {
            List<String> needs = kind.programAndPackage();
            if (needs.equals(ServerKind.JAVA)) {
                assertTrue(script.contains("missing+=(openjdk-17-jdk-headless)"), kind.getClass().getSimpleName() + ": the JDK");
                continue;
            }
            assertTrue(script.contains("missing+=(" + needs.get(1) + ")"),
                    kind.getClass().getSimpleName() + " needs " + needs.get(0) + " from " + needs.get(1) + ", which bin/_prereqs.sh does not install");
        }
    }

    @Test
    void everyTopologyTypeHasExactlyOneServerFamily() {
        for (Class<?> type : Topology.class.getPermittedSubclasses()) {
            assertEquals(1, ServerKind.all().stream().filter(k -> k.topology() == type).count(), type.getSimpleName());
        }
        assertEquals(ServerKind.all().size(), ServerKind.all().stream().map(ServerKind::topology).distinct().count(), "one family a topology type");
    }

    @Test
    void capabilitiesBelongToTheKindThatHasThem() {
        assertTrue(ServerKind.of(Topology.REDIS_SINGLE).can(ServerKind.Capability.SERVER_CLOCKS));
        assertTrue(ServerKind.of(Topology.POSTGRESQL).can(ServerKind.Capability.SERVER_CLOCKS));
        assertFalse(ServerKind.of(Topology.ZOOKEEPER).can(ServerKind.Capability.SERVER_CLOCKS), "ZooKeeper times sessions on the monotonic clock");
        assertTrue(ServerKind.of(Topology.REDIS_SENTINEL).can(ServerKind.Capability.SENTINEL_FAILOVER));
        assertTrue(ServerKind.of(Topology.POSTGRESQL_HA).can(ServerKind.Capability.PROMOTION));
        assertTrue(ServerKind.of(Topology.ZOOKEEPER).can(ServerKind.Capability.SESSIONS));
        for (Topology t : List.of(Topology.ZOOKEEPER, Topology.ETCD, Topology.POSTGRESQL, Topology.MARIADB, Topology.POSTGRESQL_HA)) {
            assertFalse(ServerKind.of(t).can(ServerKind.Capability.PERSISTENCE), t.describe() + ": --persistence is Redis's");
        }
        assertEquals(List.of("etcd", "etcd-server"), ServerKind.of(Topology.ETCD).programAndPackage());
    }
}
