package dev.lockstorm.checker.io;

import dev.lockstorm.checker.CheckResult;
import dev.lockstorm.checker.Checker;
import dev.lockstorm.checker.Summary;
import dev.lockstorm.checker.Verdict;
import dev.lockstorm.checker.history.History;
import dev.lockstorm.checker.history.HistoryFormatException;
import dev.lockstorm.checker.history.Op;
import dev.lockstorm.checker.history.RunFacts;
import dev.lockstorm.checker.linear.SearchLimits;
import dev.lockstorm.checker.model.FencedMutex;
import dev.lockstorm.checker.model.Models;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.OutputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.zip.GZIPOutputStream;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Histories people paste in: every one is read as what it says or refused with the file, the line
 * and what was expected; none is dropped into a verdict it did not earn, and none crashes the reader.
 */
@Tag("unit")
class HostileInputTest {
    @TempDir
    Path dir;

    private static History read(String text, HistoryFormat f) throws IOException {
        return HistoryReader.read(new StringReader(text), "h", f);
    }

    private static HistoryFormatException bad(String text, HistoryFormat f) {
        return assertThrows(HistoryFormatException.class, () -> read(text, f));
    }

    private static CheckResult check(History h) {
        return Checker.check(h, Models.infer(h, false), SearchLimits.withTimeLimit(Duration.ofSeconds(10)));
    }

    @Test
    void aRunEventWhoseLeaseModelIsNoModelIsRefusedByItsLine() {
        HistoryFormatException e = bad("""
                {"type":"info","process":"nemesis","f":"run","value":{"lease_ms":4000,"lease_model":{"kind":"renewed","ttl_ms":4000,"clock":"service","judges":"one"}}}
                """, HistoryFormat.JSONL);
        assertTrue(e.getMessage().startsWith("h:1: ") && e.getMessage().contains("\"interval_ms\" must be a positive number"), e.getMessage());
        HistoryFormatException kind = bad("""
                {"type":"info","process":"nemesis","f":"run","value":{"lease_model":"forever"}}
                """, HistoryFormat.JSONL);
        assertTrue(kind.getMessage().contains("\"lease_model\" must be an object"), kind.getMessage());
    }

    @Test
    void aLeaseThatIsNoLeaseIsRefusedByItsLineRatherThanOverflowing() {
        // 2^63-1 ms once overflowed to a -1 ms lease, and every grant was "past its -1.000 ms lease"
        for (String lease : new String[]{"9223372036854775807", "0", "-2000", "2.5", "\"4000\"", "9223372036855"}) {
            HistoryFormatException e = bad("{\"type\":\"info\",\"process\":\"nemesis\",\"f\":\"run\",\"value\":{\"lease_ms\":" + lease + "}}\n",
                    HistoryFormat.JSONL);
            assertTrue(e.getMessage().startsWith("h:1: \"lease_ms\" ") && e.getMessage().contains("is not a lease; expected whole milliseconds from 1 to"),
                    lease + ": " + e.getMessage());
        }
        // the longest a history's nanoseconds can hold is still a lease
        assertTrue(assertDoesNotThrow(() -> read("{\"type\":\"info\",\"process\":\"nemesis\",\"f\":\"run\",\"value\":{\"lease_ms\":"
                + RunFacts.MAX_LEASE_MS + "}}\n", HistoryFormat.JSONL)).size() == 1);
    }

    @Test
    void aLeaderWatchIntervalThatIsNoIntervalIsRefusedByItsLine() {
        // it says how late the watch may have named a leader: a misread one would count a clock the lease was not timed on
        for (String every : new String[]{"0", "-500", "0.5", "\"500\"", "9223372036855"}) {
            HistoryFormatException e = bad("{\"type\":\"info\",\"process\":\"nemesis\",\"f\":\"run\",\"value\":{\"leader_watch_ms\":" + every + "}}\n",
                    HistoryFormat.JSONL);
            assertTrue(e.getMessage().startsWith("h:1: \"leader_watch_ms\" ") && e.getMessage().contains("expected whole milliseconds"),
                    every + ": " + e.getMessage());
        }
        assertEquals(java.util.OptionalLong.of(500_000_000L), new RunFacts(java.util.Map.of("leader_watch_ms", 500)).leaderWatchNanos());
    }

    @Test
    void aFencingModeThatIsNoneOfTheThreeIsRefusedByItsLine() {
        // the mode decides whether a read raises the resource's bar: a misspelt one must not silently mean "writes"
        for (String mode : new String[]{"\"All\"", "\"reads\"", "1", "null"}) {
            HistoryFormatException e = bad("{\"type\":\"info\",\"process\":\"nemesis\",\"f\":\"run\",\"value\":{\"fencing\":" + mode + "}}\n",
                    HistoryFormat.JSONL);
            assertTrue(e.getMessage().startsWith("h:1: \"fencing\" ") && e.getMessage().contains("expected one of [none, writes, all]"),
                    mode + ": " + e.getMessage());
        }
    }

    @Test
    void checkpointsThatPlaceNothingAreRefusedByTheirLine() {
        // where a point lies decides whether a freeze there delayed a grant or outlasted a lease: a misspelt place must not mean either
        for (String points : new String[]{"[\"after-get\"]", "{\"after-get\":\"before\"}", "{\"after-get\":1}", "\"after-get\""}) {
            HistoryFormatException e = bad("{\"type\":\"info\",\"process\":\"nemesis\",\"f\":\"run\",\"value\":{\"checkpoints\":" + points + "}}\n",
                    HistoryFormat.JSONL);
            assertTrue(e.getMessage().startsWith("h:1: \"checkpoints\" ") && e.getMessage().contains("expected an object such as {\"after-get\": \"before-grant\"}")
                    && e.getMessage().contains("[before-grant, after-grant]"), points + ": " + e.getMessage());
        }
        assertEquals(java.util.Map.of("after-get", dev.lockstorm.api.Checkpoints.Place.BEFORE_GRANT),
                new RunFacts(java.util.Map.of("checkpoints", java.util.Map.of("after-get", "before-grant"))).checkpoints());
    }

    @Test
    void aFaultsMalformedValueIsRefusedByItsLineNeverUsedToExplain() {
        String[][] cases = {
                {"start-partition", "{\"c1\":[\"n1\"]}", ",\"cut\":\"sideways\"", "cut \"sideways\" is no way to cut"},
                {"start-loss", "{\"percent\":\"abc\",\"from\":{\"n1\":[\"c1\"]}}", "", "percent \"abc\" is not a percent"},
                {"start-loss", "{\"percent\":250,\"from\":{\"n1\":[\"c1\"]}}", "", "percent 250 is not a percent"},
                {"start-slow", "{\"kbit\":-5,\"to\":{\"c1\":[\"n1\"]}}", "", "kbit -5 is not a bandwidth"},
                {"start-delay", "{\"ms\":200,\"to\":[\"c1\",\"n1\"]}", "", "to [\"c1\", \"n1\"] is not each host with the hosts it names"},
                {"start-delay", "{\"ms\":200,\"jitter_ms\":-1,\"to\":{\"c1\":[\"n1\"]}}", "", "jitter_ms -1 is not a jitter"},
                // a delay past what nanoseconds hold would wrap round into one that lands before it was sent
                {"start-delay", "{\"ms\":1e18,\"to\":{\"c1\":[\"n1\"]}}", "", "at most 9,223,372,036,854"},
                {"clock-jump", "{\"process\":\"redis-n1\",\"delta_ms\":\"lots\"}", "", "delta_ms \"lots\" is not a number"},
                // a move past what nanoseconds hold would wrap round: ahead read as back, and back as ahead
                {"clock-jump", "{\"process\":\"redis-n1\",\"delta_ms\":9300000000000}", "", "at most 9,223,372,036,854 either way"},
                {"start-clock-strobe", "{\"process\":\"redis-n1\",\"delta_ms\":-1e300}", "", "delta_ms -1.0E300 is not a number of milliseconds"},
        };
        for (String[] c : cases) {
            String line = "{\"type\":\"info\",\"process\":\"nemesis\",\"f\":\"" + c[0] + "\",\"value\":" + c[1] + c[2] + "}\n";
            HistoryFormatException e = bad("{\"type\":\"invoke\",\"process\":0,\"f\":\"acquire\"}\n" + line, HistoryFormat.JSONL);
            assertTrue(e.getMessage().startsWith("h:2: " + c[0] + ": ") && e.getMessage().contains(c[3]), c[0] + ": " + e.getMessage());
        }
        // the same events well formed are read
        assertDoesNotThrow(() -> read("{\"type\":\"info\",\"process\":\"nemesis\",\"f\":\"start-loss\",\"value\":{\"percent\":40,"
                + "\"from\":{\"n1\":[\"c1\"]}}}\n{\"type\":\"info\",\"process\":\"nemesis\",\"f\":\"start-partition\",\"value\":"
                + "{\"c1\":[\"n1\"]},\"cut\":\"inbound\"}\n", HistoryFormat.JSONL));
    }

    @Test
    void aHistoryRecordsItsRunOnce() {
        // two leases, two models: the verdict would rest on whichever came first
        String run = "{\"type\":\"info\",\"process\":\"nemesis\",\"f\":\"run\",\"value\":{\"lease_ms\":";
        HistoryFormatException e = bad(run + "100}}\n" + run + "4000}}\n", HistoryFormat.JSONL);
        assertTrue(e.getMessage().startsWith("h:2: a second run event (the first at line 1)"), e.getMessage());
    }

    @Test
    void theNemesisTakesNoLockAndTouchesNoResource() {
        // a client's operation written under the nemesis's name would be dropped unjudged: bad input naming its line
        for (String f : new String[]{"acquire", "release", "acquire-write", "write", "read"}) {
            HistoryFormatException e = bad("{\"type\":\"invoke\",\"process\":0,\"f\":\"acquire\"}\n{\"type\":\"ok\",\"process\":\"nemesis\",\"f\":\""
                    + f + "\",\"value\":null}\n", HistoryFormat.JSONL);
            assertTrue(e.getMessage().startsWith("h:2: " + f + " by process \"nemesis\""), e.getMessage());
        }
    }

    @Test
    void aReadOrWriteGrantsTokenIsValidatedLikeAnAcquires() {
        for (String f : new String[]{"acquire-read", "acquire-write"}) {
            for (String token : new String[]{"2.5", "\"7\""}) {
                HistoryFormatException e = bad("{\"type\":\"invoke\",\"process\":1,\"f\":\"" + f + "\"}\n{\"type\":\"ok\",\"process\":1,\"f\":\""
                        + f + "\",\"value\":" + token + "}\n", HistoryFormat.JSONL);
                assertTrue(e.getMessage().startsWith("h:2: token " + token + " of an ok " + f + " is not an integer"), e.getMessage());
            }
        }
    }

    @Test
    void aBeliefTheCheckerWouldMisreadIsRefusedByItsLine() {
        String[][] cases = {
                {"\"still_held\":\"yes\"", "still_held \"yes\" of a write; expected true, false or \"unknown\""},
                {"\"still_held\":true,\"still_held_asked\":\"soon\",\"still_held_at\":5", "still_held_asked \"soon\" of a write is not a time"},
                {"\"still_held\":true,\"still_held_at\":1.5", "still_held_at 1.5 of a write is not a time"},
                {"\"still_held\":true,\"still_held_at\":-3", "still_held_at -3 of a write is not a time"},
                {"\"still_held\":true,\"still_held_asked\":9,\"still_held_at\":5", "still_held_asked 9 of a write is after its still_held_at 5"},
                {"\"still_held\":true,\"attached\":\"n1\"", "attached \"n1\" of a write; expected a list of the servers"},
                {"\"still_held\":true,\"attached\":[]", "attached [] of a write; expected a list of the servers"},
                {"\"still_held\":true,\"attached\":[1]", "attached [1] of a write; expected a list of the servers"},
        };
        String invoke = "{\"type\":\"invoke\",\"process\":0,\"f\":\"write\",\"value\":{\"token\":1,\"value\":1}}\n";
        for (String[] c : cases) {
            HistoryFormatException e = bad(invoke + "{\"type\":\"ok\",\"process\":0,\"f\":\"write\"," + c[0] + "}\n", HistoryFormat.JSONL);
            assertTrue(e.getMessage().startsWith("h:2: " + c[1]), c[0] + ": " + e.getMessage());
        }
        // a careful holder's last "yes" rides on its release's invocation, read against the same rules
        String released = "{\"type\":\"invoke\",\"process\":0,\"f\":\"release\",\"gave_up\":\"no longer held\",";
        for (String[] c : new String[][]{{"\"still_held\":\"yes\"", "still_held \"yes\" of a release"},
                {"\"still_held\":true,\"still_held_asked\":9,\"still_held_at\":5", "still_held_asked 9 of a release is after its still_held_at 5"}}) {
            HistoryFormatException e = bad(released + c[0] + "}\n", HistoryFormat.JSONL);
            assertTrue(e.getMessage().startsWith("h:1: " + c[1]), c[0] + ": " + e.getMessage());
        }
        // quoted as the line wrote it, after its article
        HistoryFormatException grant = bad("{\"type\":\"invoke\",\"process\":0,\"f\":\"acquire\"}\n{\"type\":\"ok\",\"process\":0,"
                + "\"f\":\"acquire\",\"value\":1,\"attached\":[\"n1\",{\"a\":null}]}\n", HistoryFormat.JSONL);
        assertTrue(grant.getMessage().startsWith("h:2: attached [\"n1\", {\"a\": null}] of an acquire; expected a list"), grant.getMessage());
        // answered after the event that carries it: judged, it could turn a grant the holder never saw into its defect
        HistoryFormatException late = bad(invoke.replace("{\"type\"", "{\"time\":1,\"type\"") + "{\"time\":4,\"type\":\"ok\",\"process\":0,"
                + "\"f\":\"write\",\"still_held\":true,\"still_held_asked\":3,\"still_held_at\":5}\n", HistoryFormat.JSONL);
        assertTrue(late.getMessage().startsWith("h:2: still_held_at 5 of a write is after the completion that carries it (time 4)"),
                late.getMessage());
        HistoryFormatException lateAsk = bad("{\"time\":4,\"type\":\"invoke\",\"process\":0,\"f\":\"release\",\"still_held\":true,"
                + "\"still_held_asked\":6}\n", HistoryFormat.JSONL);
        assertTrue(lateAsk.getMessage().startsWith("h:1: still_held_asked 6 of a release is after the invocation that carries it"),
                lateAsk.getMessage());
        // well formed, and a client that could not say
        for (String ok : new String[]{"\"still_held\":true,\"still_held_asked\":3,\"still_held_at\":5", "\"still_held\":\"unknown\""}) {
            assertDoesNotThrow(() -> read(invoke + "{\"type\":\"ok\",\"process\":0,\"f\":\"write\"," + ok + "}\n", HistoryFormat.JSONL));
        }
    }

    // 1. processes named by strings or keywords are clients

    @Test
    void stringProcessesAreClientsAndTheirDoubleGrantIsInvalid() throws IOException {
        History h = read("""
                {"type":"invoke","process":"c1","f":"acquire","value":null}
                {"type":"ok","process":"c1","f":"acquire","value":1}
                {"type":"invoke","process":"c2","f":"acquire","value":null}
                {"type":"ok","process":"c2","f":"acquire","value":2}
                {"type":"info","process":"nemesis","f":"start-partition","value":null}
                """, HistoryFormat.JSONL);
        assertEquals(2, h.processes().size());
        assertEquals(Op.NEMESIS, h.get(4).process());
        CheckResult r = check(h);
        assertEquals(Verdict.INVALID, r.verdict());
        assertEquals(2, r.stats().operations());
        assertEquals(1, r.doubleHolderCount());
        assertTrue(r.doubleHolders().get(0).explanation().startsWith("process c2 acquired"), r.doubleHolders().get(0).explanation());
        assertTrue(Summary.of(r).contains("process c2 acquired at event 3 (token 2) while process c1 held the lock"), Summary.of(r));
    }

    @Test
    void ednKeywordProcessesAreClientsToo() throws IOException {
        History h = read("""
                [{:process :c1, :type :invoke, :f :acquire, :value nil}
                 {:process :c1, :type :ok, :f :acquire, :value nil}
                 {:process :c2, :type :invoke, :f :acquire, :value nil}
                 {:process :c2, :type :ok, :f :acquire, :value nil}]
                """, HistoryFormat.EDN);
        assertEquals(Verdict.INVALID, check(h).verdict());
        assertEquals("c1", h.get(0).processLabel());
        assertTrue(h.get(0).process() != h.get(2).process());
    }

    @Test
    void aNamedProcessIsWrittenBackByName(@TempDir Path out) throws IOException {
        History h = read("{\"type\":\"invoke\",\"process\":\"c1\",\"f\":\"acquire\",\"value\":null}\n", HistoryFormat.JSONL);
        Path f = out.resolve("h.jsonl");
        HistoryWriter.write(h, f);
        assertEquals("{\"index\":0,\"type\":\"invoke\",\"process\":\"c1\",\"f\":\"acquire\",\"value\":null}\n", Files.readString(f));
    }

    @Test
    void aProcessIdNoFormatAllowsIsBadInput() {
        for (String p : new String[]{"-2", "1.5", "{\"id\":1}", "\"\"", "[1]", "true"}) {
            HistoryFormatException e = bad("{\"type\":\"invoke\",\"process\":" + p + ",\"f\":\"acquire\",\"value\":null}\n", HistoryFormat.JSONL);
            assertTrue(e.getMessage().startsWith("h:1: process") && e.getMessage().contains("expected a whole number"), e.getMessage());
        }
    }

    // 2. one rule for the lock field

    @Test
    void aCompletionInheritsItsInvocationsLock() throws IOException {
        History h = read("""
                {"type":"invoke","process":0,"f":"acquire","value":null,"lock":"a"}
                {"type":"ok","process":0,"f":"acquire","value":1}
                {"type":"invoke","process":1,"f":"acquire","value":null,"lock":"b"}
                {"type":"ok","process":1,"f":"acquire","value":1}
                """, HistoryFormat.JSONL);
        assertEquals("a", h.get(1).extra("lock"));
        CheckResult r = check(h);
        assertEquals(Verdict.VALID, r.verdict(), Summary.of(r));
        assertEquals(0, r.doubleHolderCount());
        assertEquals(0, r.tokenViolations(), "token 1 on lock a and token 1 on lock b are no duplicate");
    }

    @Test
    void aCompletionNamingAnotherLockIsBadInput() {
        HistoryFormatException e = bad("""
                {"type":"invoke","process":0,"f":"acquire","value":null,"lock":"a"}
                {"type":"ok","process":0,"f":"acquire","value":1,"lock":"b"}
                """, HistoryFormat.JSONL);
        assertEquals("h:2: completion of acquire by process 0 names lock \"b\" but its invocation at line 1 names lock \"a\";"
                + " a completion belongs to its invocation's lock", e.getMessage());
        HistoryFormatException none = bad("""
                {"type":"invoke","process":0,"f":"acquire","value":null}
                {"type":"ok","process":0,"f":"acquire","value":1,"lock":"b"}
                """, HistoryFormat.JSONL);
        assertTrue(none.getMessage().contains("its invocation at line 1 names none"), none.getMessage());
    }

    // 7. nothing crashes into exit 1

    @Test
    void deeplyNestedValuesAreBadInputNotACrash() {
        String deepJson = "[".repeat(100_000) + "]".repeat(100_000);
        HistoryFormatException j = bad("{\"type\":\"invoke\",\"process\":0,\"f\":\"write\",\"value\":" + deepJson + "}\n", HistoryFormat.JSONL);
        assertTrue(j.getMessage().startsWith("h:1:") && j.getMessage().contains("nested deeper than"), j.getMessage());
        String deepEdn = "[{:process 0 :type :invoke :f :write :value " + "[".repeat(100_000) + "]".repeat(100_000) + "}]";
        HistoryFormatException e = bad(deepEdn, HistoryFormat.EDN);
        assertTrue(e.getMessage().contains("nested deeper than 200 levels"), e.getMessage());
    }

    @Test
    void longRunsOfDiscardsAndTagsAreRead() throws IOException {
        String discards = "[" + "#_ 1 ".repeat(200_000) + "{:process 0 :type :invoke :f :read :value nil}]";
        assertEquals(1, read(discards, HistoryFormat.EDN).size());
        String stacked = "[" + "#_ ".repeat(100_000) + "1 ".repeat(100_000) + "{:process 0 :type :invoke :f :read :value nil}]";
        assertEquals(1, read(stacked, HistoryFormat.EDN).size());
        String tags = "[" + "#jepsen.history.Op ".repeat(100_000) + "{:process 0 :type :invoke :f :read :value nil}]";
        assertEquals(1, read(tags, HistoryFormat.EDN).size());
        HistoryFormatException e = bad("[{:process 0 :type :invoke :f :read :value nil} #_]", HistoryFormat.EDN);
        assertTrue(e.getMessage().contains("EDN"), e.getMessage());
    }

    // 8. no events is not valid by accident

    @Test
    void aFileThatGivesNoEventsInItsFormatIsBadInput() {
        HistoryFormatException log = bad("2024-01-01 INFO  jepsen.core - Running test\n2024-01-01 INFO  jepsen.core - done\n", HistoryFormat.JEPSEN_LOG);
        assertTrue(log.getMessage().startsWith("h:1: no Jepsen op line in 2 lines; expected the jepsen-log format"), log.getMessage());
        HistoryFormatException jsonAsLog = bad("{\"type\":\"invoke\",\"process\":0,\"f\":\"read\",\"value\":null}\n", HistoryFormat.JEPSEN_LOG);
        assertTrue(jsonAsLog.getMessage().contains("use --format jsonl or edn"), jsonAsLog.getMessage());
    }

    @Test
    void aHistoryWithoutClientOperationsIsValidAndSaysSo() throws IOException {
        for (HistoryFormat f : new HistoryFormat[]{HistoryFormat.JSONL, HistoryFormat.EDN, HistoryFormat.JEPSEN_LOG}) {
            History h = read("\n  \n", f);
            CheckResult r = Checker.check(h, new FencedMutex(), SearchLimits.defaults());
            assertEquals(Verdict.VALID, r.verdict());
            assertTrue(Summary.of(r).startsWith("h: VALID (empty history: no events)"), Summary.of(r));
        }
        // events, but none of a client: vacuously valid, and said so
        History faultsOnly = read("{\"type\":\"info\",\"process\":\"nemesis\",\"f\":\"start-pause\",\"value\":[\"c1\"]}\n", HistoryFormat.JSONL);
        CheckResult r = Checker.check(faultsOnly, new FencedMutex(), SearchLimits.defaults());
        assertTrue(Summary.of(r).startsWith("h: VALID (no client operation: nothing was checked)"), Summary.of(r));
    }

    // 10. errors that say where

    @Test
    void gzipIsNamed() throws IOException {
        Path f = dir.resolve("history.jsonl");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(f))) {
            out.write("{\"type\":\"invoke\",\"process\":0,\"f\":\"read\",\"value\":null}\n".getBytes(StandardCharsets.UTF_8));
        }
        HistoryFormatException e = assertThrows(HistoryFormatException.class, () -> HistoryReader.read(f, HistoryFormat.AUTO));
        assertEquals(f + ": gzip-compressed; expected a text history (decompress it first: gunzip)", e.getMessage());
    }

    @Test
    void bytesThatAreNotUtf8AreFoundByLine() throws IOException {
        Path f = dir.resolve("history.jsonl");
        byte[] good = ("{\"type\":\"invoke\",\"process\":0,\"f\":\"read\",\"value\":null}\n"
                + "{\"type\":\"ok\",\"process\":0,\"f\":\"read\",\"value\":null}\n").getBytes(StandardCharsets.UTF_8);
        byte[] bad = "{\"type\":\"invoke\",\"process\":0,\"f\":\"read\",\"value\":\"caf\u00e9\"}\n".getBytes(StandardCharsets.ISO_8859_1);
        byte[] all = new byte[good.length + bad.length];
        System.arraycopy(good, 0, all, 0, good.length);
        System.arraycopy(bad, 0, all, good.length, bad.length);
        Files.write(f, all);
        for (HistoryFormat fmt : new HistoryFormat[]{HistoryFormat.AUTO, HistoryFormat.JSONL}) {
            HistoryFormatException e = assertThrows(HistoryFormatException.class, () -> HistoryReader.read(f, fmt));
            assertTrue(e.getMessage().startsWith(f + ":3: byte 0xe9 at offset") && e.getMessage().endsWith("is not UTF-8; expected UTF-8 text"),
                    e.getMessage());
        }
    }

    @Test
    void everyByteOfTheFileIsStrictUtf8NotOnlyItsFirstFourKilobytes() throws IOException {
        StringBuilder head = new StringBuilder();
        while (head.length() < 6000) head.append("{\"type\":\"invoke\",\"process\":0,\"f\":\"read\",\"value\":null}\n")
                .append("{\"type\":\"ok\",\"process\":0,\"f\":\"read\",\"value\":null}\n");
        long lines = head.chars().filter(c -> c == '\n').count();
        // an overlong '/', a surrogate written as UTF-8, a code point past U+10FFFF, a sequence cut short at the end
        int[][] sequences = {{0xE0, 0x80, 0xAF}, {0xED, 0xA0, 0x80}, {0xF4, 0x90, 0x80, 0x80}, {0xC3}};
        for (int[] seq : sequences) {
            java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
            out.write(head.toString().getBytes(StandardCharsets.UTF_8));
            out.write("{\"type\":\"invoke\",\"process\":0,\"f\":\"write\",\"value\":\"x".getBytes(StandardCharsets.UTF_8));
            for (int b : seq) out.write(b);
            if (seq.length > 1) out.write("\"}\n".getBytes(StandardCharsets.UTF_8));
            Path f = dir.resolve("late.jsonl");
            Files.write(f, out.toByteArray());
            for (HistoryFormat fmt : new HistoryFormat[]{HistoryFormat.AUTO, HistoryFormat.JSONL}) {
                HistoryFormatException e = assertThrows(HistoryFormatException.class, () -> HistoryReader.read(f, fmt),
                        "sequence " + java.util.Arrays.toString(seq));
                assertTrue(e.getMessage().startsWith(f + ":" + (lines + 1) + ": ") && e.getMessage().contains("is not UTF-8"), e.getMessage());
            }
        }
    }

    @Test
    void aByteOrderMarkIsNoPartOfTheHistory() throws IOException {
        Path only = dir.resolve("bom.jsonl");
        Files.write(only, new byte[]{(byte) 0xEF, (byte) 0xBB, (byte) 0xBF});
        assertEquals(0, HistoryReader.read(only, HistoryFormat.AUTO).size(), "a file of only a byte-order mark is an empty history");
        Path unnamed = dir.resolve("bom-history");
        Files.write(unnamed, ("\uFEFF{\"type\":\"invoke\",\"process\":0,\"f\":\"acquire\"}\n").getBytes(StandardCharsets.UTF_8));
        assertEquals(1, HistoryReader.read(unnamed, HistoryFormat.AUTO).size(), "the format told from what follows the mark");
        Path edn = dir.resolve("bom.edn");
        Files.write(edn, ("\uFEFF[{:type :invoke, :process 0, :f :acquire}]\n").getBytes(StandardCharsets.UTF_8));
        assertEquals(1, HistoryReader.read(edn, HistoryFormat.AUTO).size());
    }
}
