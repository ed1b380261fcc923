package dev.lockstorm.clusters.zookeeper;

import dev.lockstorm.clusters.ProcessNode;
import dev.lockstorm.clusters.lab.Host;
import dev.lockstorm.clusters.lab.HostProcess;
import dev.lockstorm.clusters.lab.Lab;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/** One ZooKeeper server: a JVM running {@code QuorumPeerMain} on its own host, data kept across restarts. */
public final class ZooKeeperNode extends ProcessNode {
    public static final int CLIENT_PORT = 2181;

    private final int id;
    private final Path dir;
    private final Path config;
    private final ZooKeeperOptions options;

    ZooKeeperNode(Lab lab, Host host, int id, Path dir, Path config, ZooKeeperOptions options) {
        super(lab, host);
        this.options = options;
        this.id = id;
        this.dir = dir;
        this.config = config;
    }

    public int id() {
        return id;
    }

    @Override
    protected String processName() {
        return "zk-" + host.name();
    }

    @Override
    protected HostProcess launch() {
        List<String> cmd = lab.jvm(host, options.heap(), List.of(
                        "-Dorg.slf4j.simpleLogger.defaultLogLevel=info",
                        "-Dorg.slf4j.simpleLogger.showDateTime=true",
                        "-Dorg.slf4j.simpleLogger.dateTimeFormat=HH:mm:ss.SSS",
                        "-Dzookeeper.admin.enableServer=false",
                        "-Djava.net.preferIPv4Stack=true"),
                "org.apache.zookeeper.server.quorum.QuorumPeerMain", List.of(config.toString()));
        return lab.start(host, processName(), cmd, Map.of());
    }

    /** Asks the server ({@code srvr}): leader, follower, standalone, or empty when not serving. */
    public java.util.Optional<String> mode() {
        String srvr = fourLetterWord("srvr", Duration.ofMillis(800));
        if (srvr == null) return java.util.Optional.empty();
        for (String line : srvr.split("\n")) {
            if (line.startsWith("Mode: ")) return java.util.Optional.of(line.substring(6).strip());
        }
        return java.util.Optional.empty();
    }

    @Override
    public boolean isServing() {
        return mode().isPresent();
    }

    /** Sends a four-letter word and returns the answer, or null when the server does not answer in time. */
    public String fourLetterWord(String word, Duration timeout) {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress(host.address(), CLIENT_PORT), (int) timeout.toMillis());
            s.setSoTimeout((int) timeout.toMillis());
            OutputStream out = s.getOutputStream();
            out.write(word.getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = s.getInputStream();
            String answer = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            // "This ZooKeeper instance is not currently serving requests" when it has no quorum
            return answer.contains("not currently serving") ? null : answer;
        } catch (IOException e) {
            return null;
        }
    }

    /** Writes the node's configuration and its {@code myid} on its host. */
    static void writeConfig(Host host, Path config, Path dataDir, int id, List<Host> peers, ZooKeeperOptions o) {
        StringBuilder sb = new StringBuilder();
        sb.append("tickTime=").append(o.tickMillis()).append('\n');
        sb.append("initLimit=").append(o.initLimit()).append('\n');
        sb.append("syncLimit=").append(o.syncLimit()).append('\n');
        sb.append("dataDir=").append(dataDir).append('\n');
        sb.append("clientPort=").append(CLIENT_PORT).append('\n');
        sb.append("standaloneEnabled=false\n4lw.commands.whitelist=*\nadmin.enableServer=false\n");
        sb.append("maxClientCnxns=0\npreAllocSize=4096\n"); // 4 MB transaction logs, not 64 MB
        for (int i = 0; i < peers.size(); i++) {
            sb.append("server.").append(i + 1).append('=').append(peers.get(i).address()).append(":2888:3888\n");
        }
        host.write(dataDir.resolve("myid"), id + "\n");
        host.write(config, sb.toString());
    }

    @Override
    public String toString() {
        return "zk" + id + "@" + host.name();
    }
}
