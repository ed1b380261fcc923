package dev.lockstorm.suite.internal.cluster;

import dev.lockstorm.api.Topology;
import dev.lockstorm.clusters.database.DatabaseNode;
import dev.lockstorm.clusters.database.MariaDbNode;
import dev.lockstorm.clusters.database.PostgresNode;
import dev.lockstorm.clusters.lab.Host;
import dev.lockstorm.clusters.lab.Lab;
import dev.lockstorm.clusters.redis.Persistence;
import dev.lockstorm.nemesis.ClockFault;

import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** One PostgreSQL ({@code postgres}) or MariaDB server, durable. */
public record DatabaseServer(boolean postgres) implements ServerKind {
    @Override
    public Class<? extends Topology> topology() {
        return postgres ? Topology.PostgreSql.class : Topology.MariaDb.class;
    }

    @Override
    public Cluster start(ServerSite site, Lab lab, Persistence persistence, boolean clocks) {
        Host host = site.nodes(lab).get(0);
        ClockFault clock = clocks ? ClockFault.create(lab, host, (postgres ? "postgresql-" : "mariadb-") + host.name()) : null;
        Map<String, String> env = clock == null ? Map.of() : clock.env();
        DatabaseNode db = postgres ? PostgresNode.start(lab, host, true, env) : MariaDbNode.start(lab, host, true, env);
        db.awaitServing(Duration.ofSeconds(60));
        return new OneServer(db, db.jdbcUrl(), db::awaitServing, db::reset, clock);
    }

    @Override
    public List<String> programAndPackage() {
        return postgres ? List.of("pg_ctlcluster", "postgresql") : List.of("mariadb-install-db", "mariadb-server");
    }

    @Override
    public Map<String, String> hostSysctls() {
        return DatabaseNode.HOST_SYSCTLS;
    }

    @Override
    public Set<Capability> capabilities() {
        return EnumSet.of(Capability.SERVER_CLOCKS);
    }
}
