package dev.lockstorm.nemesis;

import dev.lockstorm.clusters.lab.Commands;
import dev.lockstorm.clusters.lab.Host;
import dev.lockstorm.clusters.lab.HostProcess;
import dev.lockstorm.clusters.lab.Lab;
import dev.lockstorm.clusters.lab.LabSpec;
import dev.lockstorm.clusters.redis.Persistence;
import dev.lockstorm.clusters.redis.RedisNode;
import dev.lockstorm.clusters.redis.Resp;
import dev.lockstorm.faults.CutStyle;
import dev.lockstorm.nemesis.delay.DelayLinks;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static dev.lockstorm.clusters.lab.Wait.until;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The three ways a cut refuses packets, a lossy link, a slow one and a delayed one, against a real redis-server: what a client
 * on the other side learns (nothing, a reset, or nothing while its command is applied; some packets
 * through), and the heal.
 */
@Tag("lab")
class CutStylesIT {
    private Lab lab;
    private LabNemesis nemesis;
    private final List<NemesisAction> recorded = new ArrayList<>();
    private RedisNode redis;
    private Host client;

    @BeforeEach
    void up() {
        lab = Lab.open(new LabSpec(List.of("n1", "c1"), RunDirs.of("CutStylesIT")));
        nemesis = new LabNemesis(lab, recorded::add);
        redis = RedisNode.create(lab, lab.host("n1"), Persistence.NONE, Map.of());
        redis.start();
        redis.awaitServing(Duration.ofSeconds(10));
        client = lab.host("c1");
    }

    @AfterEach
    void down() {
        try {
            nemesis.close();
        } finally {
            lab.close();
        }
    }

    /** A TCP connect from c1 to Redis: how long it took and what bash said. */
    private record Connect(long millis, Commands.Result result) {
    }

    private Connect connect() {
        long t0 = System.nanoTime();
        Commands.Result r = client.exec(List.of("timeout", "3", "bash", "-c",
                "exec 3<>/dev/tcp/" + redis.host().address() + "/" + RedisNode.PORT + " && echo connected"), Duration.ofSeconds(10));
        return new Connect((System.nanoTime() - t0) / 1_000_000, r);
    }

    @Test
    void aBlackHoleTellsTheClientNothingWhereAResetTellsItAtOnce() {
        Grudge cut = Grudge.cutOff(client, List.of(redis.host()));
        nemesis.partition(cut);
        Connect silent = connect();
        assertFalse(silent.result().ok(), silent.result().output());
        assertTrue(silent.millis() >= 2_500, "dropped silently: the connect waited out its own timeout, " + silent.millis() + " ms");

        nemesis.partition(cut.withStyle(CutStyle.RESET));
        Connect reset = connect();
        assertFalse(reset.result().ok(), reset.result().output());
        assertTrue(reset.millis() < 1_500, "answered with a reset: refused at once, not after " + reset.millis() + " ms");
        assertTrue(reset.result().output().contains("refused"), reset.result().output());
        assertEquals("reset", recorded.get(recorded.size() - 1).cut(), "the history says how the cut refused packets");

        nemesis.healPartition();
        assertTrue(connect().result().ok(), "healed: connected again");
    }

    @Test
    void oneWayTheServerAppliesWhatTheClientNeverHearsTheAnswerTo() throws Exception {
        Path log = lab.dir(client).resolve("one-way.log");
        String script = "exec 3<>/dev/tcp/" + redis.host().address() + "/" + RedisNode.PORT + "; echo connected; sleep 1.5;"
                + " printf 'SET one-way applied\\r\\n' >&3; if timeout 3 head -c 5 <&3 >/dev/null; then echo 'a reply'; else echo 'no reply'; fi";
        HostProcess p = client.start("one-way", List.of("bash", "-c", script), Map.of(), log);
        until("c1 to connect", () -> read(log).contains("connected"), Duration.ofSeconds(10));
        nemesis.partition(Grudge.repliesLost(client, List.of(redis.host())));
        until("c1's command to time out or be answered", () -> read(log).contains("reply"), Duration.ofSeconds(15));
        assertTrue(read(log).contains("no reply"), read(log));
        try (Resp r = redis.connect(Duration.ofSeconds(2))) {
            assertEquals("applied", r.call("GET", "one-way"), "the request arrived and was applied; only its reply was lost");
        }
        assertEquals("inbound", recorded.get(recorded.size() - 1).cut());
        nemesis.healPartition();
        assertTrue(connect().result().ok(), "healed: connected again");
        p.stop(Duration.ofSeconds(1));
    }

    @Test
    void aLossyLinkLetsSomeConnectsThroughAndLosesOthersThenHealsWhole() {
        nemesis.loss(Loss.between(client, List.of(redis.host()), 50));
        // a connect made within 0.4 s needs its SYN and the SYN-ACK through (a quarter of the time at 50% each way);
        // a lost one is retransmitted only after a second
        String tries = "ok=0; for i in $(seq 30); do timeout 0.4 bash -c 'exec 3<>/dev/tcp/" + redis.host().address() + "/" + RedisNode.PORT
                + "' 2>/dev/null && ok=$((ok+1)); done; echo $ok";
        int through = Integer.parseInt(client.exec(List.of("bash", "-c", tries), Duration.ofSeconds(60)).output().strip());
        assertTrue(through > 0 && through < 30, "some of 30 connects got through quickly, not all: " + through);
        assertEquals("start-loss", recorded.get(recorded.size() - 1).f());
        nemesis.healLoss();
        assertEquals("30", client.exec(List.of("bash", "-c", tries), Duration.ofSeconds(60)).output().strip(), "healed: every connect through");
        assertEquals("stop-loss", recorded.get(recorded.size() - 1).f());
    }

    /** Milliseconds from sending {@code command} (RESP; {@code $v} is 4,000 bytes) to the last of its reply's {@code replyBytes}. */
    private long roundTrip(String command, int replyBytes) {
        String script = "exec 3<>/dev/tcp/" + redis.host().address() + "/" + RedisNode.PORT + "; v=$(head -c 4000 /dev/zero | tr '\\0' x);"
                + " t0=$(date +%s%N); " + command + " >&3; timeout 20 head -c " + replyBytes + " <&3 >/dev/null; t1=$(date +%s%N); echo $(( (t1 - t0) / 1000000 ))";
        Commands.Result r = client.exec(List.of("bash", "-c", script), Duration.ofSeconds(30));
        assertTrue(r.ok(), r.output());
        return Long.parseLong(r.output().strip());
    }

    @Test
    void aSlowLinkDelaysWhatEachSideSendsLosesNothingAndHealsFast() throws Exception {
        String set = "printf '*3\\r\\n$3\\r\\nSET\\r\\n$4\\r\\nslow\\r\\n$4000\\r\\n%s\\r\\n' \"$v\"";
        String get = "printf '*2\\r\\n$3\\r\\nGET\\r\\n$4\\r\\nslow\\r\\n'";
        assertTrue(roundTrip(set, 5) < 1_000, "a fast link first");
        nemesis.slow(Slow.between(client, List.of(redis.host()), 8));
        // 4,000 bytes at 8 kbit/s: the first packet leaves at once (the bucket holds one), the other
        // ~2,500 bytes take ~2.5 s; each way: the client's SET, then the server's reply to GET
        long up = roundTrip(set, 5);
        assertTrue(up >= 1_500, "the client's 4,000 bytes queued behind the slow link: " + up + " ms");
        long down = roundTrip(get, 4009);
        assertTrue(down >= 1_500, "the server's 4,000-byte reply queued behind its slow link to c1: " + down + " ms");
        try (Resp r = redis.connect(Duration.ofSeconds(2))) {
            assertEquals(4000, String.valueOf(r.call("GET", "slow")).length(), "slow, nothing lost");
        }
        assertEquals("start-slow", recorded.get(recorded.size() - 1).f());
        assertTrue(client.exec("tc", "qdisc", "show").output().contains("htb 4c53:"), "the slow link's qdisc on c1");
        nemesis.healSlow();
        assertEquals("stop-slow", recorded.get(recorded.size() - 1).f());
        for (Host h : List.of(client, redis.host())) {
            assertFalse(h.exec("tc", "qdisc", "show").output().contains("4c53:"), "healed: no slow-link qdisc left on " + h.name());
        }
        assertTrue(roundTrip(set, 5) < 1_000, "healed: fast again");
    }

    @Test
    void aDelayedLinkHoldsBackEachWayInOrderAndHealsAtOnce() throws Exception {
        String ping = "printf '*1\\r\\n$4\\r\\nPING\\r\\n'";
        try (DelayLinks links = DelayLinks.install(lab, List.of(client), List.of(redis.host()))) {
            nemesis.delayThrough(links);
            assertTrue(roundTrip(ping, 7) < 300, "through the proxy, no delay yet");
            nemesis.delay(Delay.between(client, List.of(redis.host()), 300, 0));
            long delayed = roundTrip(ping, 7);
            assertTrue(delayed >= 600, "300 ms each way: " + delayed + " ms");
            assertEquals("start-delay", recorded.get(recorded.size() - 1).f());
            // with jitter each write waits its own time, but never overtakes the one before it
            nemesis.delay(Delay.between(client, List.of(redis.host()), 200, 150));
            String pushes = "exec 3<>/dev/tcp/" + redis.host().address() + "/" + RedisNode.PORT + "; for i in $(seq 1 20); do"
                    + " printf '*3\\r\\n$5\\r\\nRPUSH\\r\\n$5\\r\\norder\\r\\n$%d\\r\\n%d\\r\\n' ${#i} $i >&3; sleep 0.02; done;"
                    + " timeout 20 head -c 1 <&3 >/dev/null; sleep 3";
            assertTrue(client.exec(List.of("bash", "-c", pushes), Duration.ofSeconds(40)).ok());
            try (Resp r = redis.connect(Duration.ofSeconds(2))) {
                List<String> expected = new ArrayList<>();
                for (int i = 1; i <= 20; i++) expected.add(Integer.toString(i));
                assertEquals(expected.toString(), String.valueOf(r.call("LRANGE", "order", "0", "-1")), "in order, nothing lost");
            }
            nemesis.healDelay();
            assertEquals("stop-delay", recorded.get(recorded.size() - 1).f());
            long healed = roundTrip(ping, 7);
            assertTrue(healed < 300, "healed: " + healed + " ms");
        }
        assertFalse(client.exec("nft", "list", "tables").output().contains(DelayLinks.TABLE), "closed: no redirect left on c1");
    }

    private static String read(Path log) {
        try {
            return Files.exists(log) ? Files.readString(log) : "";
        } catch (java.io.IOException e) {
            return "";
        }
    }
}
