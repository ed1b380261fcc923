package dev.lockstorm.clusters.hazelcast;

import dev.lockstorm.clusters.Http;
import dev.lockstorm.clusters.ProcessNode;
import dev.lockstorm.clusters.lab.Host;
import dev.lockstorm.clusters.lab.HostProcess;
import dev.lockstorm.clusters.lab.Lab;

import dev.lockstorm.clusters.lab.LabException;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;

/**
 * One Hazelcast CP member: a JVM running {@link HazelcastMember} on its own host. It keeps no CP
 * data on disk (the open-source CP Subsystem has no persistence): a member killed and started again
 * joins as a new member and promotes itself into the CP group once the group has removed the one it
 * replaces, which the group can do only while a majority of it lives.
 */
public final class HazelcastNode extends ProcessNode {
    public static final int PORT = 5701;

    private final List<Host> peers;
    private final HazelcastOptions options;
    /** Where this start's lines begin in the log: "ready" must come after it. */
    private volatile long startedAt;
    /** How far {@link #leaderSeen} has read the log, and the leader the last line there named ("none" for none; null: none printed). */
    private long leaderRead;
    private String leaderLine;

    HazelcastNode(Lab lab, Host host, List<Host> peers, HazelcastOptions options) {
        super(lab, host);
        this.peers = List.copyOf(peers);
        this.options = options;
    }

    @Override
    protected String processName() {
        return "hz-" + host.name();
    }

    @Override
    protected HostProcess launch() {
        startedAt = logSize();
        String members = String.join(",", peers.stream().map(p -> p.address() + ":" + PORT).toList());
        List<String> cmd = lab.jvm(host, "256m", List.of(
                        "-Dorg.slf4j.simpleLogger.defaultLogLevel=info",
                        "-Dorg.slf4j.simpleLogger.showDateTime=true",
                        "-Dorg.slf4j.simpleLogger.dateTimeFormat=HH:mm:ss.SSS",
                        "-Djava.net.preferIPv4Stack=true"),
                HazelcastMember.class.getName(), List.of(host.address(), members, Integer.toString(options.cp() ? peers.size() : 0),
                        Long.toString(options.sessionTtl().toSeconds()), Long.toString(options.heartbeat().toSeconds())));
        return lab.start(host, processName(), cmd, Map.of());
    }

    /** Running, and its CP Subsystem said it is ready since this start. */
    @Override
    public boolean isServing() {
        HostProcess p = process();
        return p != null && p.isAlive() && !p.isPaused() && logSince(startedAt).contains(HazelcastMember.READY);
    }

    /**
     * The address of the default CP group's leader as this member last said it saw it, empty when it
     * names none or cannot say now (not running, or frozen: what it last said is stale).
     */
    public synchronized java.util.Optional<String> leaderSeen() {
        long from = startedAt;
        if (leaderRead < from) {
            leaderRead = from;
            leaderLine = null;
        }
        String tail = logSince(leaderRead);
        int end = tail.lastIndexOf('\n');
        if (end >= 0) {
            String whole = tail.substring(0, end + 1);
            leaderRead += whole.getBytes(StandardCharsets.UTF_8).length;
            for (String line : whole.split("\n")) {
                // the lab stamps each line of the log ("[ 8.703 s | 14:34:54.423] …")
                int at = line.indexOf(HazelcastMember.LEADER + " ");
                if (at >= 0) leaderLine = line.substring(at + HazelcastMember.LEADER.length() + 1).strip();
            }
        }
        HostProcess p = process();
        if (p == null || !p.isAlive() || p.isPaused() || leaderLine == null || leaderLine.equals("none")) return java.util.Optional.empty();
        return java.util.Optional.of(leaderLine);
    }

    /**
     * A call to the member's REST API under {@code /hazelcast/rest/cp-subsystem}: a GET, or a POST of
     * {@code body}; its answer. Throws naming the path when the member does not answer or refuses.
     */
    String rest(String path, String body) {
        HttpRequest.Builder r = HttpRequest.newBuilder(URI.create("http://" + host.address() + ":" + PORT + "/hazelcast/rest/cp-subsystem" + path))
                .timeout(Duration.ofSeconds(5));
        HttpResponse<String> a = Http.send((body == null ? r.GET() : r.POST(HttpRequest.BodyPublishers.ofString(body))).build())
                .orElseThrow(() -> new LabException(this + ": " + path + " got no answer (refused, or none within 5 s)"));
        if (a.statusCode() != 200) throw new LabException(this + ": " + path + " answered " + a.statusCode() + " " + a.body().strip());
        return a.body();
    }

    private long logSize() {
        try {
            return Files.exists(log()) ? Files.size(log()) : 0;
        } catch (IOException e) {
            return 0;
        }
    }

    private String logSince(long offset) {
        try (RandomAccessFile f = new RandomAccessFile(log().toFile(), "r")) {
            if (f.length() <= offset) return "";
            byte[] b = new byte[(int) Math.min(f.length() - offset, 1 << 20)];
            f.seek(offset);
            f.readFully(b);
            return new String(b, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "";
        }
    }

    @Override
    public String toString() {
        return "hz@" + host.name();
    }
}
