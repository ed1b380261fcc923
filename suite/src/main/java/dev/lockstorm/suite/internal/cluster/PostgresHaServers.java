package dev.lockstorm.suite.internal.cluster;

import dev.lockstorm.api.Topology;
import dev.lockstorm.clusters.database.DatabaseNode;
import dev.lockstorm.clusters.database.PostgresCluster;
import dev.lockstorm.clusters.database.PostgresNode;
import dev.lockstorm.clusters.lab.Host;
import dev.lockstorm.clusters.lab.Lab;
import dev.lockstorm.clusters.redis.Persistence;

import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** A PostgreSQL primary and its streaming replica, promoted by hand as an HA manager does it. */
public record PostgresHaServers() implements ServerKind {
    @Override
    public Class<? extends Topology> topology() {
        return Topology.PostgreSqlHa.class;
    }

    @Override
    public Cluster start(ServerSite site, Lab lab, Persistence persistence, boolean clocks) {
        List<Host> hosts = site.nodes(lab);
        return new Running(PostgresCluster.start(lab, hosts.get(0), hosts.get(1)));
    }

    @Override
    public List<String> programAndPackage() {
        return List.of("pg_ctlcluster", "postgresql");
    }

    @Override
    public Map<String, String> hostSysctls() {
        return DatabaseNode.HOST_SYSCTLS;
    }

    @Override
    public Set<Capability> capabilities() {
        return EnumSet.of(Capability.PROMOTION);
    }

    /** A PostgreSQL primary and its replica; clients find the primary through the driver's multi-host URL. */
    record Running(PostgresCluster pg) implements Cluster.Promotable {
        @Override
        public List<PostgresNode> nodes() {
            return pg.nodes();
        }

        @Override
        public String connect() {
            return pg.jdbcUrl();
        }

        @Override
        public Optional<PostgresNode> leader() {
            return pg.primary();
        }

        /** A primary serves (a former primary that could not rejoin as a replica stays down: one primary, never two). */
        @Override
        public void awaitServing(Duration timeout) {
            pg.awaitServing(timeout);
        }

        /** Emptied when no promotion moved the roles ({@link PostgresCluster#reset}); after one, the next run starts its own. */
        @Override
        public boolean reset() {
            return pg.reset();
        }
    }
}
