package dev.lockstorm.suite.internal.scenario;

import dev.lockstorm.checker.Checker;
import dev.lockstorm.checker.io.HistoryFormat;
import dev.lockstorm.checker.io.HistoryReader;
import dev.lockstorm.checker.linear.SearchLimits;
import dev.lockstorm.checker.model.FencedMutex;
import dev.lockstorm.suite.internal.run.RunResult;
import dev.lockstorm.suite.internal.run.RunTimings;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What proves a scenario's claim: a double holder counts for the scenario's mechanism only when its
 * fault came first (or the lock noted the grant that matters); safety counts as safety under the
 * fault only when the lock still granted while it was in force.
 */
@Tag("unit")
class ProofTest {
    private static final String RUN = "{\"index\":0,\"time\":0,\"type\":\"info\",\"process\":\"nemesis\",\"f\":\"run\",\"value\":{\"lease_ms\":2000}}\n";

    private static String op(int index, long ms, String type, int process, String f, String rest) {
        return "{\"index\":" + index + ",\"time\":" + ms * 1_000_000 + ",\"type\":\"" + type + "\",\"process\":" + process + ",\"f\":\"" + f
                + "\"" + rest + ",\"client\":\"c" + (process + 1) + "\"}\n";
    }

    private static String nemesis(int index, long ms, String f, String value, String host) {
        return "{\"index\":" + index + ",\"time\":" + ms * 1_000_000 + ",\"type\":\"info\",\"process\":\"nemesis\",\"f\":\"" + f
                + "\",\"value\":" + value + ",\"hosts\":[\"" + host + "\"]}\n";
    }

    private static RunResult result(String jsonl) throws IOException {
        var h = HistoryReader.read(new StringReader(jsonl), "test", HistoryFormat.JSONL);
        return new RunResult(Path.of("."), Checker.check(h, new FencedMutex(), SearchLimits.defaults()), List.of(), 1, null, null, RunTimings.NONE);
    }

    @Test
    void aDoubleHolderAfterTheFaultIsTiedToIt() throws IOException {
        RunResult r = result(RUN
                + op(1, 100, "invoke", 0, "acquire", "") + op(2, 110, "ok", 0, "acquire", ",\"value\":1")
                + nemesis(3, 200, "start-pause", "[\"client-c1-p0\"]", "c1")
                + op(4, 2500, "invoke", 1, "acquire", "") + op(5, 2600, "ok", 1, "acquire", ",\"value\":2")
                + nemesis(6, 4000, "stop-pause", "[\"client-c1-p0\"]", "c1")
                + op(7, 4100, "invoke", 0, "release", "") + op(8, 4110, "ok", 0, "release", "")
                + op(9, 4200, "invoke", 1, "release", "") + op(10, 4210, "ok", 1, "release", ""));
        assertTrue(Proof.tied(r).isPresent());
        assertTrue(Proof.line(r).contains("after pause client-c1-p0"), Proof.line(r));
    }

    @Test
    void aDoubleHolderWithNoFaultBeforeItIsNotTied() throws IOException {
        // the second grant comes first, the fault only afterwards: nothing ties the double holder to the fault
        RunResult r = result(RUN
                + op(1, 100, "invoke", 0, "acquire", "") + op(2, 110, "ok", 0, "acquire", ",\"value\":1")
                + op(3, 500, "invoke", 1, "acquire", "") + op(4, 600, "ok", 1, "acquire", ",\"value\":2")
                + nemesis(5, 700, "start-pause", "[\"client-c1-p0\"]", "c1")
                + nemesis(6, 900, "stop-pause", "[\"client-c1-p0\"]", "c1")
                + op(7, 1000, "invoke", 0, "release", "") + op(8, 1010, "ok", 0, "release", "")
                + op(9, 1100, "invoke", 1, "release", "") + op(10, 1110, "ok", 1, "release", ""));
        assertTrue(r.check().doubleHolderCount() >= 1);
        assertFalse(Proof.tied(r).isPresent(), Proof.line(r));
    }

    @TempDir
    Path dir;

    /** c1 cut off while it releases (its release unknown), c2 granted after c1's lease, then the heal, then c3 granted while c2 holds. */
    private RunResult lateRelease(long healMs) throws IOException {
        return lateRelease(300, healMs);
    }

    private RunResult lateRelease(long releaseMs, long healMs) throws IOException {
        String jsonl = RUN
                + op(1, 100, "invoke", 0, "acquire", "") + op(2, 110, "ok", 0, "acquire", ",\"value\":1")
                + "{\"index\":3,\"time\":200000000,\"type\":\"info\",\"process\":\"nemesis\",\"f\":\"start-partition\","
                + "\"value\":{\"c1\":[\"n1\"],\"n1\":[\"c1\"]},\"hosts\":[\"c1\",\"n1\"]}\n"
                + op(4, releaseMs, "invoke", 0, "release", "") + op(5, releaseMs + 2000, "info", 0, "release", ",\"error\":\"RedisCommandTimeoutException\"")
                + op(6, 2400, "invoke", 1, "acquire", "") + op(7, 2500, "ok", 1, "acquire", ",\"value\":2")
                + op(8, 2600, "invoke", 2, "acquire", "")
                + "{\"index\":9,\"time\":" + healMs * 1_000_000 + ",\"type\":\"info\",\"process\":\"nemesis\",\"f\":\"stop-partition\","
                + "\"value\":null,\"hosts\":[\"c1\",\"n1\"]}\n"
                + op(10, 4000, "ok", 2, "acquire", ",\"value\":3")
                + op(11, 5000, "invoke", 1, "release", "") + op(12, 5010, "ok", 1, "release", "")
                + op(13, 5100, "invoke", 2, "release", "") + op(14, 5110, "ok", 2, "release", "");
        Path run = java.nio.file.Files.createDirectories(dir.resolve("release-" + releaseMs + "-heal-" + healMs));
        java.nio.file.Files.writeString(run.resolve("history.jsonl"), jsonl);
        var h = HistoryReader.read(new StringReader(jsonl), "test", HistoryFormat.JSONL);
        return new RunResult(run, Checker.check(h, new FencedMutex(), SearchLimits.defaults()), List.of(), 1, null, null, RunTimings.NONE);
    }

    /** c1 granted token 1; c2's acquire, its replies lost, recorded unknown while token 2 went to no one told; c3 granted token 3 (or 2). */
    private RunResult lostReply(long thirdToken, boolean cut) throws IOException {
        String jsonl = RUN
                + op(1, 100, "invoke", 0, "acquire", "") + op(2, 110, "ok", 0, "acquire", ",\"value\":1")
                + op(3, 500, "invoke", 0, "release", "") + op(4, 510, "ok", 0, "release", "")
                + (cut ? "{\"index\":5,\"time\":600000000,\"type\":\"info\",\"process\":\"nemesis\",\"f\":\"start-partition\","
                + "\"value\":{\"c2\":[\"n1\"]},\"hosts\":[\"c2\",\"n1\"],\"cut\":\"inbound\"}\n" : "")
                + op(6, 700, "invoke", 1, "acquire", "") + op(7, 2700, "info", 1, "acquire", ",\"error\":\"RedisCommandTimeoutException\"")
                + op(8, 2800, "invoke", 2, "acquire", "") + op(9, 3710, "ok", 2, "acquire", ",\"value\":" + thirdToken)
                + op(10, 3800, "invoke", 2, "release", "") + op(11, 3810, "ok", 2, "release", "");
        Path run = java.nio.file.Files.createDirectories(dir.resolve("lost-" + thirdToken + "-" + cut));
        java.nio.file.Files.writeString(run.resolve("history.jsonl"), jsonl);
        var h = HistoryReader.read(new StringReader(jsonl), "test", HistoryFormat.JSONL);
        return new RunResult(run, Checker.check(h, new FencedMutex(), SearchLimits.defaults()), List.of(), 1, null, null, RunTimings.NONE);
    }

    @Test
    void aTokenNoOneWasGivenWhileAnAcquireWhoseRepliesWereLostWasInFlightIsAnUntoldGrant() throws IOException {
        RunResult r = lostReply(3, true);
        assertEquals(0, r.check().doubleHolderCount(), "an unknown acquire is no double holder");
        String proof = Proof.lostGrant(r).orElseThrow();
        assertTrue(proof.startsWith("token 2 went to no client that was told: process 1 (client c2)'s acquire from 700.000 ms"), proof);
        assertTrue(proof.contains("the next grant, token 3, came at 3.710 s, 3.010 s after that acquire began"), proof);
        // no token skipped, or no cut on the unknown acquire's client: nothing shows a grant no one was told of
        assertFalse(Proof.lostGrant(lostReply(2, true)).isPresent());
        assertFalse(Proof.lostGrant(lostReply(3, false)).isPresent());
    }

    /**
     * The same with a client that sends its SET again: c2's acquire is answered (refused, or granted
     * token 3 after the first grant expired), noted {@code note} or not; token 2 went to no one told.
     */
    private RunResult replayed(String outcome, String note, boolean unknownBeside) throws IOException {
        boolean refused = outcome.equals("fail");
        String jsonl = RUN
                + op(1, 100, "invoke", 0, "acquire", "") + op(2, 110, "ok", 0, "acquire", ",\"value\":1")
                + op(3, 500, "invoke", 0, "release", "") + op(4, 510, "ok", 0, "release", "")
                + "{\"index\":5,\"time\":600000000,\"type\":\"info\",\"process\":\"nemesis\",\"f\":\"start-partition\","
                + "\"value\":{\"c2\":[\"n1\"],\"c3\":[\"n1\"]},\"hosts\":[\"c2\",\"c3\",\"n1\"],\"cut\":\"inbound\"}\n"
                + op(6, 700, "invoke", 1, "acquire", "")
                + (unknownBeside ? op(7, 800, "invoke", 2, "acquire", "") + op(8, 2800, "info", 2, "acquire", ",\"error\":\"timeout\"") : "")
                + (refused ? op(9, 4600, "invoke", 0, "acquire", "") + op(10, 4610, "ok", 0, "acquire", ",\"value\":3")
                        + op(11, 4700, "fail", 1, "acquire", ",\"error\":\"NotAcquiredException: set\"" + note)
                        + op(12, 4800, "invoke", 0, "release", "") + op(13, 4810, "ok", 0, "release", "")
                        : op(11, 4700, "ok", 1, "acquire", ",\"value\":3" + note)
                        + op(12, 4800, "invoke", 1, "release", "") + op(13, 4810, "ok", 1, "release", ""));
        Path run = java.nio.file.Files.createDirectories(dir.resolve("replayed-" + outcome + "-" + note.length() + "-" + unknownBeside));
        java.nio.file.Files.writeString(run.resolve("history.jsonl"), jsonl);
        var h = HistoryReader.read(new StringReader(jsonl), "test", HistoryFormat.JSONL);
        return new RunResult(run, Checker.check(h, new FencedMutex(), SearchLimits.defaults()), List.of(), 1, null, null, RunTimings.NONE);
    }

    @Test
    void aSetSentAgainAndRefusedByItsOwnValueIsAnUntoldGrantWithEveryAcquireAnswered() throws IOException {
        String note = ",\"notes\":[\"the SET was sent again after: timeout\",\"refused by its own value\"]";
        for (String outcome : List.of("fail", "ok")) {
            RunResult r = replayed(outcome, note, false);
            String proof = Proof.replayRefusedOwnGrant(r, "refused by its own value").orElseThrow();
            assertTrue(proof.startsWith("token 2 went to no client that was told, and no acquire in flight for it is unknown: process 1"
                    + " (client c2)'s acquire from 700.000 ms, whose replies were lost, was noted: refused by its own value"), proof);
            assertTrue(proof.contains(outcome.equals("fail") ? "it was then refused at 4.700 s" : "it was then granted token 3 at 4.700 s"), proof);
            assertEquals(List.of("token 2"), Proof.untoldTokens(r).stream().map(Proof.Gap::tokens).toList());
            assertFalse(Proof.lostGrant(r).isPresent(), "no acquire is unknown");
        }
        // without the note nothing says the refusal was its own grant; beside an unknown acquire, that one may have taken it
        assertFalse(Proof.replayRefusedOwnGrant(replayed("fail", "", false), "refused by its own value").isPresent());
        RunResult beside = replayed("fail", note, true);
        assertFalse(Proof.replayRefusedOwnGrant(beside, "refused by its own value").isPresent());
        assertTrue(Proof.lostGrant(beside).isPresent());
    }

    @Test
    void aDoubleHolderAfterAReleaseThatTimedOutWhileCutOffAndTheHealIsALateRelease() throws IOException {
        RunResult r = lateRelease(3000);
        assertTrue(r.check().doubleHolderCount() >= 1);
        assertTrue(Proof.lateRelease(r).isPresent(), Proof.line(r));
        assertTrue(Proof.line(r).contains("release at 300.000 ms timed out while it was cut off"), Proof.line(r));
        // the heal came only after the second grant: the release could not have been delivered before it
        assertFalse(Proof.lateRelease(lateRelease(4500)).isPresent());
    }

    @Test
    void aReleaseSentJustBeforeTheCutAndLostInItIsALateReleaseToo() throws IOException {
        // the nemesis cut the holder off at 200 ms while its release, invoked at 150 ms, was still unanswered
        RunResult r = lateRelease(150, 3000);
        assertTrue(Proof.lateRelease(r).isPresent(), Proof.line(r));
    }

    @Test
    void aLogLineCountsForTheFaultOnlyWhenItWasWrittenUnderIt() throws IOException {
        RunResult r = lateRelease(3000); // a partition from 0.2 s to 3.0 s
        java.nio.file.Path logs = java.nio.file.Files.createDirectories(r.dir().resolve("logs"));
        java.nio.file.Files.writeString(logs.resolve("client-c2-p1.log"), "[    9.000 s | 03:45:30.000] ERROR Can't update locks [k] expiration\n");
        assertFalse(Proof.loggedDuringFault(r, "Can't update locks", java.time.Duration.ofMillis(2500)).isPresent(), "6 s after the heal");
        java.nio.file.Files.writeString(logs.resolve("client-c3-p2.log"), "[    1.000 s | 03:45:22.000] starting\n"
                + "[    4.900 s | 03:45:26.000] ERROR Can't update locks [k] expiration\n");
        String found = Proof.loggedDuringFault(r, "Can't update locks", java.time.Duration.ofMillis(2500)).orElseThrow();
        assertTrue(found.startsWith("c3's log at 4.900 s, under partition") && found.endsWith("Can't update locks [k] expiration"), found);
    }

    @Test
    void aNotedGrantTiesTheIncidentItIsPartOf() throws IOException {
        RunResult r = result(RUN
                + op(1, 100, "invoke", 0, "acquire", "") + op(2, 110, "ok", 0, "acquire", ",\"value\":1,\"notes\":[\"granted by a node this session does not own\"]")
                + op(3, 500, "invoke", 1, "acquire", "") + op(4, 600, "ok", 1, "acquire", ",\"value\":2")
                + op(5, 1000, "invoke", 0, "release", "") + op(6, 1010, "ok", 0, "release", "")
                + op(7, 1100, "invoke", 1, "release", "") + op(8, 1110, "ok", 1, "release", ""));
        assertTrue(Proof.noted(r, "does not own").isPresent());
        assertFalse(Proof.noted(r, "key gone").isPresent());
    }

    @Test
    void safetyWithoutAGrantDuringTheFaultIsSafetyByUnavailability() throws IOException {
        String unavailable = RUN
                + nemesis(1, 100, "start-pause", "[\"redis-n1\"]", "n1")
                + op(2, 200, "invoke", 0, "acquire", "") + op(3, 1200, "fail", 0, "acquire", ",\"error\":\"timed out\"")
                + nemesis(4, 1300, "stop-pause", "[\"redis-n1\"]", "n1")
                + op(5, 1400, "invoke", 0, "acquire", "") + op(6, 1410, "ok", 0, "acquire", ",\"value\":1")
                + op(7, 1500, "invoke", 0, "release", "") + op(8, 1510, "ok", 0, "release", "");
        assertEquals(0, Proof.grantsDuringFaults(result(unavailable)));
        assertTrue(Proof.availability(result(unavailable)).startsWith("safe by unavailability"));
        String available = RUN
                + nemesis(1, 100, "start-pause", "[\"redis-n1\"]", "n1")
                + op(2, 200, "invoke", 0, "acquire", "") + op(3, 210, "ok", 0, "acquire", ",\"value\":1")
                + op(4, 300, "invoke", 0, "release", "") + op(5, 310, "ok", 0, "release", "")
                + nemesis(6, 1300, "stop-pause", "[\"redis-n1\"]", "n1");
        assertEquals(1, Proof.grantsDuringFaults(result(available)));
        assertTrue(Proof.availability(result(available)).startsWith("available under the fault"));
    }
}
