package dev.lockstorm.clusters.dynamodb;

import dev.lockstorm.clusters.Http;
import dev.lockstorm.clusters.ProcessNode;
import dev.lockstorm.clusters.lab.Host;
import dev.lockstorm.clusters.lab.HostProcess;
import dev.lockstorm.clusters.lab.Lab;
import dev.lockstorm.clusters.lab.LabException;
import dev.lockstorm.clusters.lab.Wait;

import java.net.URI;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * One server that speaks DynamoDB's API: dynalite (an open-source implementation of it on Node.js),
 * its tables in memory, so that a killed and restarted server has forgotten every item, as a Redis
 * without persistence forgets its keys. Tables are made at once ({@code --createTableMs 0}).
 *
 * <pre>{@code
 * DynaliteNode db = DynaliteNode.start(lab, lab.host("n1"));
 * db.awaitServing(Duration.ofSeconds(30));
 * String endpoint = db.endpoint();   // "http://10.77.0.11:8000"
 * }</pre>
 *
 * <p>dynalite is installed with npm (by {@code bin/lockstorm} and {@code bin/test}, see
 * {@code bin/_prereqs.sh}) into {@link #INSTALL_DIR}; on a host without it the server stops at once
 * saying so, and {@link #awaitServing} reports that line.
 */
public final class DynaliteNode extends ProcessNode {
    public static final int PORT = 8000;
    /** The dynalite release lockstorm installs: 3.2 runs on the Node.js of Debian 12 (18) as well as on later ones. */
    public static final String VERSION = "3.2.2";
    /** Where npm put it: {@code $LOCKSTORM_DYNALITE}, else a directory of this version under /var/lib/lockstorm. */
    public static final String INSTALL_DIR = System.getenv().getOrDefault("LOCKSTORM_DYNALITE", "/var/lib/lockstorm/dynalite-" + VERSION);
    static final String MISSING = "dynalite is not installed here";

    private DynaliteNode(Lab lab, Host host) {
        super(lab, host);
    }

    /** Starts dynalite on {@code host}; {@link #awaitServing} waits for it. */
    public static DynaliteNode start(Lab lab, Host host) {
        DynaliteNode node = new DynaliteNode(lab, host);
        node.start();
        return node;
    }

    /** The endpoint an SDK client is given. */
    public String endpoint() {
        return "http://" + host.address() + ":" + PORT;
    }

    @Override
    protected String processName() {
        return "dynalite-" + host.name();
    }

    @Override
    protected HostProcess launch() {
        String cli = INSTALL_DIR + "/node_modules/dynalite/cli.js";
        // the check runs on the server's own host, which over SSH is not this machine
        String script = "test -f \"$1\" || { echo \"" + MISSING + ": no $1 (install it with: npm install --omit=optional --prefix "
                + INSTALL_DIR + " dynalite@" + VERSION + ")\" >&2; exit 3; }; shift; exec node \"$@\"";
        return lab.start(host, processName(), List.of("sh", "-c", script, "dynalite", cli, cli, "--host", host.address(),
                "--port", Integer.toString(PORT), "--createTableMs", "0", "--deleteTableMs", "0", "--updateTableMs", "0"), Map.of());
    }

    /** Whether it answers a ListTables call (dynalite checks that a request is signed, not the signature). */
    @Override
    public boolean isServing() {
        HostProcess p = process();
        if (p == null || !p.isAlive() || p.isPaused()) return false;
        return call("ListTables", "{}").filter(body -> body.contains("TableNames")).isPresent();
    }

    private static final java.util.regex.Pattern TABLE_NAMES = java.util.regex.Pattern.compile("\"TableNames\"\\s*:\\s*\\[([^\\]]*)]");

    /** Empties the server for the next run on it: every table (the lock tables, their items) deleted. */
    public void reset() {
        for (String table : tables()) {
            if (call("DeleteTable", "{\"TableName\":\"" + table + "\"}").isEmpty()) throw new LabException(this + " did not delete table " + table);
        }
        // a table is deleted after DeleteTable answers (DynamoDB's DELETING state): wait until none is listed
        long deadline = System.nanoTime() + 5_000_000_000L;
        List<String> left = tables();
        while (!left.isEmpty() && System.nanoTime() < deadline) {
            Wait.sleep(20);
            left = tables();
        }
        if (!left.isEmpty()) throw new LabException("tables left in " + this + " after the reset: " + left);
    }

    private List<String> tables() {
        String body = call("ListTables", "{}").orElseThrow(() -> new LabException(this + " did not answer ListTables while being emptied"));
        java.util.regex.Matcher m = TABLE_NAMES.matcher(body);
        if (!m.find() || m.group(1).isBlank()) return List.of();
        return java.util.Arrays.stream(m.group(1).split(",")).map(t -> t.strip().replaceAll("^\"|\"$", "")).toList();
    }

    /** One DynamoDB API call, signed as dynalite needs it (a signature it does not check); the body of a 200 answer. */
    public java.util.Optional<String> call(String target, String json) {
        HttpRequest request = HttpRequest.newBuilder(URI.create(endpoint() + "/")).timeout(Duration.ofMillis(800))
                .header("Content-Type", "application/x-amz-json-1.0")
                .header("X-Amz-Target", "DynamoDB_20120810." + target)
                .header("X-Amz-Date", "20200101T000000Z")
                .header("Authorization", "AWS4-HMAC-SHA256 Credential=lockstorm/20200101/us-east-1/dynamodb/aws4_request,"
                        + " SignedHeaders=host, Signature=0")
                .POST(HttpRequest.BodyPublishers.ofString(json)).build();
        return Http.ok(request);
    }

    /** Waits until it answers; throws with its log's last lines when it exited (e.g. not installed) or never answered. */
    public void awaitServing(Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!isServing()) {
            HostProcess p = process();
            if (p != null && !p.isAlive()) {
                throw new LabException("dynalite on " + host.name() + " exited with code " + p.exitCode() + "; the last lines of " + log()
                        + ":\n" + p.tail(10));
            }
            if (System.nanoTime() > deadline) throw new LabException("dynalite on " + host.name() + " did not answer within " + timeout
                    + " (see " + log() + ")");
            Wait.sleep(100);
        }
    }

    @Override
    public String toString() {
        return "dynalite@" + host.name();
    }
}
