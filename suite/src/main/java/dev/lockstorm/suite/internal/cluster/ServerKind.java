package dev.lockstorm.suite.internal.cluster;

import dev.lockstorm.api.Topology;
import dev.lockstorm.clusters.lab.Lab;
import dev.lockstorm.clusters.redis.Persistence;
import dev.lockstorm.clusters.redis.Sentinels;

import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A server family: how its servers start, the program and Debian package their hosts need, the
 * kernel settings they want, what they can do (a server clock to move, persistence to choose, a
 * failover), and — nested in its own file as {@code Running} — the started cluster: its connect
 * string, nodes, leader and clocks. Each family is one file ({@code ZooKeeperServers}, …) listed in
 * {@link #all()}, and {@link #of} finds the one registered for a topology's type; everything else
 * asks a family what it can do. A new family is its file and its line in {@link #all()}; nothing
 * switches over the families, and {@code ServerKindTest} holds every {@link Topology} type to
 * exactly one.
 *
 * <pre>{@code
 * ServerKind kind = ServerKind.of(system.topology());
 * if (kind.can(ServerKind.Capability.SERVER_CLOCKS)) ...
 * Cluster cluster = kind.start(ServerSite.lock(topology), lab, Persistence.NONE, false);
 * }</pre>
 */
public interface ServerKind {

    /** What a kind of servers offers a run beyond locking. */
    enum Capability {
        /** Its server processes can run under the realtime-clock shim (Redis masters, a single database). */
        SERVER_CLOCKS,
        /** It keeps data across a crash as {@code --persistence} says (Redis). */
        PERSISTENCE,
        /** Its Sentinels fail over to a replica by themselves when the master is seen down. */
        SENTINEL_FAILOVER,
        /** A replica can be promoted by hand, as an HA manager does it (PostgreSQL primary + replica). */
        PROMOTION,
        /** Its clients hold sessions that the servers expire (ZooKeeper). */
        SESSIONS
    }

    /** One of each kind: the server families the containers backend builds images for. */
    static List<ServerKind> all() {
        return List.of(new ZooKeeperServers(), new EtcdServers(), new HazelcastServers(), new RedisMasterServers(), new SentinelServers(),
                new DatabaseServer(true), new DatabaseServer(false), new PostgresHaServers(), new DynamoDbServer());
    }

    /** The Debian package of each family's servers, once each: what each family's container image adds to the common one. */
    static List<String> packages() {
        return all().stream().map(k -> k.programAndPackage().get(1)).distinct().toList();
    }

    /** The kind of {@code topology}'s servers (the one of {@link #all()} registered for its type); an {@link IllegalArgumentException} for a topology lockstorm cannot start. */
    static ServerKind of(Topology topology) {
        return all().stream().filter(k -> k.topology().isInstance(topology)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("lockstorm cannot start the servers of " + topology.describe()));
    }

    /** The type of {@link Topology} whose servers these are. */
    Class<? extends Topology> topology();

    /**
     * Starts the servers of {@code site}'s topology on its hosts in {@code lab} (n1 … and s1 … for the lock's) and waits until they serve.
     *
     * @param clocks whether server processes run under the clock shim (only for {@link Capability#SERVER_CLOCKS})
     */
    Cluster start(ServerSite site, Lab lab, Persistence persistence, boolean clocks);

    /** The program its hosts need, and the Debian package that has it. */
    List<String> programAndPackage();

    /** Kernel settings (network namespace's own) its hosts need; a container gets them when it starts. */
    default Map<String, String> hostSysctls() {
        return Map.of();
    }

    default Set<Capability> capabilities() {
        return EnumSet.noneOf(Capability.class);
    }

    default boolean can(Capability c) {
        return capabilities().contains(c);
    }

    /** The program and package of servers that run in a JVM (ZooKeeper's, Hazelcast's members). */
    List<String> JAVA = List.of("java", "openjdk-17-jre-headless");
}
