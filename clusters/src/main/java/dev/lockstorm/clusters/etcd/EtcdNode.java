package dev.lockstorm.clusters.etcd;

import dev.lockstorm.clusters.Http;
import dev.lockstorm.clusters.ProcessNode;
import dev.lockstorm.clusters.lab.Host;
import dev.lockstorm.clusters.lab.HostProcess;
import dev.lockstorm.clusters.lab.Lab;
import dev.lockstorm.clusters.lab.LabException;

import java.net.URI;
import java.net.http.HttpRequest;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One etcd member (Debian's {@code etcd} 3.4) on its own host, its data directory kept across
 * restarts. The member is asked about itself over its client port's HTTP gateway: {@code /health},
 * and {@code /v3/maintenance/status} for its id and the leader it follows.
 */
public final class EtcdNode extends ProcessNode {
    public static final int CLIENT_PORT = 2379;
    public static final int PEER_PORT = 2380;
    private static final Pattern MEMBER_ID = Pattern.compile("\"member_id\"\\s*:\\s*\"(\\d+)\"");
    private static final Pattern LEADER = Pattern.compile("\"leader\"\\s*:\\s*\"(\\d+)\"");

    private final Path dataDir;
    private final String initialCluster;
    private final String clusterToken;

    EtcdNode(Lab lab, Host host, Path dataDir, String initialCluster, String clusterToken) {
        super(lab, host);
        this.dataDir = dataDir;
        this.initialCluster = initialCluster;
        this.clusterToken = clusterToken;
    }

    /** {@code name=http://address:2380}: this member's entry in the static initial cluster. */
    static String peerEntry(Host h) {
        return h.name() + "=http://" + h.address() + ":" + PEER_PORT;
    }

    public String clientUrl() {
        return "http://" + host.address() + ":" + CLIENT_PORT;
    }

    @Override
    protected String processName() {
        return "etcd-" + host.name();
    }

    @Override
    protected HostProcess launch() {
        String peer = "http://" + host.address() + ":" + PEER_PORT;
        // "new" only matters for an empty data directory: a restart rejoins with the membership it stored
        return lab.start(host, processName(), List.of("etcd", "--name", host.name(), "--data-dir", dataDir.toString(),
                "--listen-peer-urls", peer, "--initial-advertise-peer-urls", peer,
                "--listen-client-urls", clientUrl(), "--advertise-client-urls", clientUrl(),
                "--initial-cluster", initialCluster, "--initial-cluster-state", "new", "--initial-cluster-token", clusterToken,
                "--logger", "zap", "--log-outputs", "stderr"), Map.of());
    }

    /** Whether the member reports itself healthy: it has a leader and answers a read through it. */
    @Override
    public boolean isServing() {
        return get("/health").filter(body -> body.contains("\"health\":\"true\"")).isPresent();
    }

    /** Whether this member says it is the leader (its own id is the leader's id in its status). */
    public boolean isLeader() {
        Optional<String> status = post("/v3/maintenance/status", "{}");
        if (status.isEmpty()) return false;
        Matcher self = MEMBER_ID.matcher(status.get());
        Matcher leader = LEADER.matcher(status.get());
        return self.find() && leader.find() && self.group(1).equals(leader.group(1));
    }

    private static final Pattern LEASE_ID = Pattern.compile("\"ID\"\\s*:\\s*\"(-?\\d+)\"");
    private static final Pattern COUNT = Pattern.compile("\"count\"\\s*:\\s*\"(\\d+)\"");

    /**
     * Empties the cluster, through this member, for the next run on it: every key (lock keys,
     * election keys, counters) and every lease, so that no lease a killed client kept alive outlasts
     * its run. Over the HTTP gateway: no etcdctl needed.
     */
    void reset() {
        // key "\0" with range_end "\0": every key
        String all = "{\"key\":\"AA==\",\"range_end\":\"AA==\"}";
        require("/v3/kv/deleterange", all);
        for (Matcher m = LEASE_ID.matcher(require("/v3/lease/leases", "{}")); m.find(); ) {
            require("/v3/lease/revoke", "{\"ID\":\"" + m.group(1) + "\"}");
        }
        Matcher left = COUNT.matcher(require("/v3/kv/range", "{\"key\":\"AA==\",\"range_end\":\"AA==\",\"count_only\":true}"));
        if (left.find() && !left.group(1).equals("0")) throw new LabException(left.group(1) + " keys left in etcd after the reset");
        if (LEASE_ID.matcher(require("/v3/lease/leases", "{}")).find()) throw new LabException("leases left in etcd after the reset");
    }

    private String require(String path, String json) {
        return post(path, json).orElseThrow(() -> new LabException("etcd on " + host.name() + " did not answer " + path + " while being emptied for the next run"));
    }

    /** The process exited while it should run: why, with the last lines of its log. */
    LabException exited() {
        HostProcess p = process();
        return new LabException("etcd on " + host.name() + " exited with code " + p.exitCode() + "; the last lines of " + log()
                + ":\n" + p.tail(15));
    }

    private Optional<String> get(String path) {
        return send(HttpRequest.newBuilder(URI.create(clientUrl() + path)).GET());
    }

    private Optional<String> post(String path, String json) {
        return send(HttpRequest.newBuilder(URI.create(clientUrl() + path)).POST(HttpRequest.BodyPublishers.ofString(json)));
    }

    private Optional<String> send(HttpRequest.Builder request) {
        return Http.ok(request.timeout(Duration.ofMillis(800)).build());
    }

    @Override
    public String toString() {
        return "etcd@" + host.name();
    }
}
