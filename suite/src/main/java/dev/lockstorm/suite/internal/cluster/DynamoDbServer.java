package dev.lockstorm.suite.internal.cluster;

import dev.lockstorm.api.Topology;
import dev.lockstorm.clusters.dynamodb.DynaliteNode;
import dev.lockstorm.clusters.lab.Lab;
import dev.lockstorm.clusters.redis.Persistence;

import java.time.Duration;
import java.util.List;

/** dynalite, DynamoDB's API on Node.js, its tables in memory. */
public record DynamoDbServer() implements ServerKind {
    @Override
    public Class<? extends Topology> topology() {
        return Topology.DynamoDb.class;
    }

    @Override
    public Cluster start(ServerSite site, Lab lab, Persistence persistence, boolean clocks) {
        DynaliteNode node = DynaliteNode.start(lab, site.nodes(lab).get(0));
        node.awaitServing(Duration.ofSeconds(30));
        return new OneServer(node, node.endpoint(), node::awaitServing, node::reset, null);
    }

    /** Node.js; dynalite itself is installed with npm ({@link DynaliteNode#INSTALL_DIR}), which a host without it says at start. */
    @Override
    public List<String> programAndPackage() {
        return List.of("node", "nodejs");
    }
}
