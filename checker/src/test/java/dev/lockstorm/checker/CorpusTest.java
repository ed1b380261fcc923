package dev.lockstorm.checker;

import dev.lockstorm.checker.corpus.Corpus;
import dev.lockstorm.checker.corpus.CorpusCase;
import dev.lockstorm.checker.history.History;
import dev.lockstorm.checker.io.HistoryFormat;
import dev.lockstorm.checker.io.HistoryReader;
import dev.lockstorm.checker.linear.SearchLimits;
import dev.lockstorm.checker.model.Models;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Every file of the public corpora (src/test/resources/corpus, origin and license in its README)
 * gets the verdict its origin's tests assert.
 */
@Tag("unit")
class CorpusTest {

    static Path root() throws URISyntaxException {
        return Path.of(CorpusTest.class.getResource("/corpus").toURI());
    }

    static List<CorpusCase> cases() throws URISyntaxException {
        return Corpus.cases(root());
    }

    @Test
    void theWholeCorpusIsThere() throws URISyntaxException {
        assertEquals(230, cases().size());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void verdictAsExpected(CorpusCase c) {
        History h = HistoryReader.read(c.file(), HistoryFormat.AUTO);
        CheckResult r = Checker.check(h, Models.byName(c.model()), SearchLimits.withTimeLimit(Duration.ofSeconds(60)));
        assertEquals(c.expected(), r.verdict(), () -> c + ": " + Summary.of(r));
        if (r.verdict() == Verdict.INVALID) {
            assertEquals(c.expected(), r.linearizability().verdict());
        }
    }
}
