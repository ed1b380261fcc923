package dev.lockstorm.suite.internal.run;

import com.hazelcast.client.HazelcastClient;
import com.hazelcast.client.config.ClientConfig;
import com.hazelcast.core.HazelcastInstance;
import dev.lockstorm.api.Topology;
import dev.lockstorm.checker.Summary;
import dev.lockstorm.clusters.database.DatabaseNode;
import dev.lockstorm.clusters.hazelcast.HazelcastMember;
import dev.lockstorm.clusters.lab.Lab;
import dev.lockstorm.clusters.lab.LabSpec;
import dev.lockstorm.clusters.redis.Persistence;
import dev.lockstorm.clusters.redis.RedisNode;
import dev.lockstorm.clusters.redis.Resp;
import dev.lockstorm.results.RunStore;
import dev.lockstorm.suite.internal.cluster.Cluster;
import dev.lockstorm.suite.internal.nemesiskinds.NemesisKinds;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.ZooDefs;
import org.apache.zookeeper.ZooKeeper;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Servers kept from one run to the next start each run as if just started: what a run's clients
 * leave in them (a key, a znode, an etcd key and its lease, rows and tables, a session holding a
 * database lock, a DynamoDB table, a Hazelcast CP session holding the lock) is gone after the
 * family's reset, and a lab whose fault was not undone (a server left stopped) is not kept. Real
 * servers, one lab per family.
 */
@Tag("lab")
class StandingServersIT {
    private static final Path DIR = Path.of("target", "it-results", "standing").toAbsolutePath();

    /** Starts {@code topology}'s servers in a lab of their own, leaves state with {@code leave}, resets, and checks with {@code gone}. */
    private static void leftStateIsGone(Topology topology, Leave leave, Gone gone) throws Exception {
        Path dir = Files.createDirectories(DIR.resolve(topology.getClass().getSimpleName() + "-" + System.nanoTime()));
        List<String> hosts = new ArrayList<>(topology.hostNames());
        hosts.add("c1");
        try (Lab lab = Lab.open(new LabSpec(hosts, dir))) {
            Cluster cluster = Cluster.start(topology, lab, Persistence.NONE, false);
            AutoCloseable holding = leave.leave(cluster);
            try {
                assertTrue(cluster.reset(), topology.describe() + " can be emptied");
                gone.check(cluster);
            } finally {
                if (holding != null) holding.close();
            }
        }
    }

    interface Leave {
        /** Leaves state in the servers; what it returns (a session still open) is closed after the check. */
        AutoCloseable leave(Cluster c) throws Exception;
    }

    interface Gone {
        void check(Cluster c) throws Exception;
    }

    /**
     * Also the last run's connections: a command it wrote while cut off is delivered by TCP's retransmission after its
     * client closed, and a plain DEL from one run freed the next run's lock. The server closes them, so nothing a
     * connection of the run before still carries reaches the next run.
     */
    @Test
    void redisKeysScriptsAndTheLastRunsConnectionsAreGone() throws Exception {
        Resp[] lastRuns = new Resp[1];
        leftStateIsGone(new Topology.RedisMasters(1), c -> {
            Resp r = ((RedisNode) c.nodes().get(0)).connect(Duration.ofSeconds(2));
            r.call("SET", "/lockstorm/lock", "c1", "PX", "60000");
            r.call("INCR", "/lockstorm/lock:token");
            lastRuns[0] = r;
            return r;
        }, c -> {
            try (Resp r = ((RedisNode) c.nodes().get(0)).connect(Duration.ofSeconds(2))) {
                assertEquals(0L, r.call("DBSIZE"));
            }
            assertThrows(java.io.IOException.class, () -> lastRuns[0].call("SET", "/lockstorm/lock", "late"),
                    "the server closed the last run's connection");
        });
    }

    @Test
    void zooKeeperZnodesEphemeralOnesIncludedAreGone() throws Exception {
        leftStateIsGone(new Topology.ZooKeeper(3), c -> {
            ZooKeeper zk = session(c.connect());
            zk.create("/lockstorm", new byte[0], ZooDefs.Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT);
            zk.create("/lockstorm/lock", new byte[0], ZooDefs.Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT);
            // the session stays open, as a killed client's lingers until it expires
            zk.create("/lockstorm/lock/lease-", new byte[0], ZooDefs.Ids.OPEN_ACL_UNSAFE, CreateMode.EPHEMERAL_SEQUENTIAL);
            return zk::close;
        }, c -> {
            ZooKeeper zk = session(c.connect());
            try {
                assertEquals(List.of("zookeeper"), zk.getChildren("/", false));
            } finally {
                zk.close();
            }
        });
    }

    @Test
    void etcdKeysAndLeasesAreGone() throws Exception {
        leftStateIsGone(new Topology.Etcd(3), c -> {
            String lease = etcd(c, "/v3/lease/grant", "{\"TTL\":60}");
            String id = lease.replaceAll("(?s).*\"ID\"\\s*:\\s*\"(-?\\d+)\".*", "$1");
            // the key "L2xvY2tzdG9ybS9sb2Nr" is /lockstorm/lock, bound to the lease as a lock key is
            etcd(c, "/v3/kv/put", "{\"key\":\"L2xvY2tzdG9ybS9sb2Nr\",\"value\":\"YzE=\",\"lease\":\"" + id + "\"}");
            etcd(c, "/v3/kv/put", "{\"key\":\"Y291bnRlcg==\",\"value\":\"Nw==\"}");
            return null;
        }, c -> {
            assertFalse(etcd(c, "/v3/kv/range", "{\"key\":\"AA==\",\"range_end\":\"AA==\"}").contains("\"kvs\""), "keys left");
            assertFalse(etcd(c, "/v3/lease/leases", "{}").contains("\"ID\""), "leases left");
        });
    }

    @Test
    void hazelcastSessionsAreClosedAndTheLocksTheyHeldFreed() throws Exception {
        leftStateIsGone(Topology.HAZELCAST, c -> {
            HazelcastInstance holder = hazelcast(c.connect());
            assertTrue(holder.getCPSubsystem().getLock("/lockstorm/lock").tryLock());
            // the lock made the default CP group, and a majority of the members now name its leader: what the run's leader watch records
            dev.lockstorm.clusters.lab.Wait.until("the members to name the default CP group's leader", () -> c.leader().isPresent(), Duration.ofSeconds(10));
            // the client stays connected, its CP session kept alive, as a killed client's lingers for its time to live
            return holder::shutdown;
        }, c -> {
            HazelcastInstance next = hazelcast(c.connect());
            try {
                assertTrue(next.getCPSubsystem().getLock("/lockstorm/lock").tryLock(), "the lock the last run's session held is free");
            } finally {
                next.shutdown();
            }
        });
    }

    /**
     * A member cut off past the CP group's auto-removal (10 s after the members dropped it, 10 s without
     * heartbeats) merges back after the heal as no CP member: a group of two, on which the next run's
     * split or kill would mean something else (a split that leaves no majority on either side). It is
     * not emptied for another run.
     */
    @Test
    void aHazelcastGroupThatRemovedAMemberCutOffIsNotKept() throws Exception {
        Path dir = Files.createDirectories(DIR.resolve("HazelcastCut-" + System.nanoTime()));
        List<String> hosts = new ArrayList<>(Topology.HAZELCAST.hostNames());
        hosts.add("c1");
        try (Lab lab = Lab.open(new LabSpec(hosts, dir))) {
            Cluster c = Cluster.start(Topology.HAZELCAST, lab, Persistence.NONE, false);
            HazelcastInstance client = hazelcast(c.connect());
            try {
                // the lock makes the default CP group
                var lock = client.getCPSubsystem().getLock("/lockstorm/lock");
                assertTrue(lock.tryLock());
                lock.unlock();
            } finally {
                client.shutdown();
            }
            assertTrue(c.reset(), "a whole group with a leader is emptied");
            var n3 = lab.host("n3");
            try (var nemesis = new dev.lockstorm.nemesis.LabNemesis(lab, e -> {
            })) {
                nemesis.partition(dev.lockstorm.nemesis.Grudge.isolate(n3, hosts.stream().map(lab::host).toList()));
                Thread.sleep(25_000);
                nemesis.healPartition();
            }
            assertThrows(dev.lockstorm.clusters.lab.LabException.class, c::reset, "a group of two is not emptied for another run");
        }
    }

    private static HazelcastInstance hazelcast(String members) {
        ClientConfig config = new ClientConfig();
        config.setClusterName(HazelcastMember.CLUSTER);
        config.getNetworkConfig().setAddresses(List.of(members.split(",")));
        return HazelcastClient.newHazelcastClient(config);
    }

    @Test
    void postgresTablesAndTheSessionHoldingAnAdvisoryLockAreGone() throws Exception {
        databaseStateIsGone(new Topology.PostgreSql(), "SELECT pg_advisory_lock(17)", "SELECT pg_try_advisory_lock(17)",
                "CREATE SEQUENCE lock_tokens");
    }

    @Test
    void mariaDbTablesAndTheSessionHoldingAGetLockAreGone() throws Exception {
        databaseStateIsGone(new Topology.MariaDb(), "SELECT GET_LOCK('lockstorm', 0)", "SELECT GET_LOCK('lockstorm', 0)",
                "CREATE SEQUENCE lock_tokens");
    }

    /** A lock table with a row, a sequence, and a session that holds a lock (taken by {@code hold}): after the reset another session takes it ({@code take}). */
    private static void databaseStateIsGone(Topology t, String hold, String take, String sequence) throws Exception {
        leftStateIsGone(t, c -> {
            DatabaseNode db = (DatabaseNode) c.nodes().get(0);
            try (Connection conn = db.connect(); Statement s = conn.createStatement()) {
                s.execute("CREATE TABLE locks (name VARCHAR(64) PRIMARY KEY, owner VARCHAR(64))");
                s.execute("INSERT INTO locks VALUES ('lockstorm', 'c1')");
                s.execute(sequence);
            }
            Connection holder = db.connect();
            try (Statement s = holder.createStatement(); ResultSet r = s.executeQuery(hold)) {
                assertTrue(r.next());
            }
            return holder;
        }, c -> {
            DatabaseNode db = (DatabaseNode) c.nodes().get(0);
            try (Connection conn = db.connect(); Statement s = conn.createStatement()) {
                try (ResultSet r = s.executeQuery(take)) {
                    // PostgreSQL answers a boolean, MariaDB a number
                    assertTrue(r.next() && java.util.Set.of("1", "t", "true").contains(r.getString(1)), "the lock the last run's session held is free");
                }
                // the database's own tables: PostgreSQL's schema public, MariaDB's database (its catalog)
                try (ResultSet r = conn.getMetaData().getTables(conn.getCatalog(), conn.getSchema(), "%", new String[]{"TABLE", "SEQUENCE", "VIEW"})) {
                    List<String> left = new ArrayList<>();
                    while (r.next()) left.add(r.getString("TABLE_NAME"));
                    assertEquals(List.of(), left);
                }
            }
        });
    }

    @Test
    void sentinelsMasterAndItsReplicasAreEmptied() throws Exception {
        leftStateIsGone(new Topology.RedisSentinel(), c -> {
            try (Resp r = ((RedisNode) c.leader().orElseThrow()).connect(Duration.ofSeconds(2))) {
                r.call("SET", "/lockstorm/lock", "c1", "PX", "60000");
            }
            return null;
        }, c -> {
            for (var n : c.nodes()) {
                try (Resp r = ((RedisNode) n).connect(Duration.ofSeconds(2))) {
                    assertEquals(0L, r.call("DBSIZE"), n + " is empty");
                }
            }
            try (Resp r = ((RedisNode) c.leader().orElseThrow()).connect(Duration.ofSeconds(2))) {
                String info = String.valueOf(r.call("INFO", "replication"));
                assertTrue(info.contains("connected_slaves:2"), "the replicas' links are kept: " + info);
                String clients = String.valueOf(r.call("CLIENT", "LIST"));
                assertTrue(clients.contains("name=sentinel-"), "the Sentinels' links are kept: " + clients);
            }
        });
    }

    /** The primary's tables are gone on the replica too; once a promotion moved the roles, the cluster is not reset (a new one starts). */
    @Test
    void postgresHaIsEmptiedOnBothNodesAndNotOnceAReplicaWasPromoted() throws Exception {
        Path dir = Files.createDirectories(DIR.resolve("PostgreSqlHa-" + System.nanoTime()));
        Topology t = new Topology.PostgreSqlHa();
        List<String> hosts = new ArrayList<>(t.hostNames());
        hosts.add("c1");
        try (Lab lab = Lab.open(new LabSpec(hosts, dir))) {
            Cluster c = Cluster.start(t, lab, Persistence.NONE, false);
            DatabaseNode primary = (DatabaseNode) c.nodes().get(0);
            try (Connection conn = primary.connect(); Statement s = conn.createStatement()) {
                s.execute("CREATE TABLE locks (name VARCHAR(64) PRIMARY KEY)");
            }
            assertTrue(c.reset(), "emptied while n1 is the primary");
            for (var n : c.nodes()) {
                try (Connection conn = ((DatabaseNode) n).connect(); ResultSet r = conn.getMetaData().getTables(null, "public", "%", new String[]{"TABLE"})) {
                    assertFalse(r.next(), "a table left on " + n);
                }
            }
            // as a failover does it: the primary gone, the replica promoted
            c.nodes().get(0).process().kill();
            ((Cluster.Promotable) c).promote(c.nodes().get(1));
            assertFalse(c.reset(), "the roles moved: the next run starts its own servers");
        }
    }

    @Test
    void dynaliteTablesAreGone() throws Exception {
        leftStateIsGone(new Topology.DynamoDb(), c -> {
            String created = dynamo(c, "CreateTable", "{\"TableName\":\"lockstorm\",\"AttributeDefinitions\":[{\"AttributeName\":\"key\","
                    + "\"AttributeType\":\"S\"}],\"KeySchema\":[{\"AttributeName\":\"key\",\"KeyType\":\"HASH\"}],"
                    + "\"ProvisionedThroughput\":{\"ReadCapacityUnits\":1,\"WriteCapacityUnits\":1}}");
            assertTrue(created.contains("lockstorm"), created);
            return null;
        }, c -> assertTrue(dynamo(c, "ListTables", "{}").matches("(?s).*\"TableNames\"\\s*:\\s*\\[\\s*].*"), "tables left"));
    }

    /**
     * Five runs through one {@link StandingServers}: the later ones begin on the first's servers (no
     * server start in their logs) and show no defect. The second's clients take the workers the first
     * left (their logs, from then on, in the second run's directory and stamped with its time) and
     * arm their checkpoint through the open, which freezes them there; the third's take them again;
     * the fourth, whose clocks move, starts workers of its own, and the fifth makes those clocks again
     * (their control files are a kept lab's leftovers). A lab whose server was left stopped is not kept.
     */
    @Test
    void laterRunsBeginOnTheKeptServersAndWorkersAndALabWithAFaultLeftIsNotKept() throws Exception {
        RunStore store = new RunStore(DIR.resolve("runs"));
        List<String> nemeses = List.of("pause-node", "pause-at:after-grant", "pause-client", "clock", "clock");
        try (StandingServers standing = new StandingServers()) {
            Runner runner = new Runner(System.out).keeping(standing);
            for (int i = 0; i < nemeses.size(); i++) {
                RunSpec spec = RunSpec.builtIn("curator-mutex").nemesis(NemesisKinds.byName(nemeses.get(i))).timeLimit(Duration.ofSeconds(6))
                        .seed(i + 1).clients(3).holds(Duration.ZERO, Duration.ofMillis(50))
                        .command(List.of("StandingServersIT", nemeses.get(i), "seed " + (i + 1))).build();
                RunResult r = runner.run(spec, store.newRun("standing"));
                // a frozen server or client may give lease limits: no defect of the lock, and every client live
                assertEquals(List.of(), r.results().defects(), Summary.of(r.check()));
                String log = Files.readString(r.dir().resolve("lockstorm.log"));
                assertTrue(log.contains(i == 0 ? "lockstorm: starting n1" : "servers: kept from"), log);
                assertEquals(i == 1 || i == 2, log.contains("3 of them kept from the last run"), log);
                if (i == 1) {
                    assertTrue(r.check().coverage().count("client-paused-in-acquire") >= 1, r.check().coverage().describe());
                    // the kept workers write this run's log lines here, stamped from this run's start (a few seconds in, not the first run's time)
                    String client = Files.readString(r.dir().resolve("logs").resolve("client-c1-p0.log"));
                    assertTrue(client.lines().allMatch(l -> LogStampSeconds.of(l) < 60), client);
                }
            }
            assertEquals(4, standing.reused());
        }
        // a server left stopped: the lab is not handed on, and the next use opens a new one
        Path dir = Files.createDirectories(DIR.resolve("stopped-" + System.nanoTime()));
        StandingServers.Shape shape = new StandingServers.Shape(new Topology.RedisMasters(1), List.of("c1"), Persistence.NONE, false);
        List<String> said = new ArrayList<>();
        try (StandingServers standing = new StandingServers()) {
            Lab first;
            try (StandingServers.Use use = standing.use(shape, dir, () -> Lab.open(new LabSpec(List.of("n1", "c1"), dir)), said::add)) {
                first = use.lab;
                Cluster c = Cluster.start(shape.topology(), use.lab, Persistence.NONE, false);
                use.started(c);
                c.nodes().get(0).process().pause();
                use.ended(said::add);
            }
            assertTrue(said.stream().anyMatch(s -> s.contains("not kept") && s.contains("stopped")), said.toString());
            try (StandingServers.Use use = standing.use(shape, dir, () -> Lab.open(new LabSpec(List.of("n1", "c1"), dir)), said::add)) {
                assertNotEquals(first, use.lab);
                assertEquals(null, use.cluster());
            }
        }
    }

    /** The run time a stamped log line carries; 0 for one without a stamp. */
    private static final class LogStampSeconds {
        static double of(String line) {
            return dev.lockstorm.locks.internal.worker.LogStamp.runSeconds(line).orElse(0);
        }
    }

    private static ZooKeeper session(String connect) throws Exception {
        CountDownLatch connected = new CountDownLatch(1);
        ZooKeeper zk = new ZooKeeper(connect, 10_000, e -> {
            if (e.getState() == org.apache.zookeeper.Watcher.Event.KeeperState.SyncConnected) connected.countDown();
        });
        assertTrue(connected.await(10, TimeUnit.SECONDS), "a session with " + connect);
        return zk;
    }

    private static final HttpClient HTTP = HttpClient.newHttpClient();

    private static String etcd(Cluster c, String path, String json) throws Exception {
        String url = c.connect().split(",")[0];
        HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(URI.create(url + path)).POST(HttpRequest.BodyPublishers.ofString(json)).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode(), r.body());
        return r.body();
    }

    private static String dynamo(Cluster c, String target, String json) {
        return ((dev.lockstorm.clusters.dynamodb.DynaliteNode) c.nodes().get(0)).call(target, json)
                .orElseThrow(() -> new AssertionError(target + " was not answered 200"));
    }
}
