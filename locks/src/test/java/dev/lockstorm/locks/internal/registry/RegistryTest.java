package dev.lockstorm.locks.internal.registry;

import dev.lockstorm.api.ClientContext;
import dev.lockstorm.api.LockSystem;
import dev.lockstorm.api.Topology;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The built-ins are found through ServiceLoader like any plug-in; names and class paths are checked. */
@Tag("unit")
class RegistryTest {
    @TempDir
    Path dir;

    @Test
    void everyBuiltInSystemIsFoundInOrderAndBuiltIn() {
        Registry r = Registry.builtIn();
        assertEquals(List.of("zk-unique", "zk-children", "zk-recipe", "curator-mutex", "zk-reentrant", "curator-semaphore", "curator-rw-lock", "zk-election",
                "curator-leader-latch", "curator-leader-selector", "redis-single", "redis-sentinel",
                "redis-sentinel-wait", "redlock", "redlock-5", "spring-redis-registry", "redisson-watchdog", "redisson-lease", "redisson-fenced", "redisson-redlock", "etcd-lock", "etcd-txn-lock",
                "hazelcast-fenced-lock", "hazelcast-fenced-lock-unsafe", "dynamodb-lock", "dynamodb-lock-fenced",
                "db-table-pg", "db-table-mariadb", "db-table-pg-ha", "pg-advisory", "pg-advisory-seq", "mysql-get-lock",
                "mysql-get-lock-seq", "shedlock-jdbc", "spring-jdbc-registry"),
                r.systemNames());
        for (Registry.Found<LockSystem> f : r.systems()) assertEquals(Registry.BUILT_IN, f.source(), f.name());
        assertEquals(List.of("counter", "counter-service"), r.resourceNames());
    }

    @Test
    void systemsDescribeThemselves() {
        Registry r = Registry.builtIn();
        assertEquals(Topology.ZOOKEEPER, r.system("curator-mutex").topology());
        assertEquals(new Topology.RedisMasters(5), r.system("redlock-5").topology());
        assertEquals(Topology.REDIS_SENTINEL, r.system("redis-sentinel-wait").topology());
        assertTrue(r.system("zk-recipe").fencingToken());
        assertTrue(!r.system("redlock").fencingToken() && !r.system("redisson-watchdog").fencingToken());
        assertEquals("1", r.system("redis-sentinel-wait").options().get(0).defaultValue());
        assertEquals(List.of("n1", "n2", "n3", "s1", "s2", "s3"), r.system("redis-sentinel").topology().hostNames());
        assertEquals(Topology.ETCD, r.system("etcd-lock").topology());
        assertTrue(r.system("etcd-lock").fencingToken() && r.system("etcd-txn-lock").fencingToken());
        assertEquals(List.of("n1", "n2", "n3"), r.system("etcd-txn-lock").topology().hostNames());
        assertThrows(IllegalArgumentException.class, () -> new Topology.Etcd(4));
        assertEquals(Topology.POSTGRESQL, r.system("db-table-pg").topology());
        assertEquals(Topology.MARIADB, r.system("mysql-get-lock").topology());
        assertEquals(List.of("n1"), r.system("pg-advisory").topology().hostNames());
        assertTrue(r.system("db-table-mariadb").fencingToken() && r.system("pg-advisory-seq").fencingToken());
        assertTrue(!r.system("pg-advisory").fencingToken() && !r.system("mysql-get-lock").fencingToken());
        assertEquals("database", r.system("db-table-pg").options().get(0).defaultValue());
    }

    @Test
    void aDatabaseLockRefusesAnUnknownExpiryClock() {
        LockSystem s = Registry.builtIn().system("db-table-pg");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> s.newClient(
                new ClientContext("jdbc:postgresql://h/lockstorm", "/lockstorm/lock", Duration.ofSeconds(3),
                        Map.of("expiry-clock", "server"))));
        assertEquals("--option expiry-clock takes database or client, not 'server'", e.getMessage());
    }

    @Test
    void anUnknownNameListsTheKnownOnes() {
        PluginException e = assertThrows(PluginException.class, () -> Registry.builtIn().system("zk-recipie"));
        assertTrue(e.getMessage().startsWith("unknown system 'zk-recipie'; did you mean zk-recipe?"), e.getMessage());
        PluginException r = assertThrows(PluginException.class, () -> Registry.builtIn().resource("ledger"));
        assertTrue(r.getMessage().startsWith("unknown resource 'ledger'; known: counter, counter-service; one of your own is found on --classpath"), r.getMessage());
    }

    @Test
    void classPathEntriesAreChecked() throws Exception {
        Path classes = Files.createDirectories(dir.resolve("classes"));
        assertEquals(List.of(classes), PluginClasspath.parse(classes.toString(), "--classpath"));
        PluginException missing = assertThrows(PluginException.class, () -> PluginClasspath.parse(dir.resolve("gone.jar").toString(), "X"));
        assertEquals("X: class path entry " + dir.resolve("gone.jar") + " does not exist", missing.getMessage());
        PluginException noJars = assertThrows(PluginException.class, () -> PluginClasspath.parse(classes + "/*", "X"));
        assertTrue(noJars.getMessage().contains("no jar in " + classes), noJars.getMessage());
        PluginException none = assertThrows(PluginException.class, () -> Registry.load(List.of(classes)));
        assertTrue(none.getMessage().contains("no lock system or protected resource in " + classes), none.getMessage());
    }
}
