package dev.lockstorm.nemesis;

import dev.lockstorm.clusters.lab.Commands;
import dev.lockstorm.clusters.lab.Host;
import dev.lockstorm.clusters.lab.HostProcess;
import dev.lockstorm.clusters.lab.Lab;
import dev.lockstorm.clusters.lab.LabSpec;
import dev.lockstorm.clusters.redis.Persistence;
import dev.lockstorm.clusters.redis.RedisNode;
import dev.lockstorm.clusters.redis.Resp;
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
 * The three ways a cut refuses packets, and a lossy link, against a real redis-server: what a client
 * on the other side learns (nothing, a reset, or nothing while its command is applied; some packets
 * through), and the heal.
 */
@Tag("lab")
class CutStylesIT {
    private Lab lab;
    private Nemesis nemesis;
    private final List<NemesisAction> recorded = new ArrayList<>();
    private RedisNode redis;
    private Host client;

    @BeforeEach
    void up() {
        lab = Lab.open(new LabSpec(List.of("n1", "c1"), RunDirs.of("CutStylesIT")));
        nemesis = new Nemesis(lab, recorded::add);
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

    private static String read(Path log) {
        try {
            return Files.exists(log) ? Files.readString(log) : "";
        } catch (java.io.IOException e) {
            return "";
        }
    }
}
