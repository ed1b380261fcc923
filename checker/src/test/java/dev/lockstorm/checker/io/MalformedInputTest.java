package dev.lockstorm.checker.io;

import dev.lockstorm.checker.CheckResult;
import dev.lockstorm.checker.Checker;
import dev.lockstorm.checker.Verdict;
import dev.lockstorm.checker.history.History;
import dev.lockstorm.checker.history.HistoryFormatException;
import dev.lockstorm.checker.linear.SearchLimits;
import dev.lockstorm.checker.model.Model;
import dev.lockstorm.checker.model.Models;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Input that no model can judge is bad input naming its line (exit 3), never a verdict and never a crash. */
@Tag("unit")
class MalformedInputTest {

    private static CheckResult check(String text, HistoryFormat f, String model) throws IOException {
        History h = HistoryReader.read(new StringReader(text), "h", f);
        Model<?> m = Models.byName(model);
        return Checker.check(h, m, SearchLimits.defaults());
    }

    @Test
    void aTransactionMayWriteNil() throws IOException {
        CheckResult r = check("""
                {:process 0, :type :invoke, :f :txn, :value [[:write :x nil]]}
                {:process 0, :type :ok, :f :txn, :value [[:write :x nil]]}
                {:process 1, :type :invoke, :f :txn, :value [[:read :x nil]]}
                {:process 1, :type :ok, :f :txn, :value [[:read :x nil]]}
                """, HistoryFormat.EDN, "multi-register");
        assertEquals(Verdict.VALID, r.verdict());
    }

    @ParameterizedTest
    @ValueSource(strings = {"5", "[1]", "[1, 2, 3]", "null"})
    void aCasThatIsNotAPairIsBadInput(String value) {
        HistoryFormatException e = assertThrows(HistoryFormatException.class, () -> check(
                "{\"type\":\"invoke\",\"process\":0,\"f\":\"cas\",\"value\":" + value + "}\n{\"type\":\"ok\",\"process\":0,\"f\":\"cas\",\"value\":" + value + "}\n",
                HistoryFormat.JSONL, "cas-register"));
        assertTrue(e.getMessage().startsWith("h:") && e.getMessage().contains("not a pair"), e.getMessage());
    }

    @Test
    void aTransactionThatIsNotAListOfMicroOperationsIsBadInput() {
        HistoryFormatException e = assertThrows(HistoryFormatException.class, () -> check("""
                {:process 0, :type :invoke, :f :txn, :value [[:frob :x 1]]}
                {:process 0, :type :ok, :f :txn, :value [[:frob :x 1]]}
                """, HistoryFormat.EDN, "multi-register"));
        assertTrue(e.getMessage().contains("micro-operation"), e.getMessage());
    }

    @Test
    void aKeyTwiceInOneJsonObjectIsBadInputNamingLineAndKey() {
        HistoryFormatException top = assertThrows(HistoryFormatException.class, () -> HistoryReader.read(new StringReader(
                "{\"type\":\"invoke\",\"process\":0,\"f\":\"acquire\",\"value\":null}\n"
                        + "{\"type\":\"ok\",\"process\":0,\"f\":\"acquire\",\"value\":1,\"value\":2}\n"), "h", HistoryFormat.JSONL));
        assertTrue(top.getMessage().startsWith("h:2") && top.getMessage().contains("\"value\""), top.getMessage());
        HistoryFormatException nested = assertThrows(HistoryFormatException.class, () -> HistoryReader.read(new StringReader(
                "{\"type\":\"invoke\",\"process\":0,\"f\":\"write\",\"value\":{\"token\":1,\"value\":2,\"token\":3}}\n"), "h", HistoryFormat.JSONL));
        assertTrue(nested.getMessage().startsWith("h:1") && nested.getMessage().contains("\"token\""), nested.getMessage());
    }

    @Test
    void aKeyTwiceInOneEdnMapIsBadInputNamingLineAndKey() {
        HistoryFormatException e = assertThrows(HistoryFormatException.class, () -> HistoryReader.read(new StringReader("""
                [{:process 0, :type :invoke, :f :read, :value nil}
                 {:process 0, :type :ok, :f :read, :value 1, :value 2}]
                """), "h", HistoryFormat.EDN));
        assertTrue(e.getMessage().startsWith("h:2") && e.getMessage().contains("value"), e.getMessage());
    }

    @Test
    void everyNameThatCanBeReadCanBeWritten(@TempDir Path dir) throws IOException {
        // a lone surrogate is a legal JSON escape; results must still be writable, and read back the same
        History h = HistoryReader.read(new StringReader(
                "{\"type\":\"invoke\",\"process\":0,\"f\":\"acquire\",\"value\":null,\"lock\":\"x\\ud800\"}\n"
                        + "{\"type\":\"ok\",\"process\":0,\"f\":\"acquire\",\"value\":1}\n"), "h", HistoryFormat.JSONL);
        Path out = dir.resolve("out.json");
        TextFiles.write(out, Json.toJson(java.util.Map.of("lock", h.get(0).lock())));
        String text = Files.readString(out, StandardCharsets.UTF_8);
        assertEquals("{\"lock\":\"x\\ud800\"}", text);
        try (var p = Json.FACTORY.createParser(text)) {
            p.nextToken();
            assertEquals("x\ud800", ((java.util.Map<?, ?>) Json.readValue(p)).get("lock"));
        }
    }
}
