package dev.lockstorm.checker.io;

import dev.lockstorm.checker.history.History;
import dev.lockstorm.checker.history.HistoryFormatException;
import dev.lockstorm.checker.history.Op;
import dev.lockstorm.checker.history.OpType;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.StringReader;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

@Tag("unit")
class HistoryIoTest {
    @TempDir
    Path dir;

    private static History jsonl(String text) throws IOException {
        return HistoryReader.read(new StringReader(text), "h.jsonl", HistoryFormat.JSONL);
    }

    private static HistoryFormatException badJsonl(String text) {
        return assertThrows(HistoryFormatException.class, () -> jsonl(text));
    }

    @Test
    void jsonlRoundTripKeepsExtraFields() throws IOException {
        String text = """
                {"index":0,"time":5,"type":"invoke","process":3,"f":"acquire","value":null,"client":"c3","node":"n1"}
                {"index":1,"time":9,"type":"ok","process":3,"f":"acquire","value":17,"latency":4}
                {"index":2,"time":10,"type":"info","process":"nemesis","f":"start-partition","value":{"grudge":{"n1":["n2"]}}}
                {"index":3,"time":11,"type":"invoke","process":3,"f":"write","value":{"token":17,"value":1}}
                """;
        History h = jsonl(text);
        assertEquals(4, h.size());
        assertEquals(17L, h.get(1).value());
        assertEquals("c3", h.get(0).extra("client"));
        assertEquals(Op.NEMESIS, h.get(2).process());
        assertEquals(1, h.incompleteInvocations());
        Path out = dir.resolve("out.jsonl");
        HistoryWriter.write(h, out);
        assertEquals(text, Files.readString(out));
    }

    @Test
    void writerNeverOverwritesAHistory() throws IOException {
        Path f = dir.resolve("history.jsonl");
        try (HistoryWriter w = HistoryWriter.create(f)) {
            w.append(Op.of(0, 1, OpType.INVOKE, 0, "acquire", null));
        }
        assertThrows(FileAlreadyExistsException.class, () -> HistoryWriter.create(f));
        assertEquals(1, Files.readAllLines(f).size());
    }

    @Test
    void completionWithoutInvocationNamesTheLine() {
        var e = badJsonl("{\"type\":\"invoke\",\"process\":1,\"f\":\"read\"}\n{\"type\":\"ok\",\"process\":2,\"f\":\"read\"}\n");
        assertEquals("h.jsonl:2: ok by process 2 without an invocation; expected an invoke first", e.getMessage());
    }

    @Test
    void twoInvocationsInARow() {
        var e = badJsonl("{\"type\":\"invoke\",\"process\":1,\"f\":\"read\"}\n\n{\"type\":\"invoke\",\"process\":1,\"f\":\"write\"}\n");
        assertTrue(e.getMessage().startsWith("h.jsonl:3: second invocation by process 1 while its read invoked at line 1"), e.getMessage());
    }

    @Test
    void opAfterInfo() {
        var e = badJsonl("""
                {"type":"invoke","process":1,"f":"read"}
                {"type":"info","process":1,"f":"read"}
                {"type":"invoke","process":1,"f":"read"}
                """);
        assertTrue(e.getMessage().startsWith("h.jsonl:3: invoke by process 1 after its info at line 2"), e.getMessage());
    }

    @Test
    void unknownType() {
        var e = badJsonl("{\"type\":\"done\",\"process\":1,\"f\":\"read\"}\n");
        assertEquals("h.jsonl:1: unknown type \"done\"; expected invoke, ok, fail or info", e.getMessage());
    }

    @Test
    void nonIntegerToken() {
        var e = badJsonl("{\"type\":\"invoke\",\"process\":1,\"f\":\"acquire\"}\n{\"type\":\"ok\",\"process\":1,\"f\":\"acquire\",\"value\":\"seven\"}\n");
        assertTrue(e.getMessage().startsWith("h.jsonl:2: token \"seven\" of an ok acquire is not an integer"), e.getMessage());
        var w = badJsonl("{\"type\":\"invoke\",\"process\":1,\"f\":\"write\",\"value\":{\"token\":1.5,\"value\":2}}\n");
        assertTrue(w.getMessage().startsWith("h.jsonl:1: token 1.5 of a write is not an integer"), w.getMessage());
    }

    @Test
    void malformedLine() {
        var e = badJsonl("{\"type\":\"invoke\",\"process\":1,\"f\":\"read\"}\n{\"type\":\"ok\",\n");
        assertTrue(e.getMessage().startsWith("h.jsonl:2: malformed JSON"), e.getMessage());
        assertTrue(e.getMessage().endsWith("expected one JSON object per line"), e.getMessage());
    }

    /** Well-formed JSON that lockstorm cannot hold is said as such, from text and from a file alike: never "malformed". */
    @Test
    void aNumberBeyond64BitsIsSaidSoNotMalformed() throws IOException {
        String text = "{\"type\":\"invoke\",\"process\":1,\"f\":\"acquire\"}\n{\"type\":\"ok\",\"process\":1,\"f\":\"acquire\",\"value\":18446744073709551616}\n";
        Path file = dir.resolve("big.jsonl");
        Files.writeString(file, text);
        for (HistoryFormatException e : List.of(badJsonl(text),
                assertThrows(HistoryFormatException.class, () -> HistoryReader.read(file, HistoryFormat.JSONL)))) {
            assertTrue(e.getMessage().contains(".jsonl:2: a number beyond a 64-bit integer"), e.getMessage());
            assertTrue(e.getMessage().endsWith("expected integers from -9223372036854775808 to 9223372036854775807"), e.getMessage());
        }
    }

    @Test
    void missingFields() {
        assertTrue(badJsonl("{\"process\":1,\"f\":\"read\"}\n").getMessage().contains("no \"type\""));
        assertTrue(badJsonl("{\"type\":\"invoke\",\"f\":\"read\"}\n").getMessage().contains("no \"process\""));
        assertTrue(badJsonl("{\"type\":\"invoke\",\"process\":1}\n").getMessage().contains("no \"f\""));
        assertTrue(badJsonl("{\"type\":\"invoke\",\"process\":-4,\"f\":\"read\"}\n").getMessage().contains("process -4"));
    }

    @Test
    void completionMustMatchItsInvocation() {
        var e = badJsonl("{\"type\":\"invoke\",\"process\":1,\"f\":\"read\"}\n{\"type\":\"ok\",\"process\":1,\"f\":\"write\"}\n");
        assertTrue(e.getMessage().contains("does not match its invocation read at line 1"), e.getMessage());
    }

    @Test
    void incompleteInvocationsAtTheEndCountAsInfo() throws IOException {
        History h = jsonl("{\"type\":\"invoke\",\"process\":1,\"f\":\"read\"}\n{\"type\":\"invoke\",\"process\":2,\"f\":\"read\"}\n{\"type\":\"ok\",\"process\":2,\"f\":\"read\",\"value\":0}\n");
        assertEquals(1, h.incompleteInvocations());
        assertEquals(1, h.crashedOperations());
        assertEquals(OpType.INFO, h.operations().get(0).outcome());
    }

    @Test
    void jepsenEdnVectorAndNemesis() throws IOException {
        String edn = """
                ; a comment
                [{:process 0, :type :invoke, :f :write, :value 3, :time 10}
                 {:process :nemesis, :type :info, :f :start, :value "Cut off [:n1 #{:n2}]"}
                 {:process 0, :type :ok, :f :write, :value 3, :time 12, :error nil}
                 {:process 1, :type :invoke, :f :txn, :value [[:read :x nil] [:write :y 2]]}]
                """;
        History h = HistoryReader.read(new StringReader(edn), "h.edn", HistoryFormat.EDN);
        assertEquals(4, h.size());
        assertEquals(10L, h.get(0).time());
        assertEquals(Op.NEMESIS, h.get(1).process());
        assertEquals(List.of(java.util.Arrays.asList("read", "x", null), List.of("write", "y", 2L)), h.get(3).value());
        assertTrue(h.get(2).extra().containsKey("error"));
    }

    @Test
    void ednErrorsNameTheLine() {
        var e = assertThrows(HistoryFormatException.class, () -> HistoryReader.read(
                new StringReader("[{:process 0, :type :invoke, :f :read}\n {:process 0, :type :ok :f :read\n"), "h.edn", HistoryFormat.EDN));
        assertTrue(e.getMessage().startsWith("h.edn:"), e.getMessage());
        assertTrue(e.getMessage().contains("expected '}'"), e.getMessage());
        var t = assertThrows(HistoryFormatException.class, () -> HistoryReader.read(
                new StringReader("[{:process 0, :type :invoke, :f :read}\n {:process 0, :type :done, :f :read}]"), "h.edn", HistoryFormat.EDN));
        assertEquals("h.edn:2: type done; expected :invoke, :ok, :fail or :info", t.getMessage());
    }

    @Test
    void ednOneMapALine() throws IOException {
        History h = HistoryReader.read(new StringReader(
                "{:process 0, :type :invoke, :f :append, :key \"4\", :value \"x 0 1 y\"}\n{:process 0, :type :ok, :f :append, :key \"4\", :value \"x 0 1 y\"}\n"),
                "kv.txt", HistoryFormat.EDN);
        assertEquals("4", h.get(0).extra("key"));
        assertEquals(2, h.get(1).line());
    }

    @Test
    void ednReaderValues() {
        assertEquals(Map.of("a", List.of(1L, -2L, 3.5, "s\"q\n", true), "b", "sym"),
                EdnReader.parse("{:a [1 -2 3.5 \"s\\\"q\\n\" true] #_ :ignored :b sym}", "x", 1));
        assertEquals(java.util.Set.of("n1", "n2"), EdnReader.parse("#{:n1 :n2}", "x", 1));
        assertEquals("2020-01-01", EdnReader.parse("#inst \"2020-01-01\"", "x", 1));
        assertEquals(42L, EdnReader.parse("42N", "x", 1));
        assertThrows(HistoryFormatException.class, () -> EdnReader.parse("[1 2", "x", 1));
        assertThrows(HistoryFormatException.class, () -> EdnReader.parse("12abc", "x", 1));
    }

    @Test
    void jepsenLogLinesWithTabsOrSpaces() throws IOException {
        String log = "2017-01-01 INFO  jepsen.core - not an op\n"
                + "INFO  jepsen.util - 0\t:invoke\t:cas\t[1 2]\n"
                + "INFO  jepsen.util - 0   :fail   :cas    [1 2]\n"
                + "INFO  jepsen.util - 1\t:invoke\t:write\t3\n"
                + "INFO  jepsen.util - 1\t:info\t:write\t:timed-out\n";
        History h = HistoryReader.read(new StringReader(log), "e.log", HistoryFormat.JEPSEN_LOG);
        assertEquals(4, h.size());
        // a definite failed compare-and-set
        assertEquals(OpType.OK, h.get(1).type());
        assertEquals(Boolean.FALSE, h.get(1).value());
        assertEquals(3, h.get(1).line());
        var e = assertThrows(HistoryFormatException.class, () -> HistoryReader.read(
                new StringReader("INFO  jepsen.util - zzz\n"), "e.log", HistoryFormat.JEPSEN_LOG));
        assertTrue(e.getMessage().startsWith("e.log:1: expected '<process>"), e.getMessage());
        // the value is the rest of the line, blanks inside it kept; a line with no function, or a field without its colon, is named
        History v = HistoryReader.read(new StringReader("x jepsen.util - 2 :invoke :write  [1   2] \n"), "e.log", HistoryFormat.JEPSEN_LOG);
        assertEquals(2, v.get(0).process());
        assertEquals("write", v.get(0).f());
        assertEquals(List.of(1L, 2L), v.get(0).value());
        for (String bad : List.of("INFO  jepsen.util - 0\t:invoke\n", "INFO  jepsen.util - 0\tinvoke\t:read\tnil\n",
                "INFO  jepsen.util - 0\t:invoke\tread\tnil\n", "INFO  jepsen.util -  0\t:invoke\t:read\n", "INFO  jepsen.util - 0:invoke\t:read\n")) {
            var b = assertThrows(HistoryFormatException.class, () -> HistoryReader.read(new StringReader(bad), "e.log", HistoryFormat.JEPSEN_LOG), bad);
            assertTrue(b.getMessage().startsWith("e.log:1: expected '<process>"), bad + " -> " + b.getMessage());
        }
    }

    @Test
    void formatIsDetectedFromNameAndContent() throws IOException {
        Path a = dir.resolve("a.txt");
        Files.writeString(a, "{\"type\":\"invoke\",\"process\":0,\"f\":\"read\"}\n");
        assertEquals(HistoryFormat.JSONL, HistoryReader.detect(a));
        Path b = dir.resolve("b.txt");
        Files.writeString(b, "{:process 0, :type :invoke, :f :get, :key \"1\"}\n");
        assertEquals(HistoryFormat.EDN, HistoryReader.detect(b));
        Path c = dir.resolve("c");
        Files.writeString(c, "INFO  jepsen.util - 0\t:invoke\t:read\tnil\n");
        assertEquals(HistoryFormat.JEPSEN_LOG, HistoryReader.detect(c));
        Path d = dir.resolve("d");
        Files.writeString(d, "hello\n");
        assertTrue(assertThrows(HistoryFormatException.class, () -> HistoryReader.detect(d)).getMessage().contains("--format"));
    }
}
