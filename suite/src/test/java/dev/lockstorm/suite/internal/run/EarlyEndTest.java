package dev.lockstorm.suite.internal.run;

import dev.lockstorm.api.LeaseModel;
import dev.lockstorm.checker.history.OpType;
import dev.lockstorm.faults.NemesisEvent;
import dev.lockstorm.nemesis.NemesisAction;
import dev.lockstorm.results.Expectation;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.function.Function;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A run's main phase ends early only once its history so far shows the finding, and it looks again only after something new. */
@Tag("unit")
class EarlyEndTest {
    private static final Function<RunResult, Optional<String>> DEFECT =
            r -> Expectation.DEFECT.unmet(r.results()).isEmpty() ? Optional.of("a lock defect") : Optional.empty();

    @TempDir
    Path dir;

    @Test
    void endsOnlyOnceTheHistoryShowsTheFindingLookingAgainOnlyAfterANewAct() throws Exception {
        Map<String, Object> facts = new LinkedHashMap<>();
        facts.put("system", "test-lock");
        facts.put("lease_ms", 4000);
        facts.put("lease_model", new LeaseModel.Fixed(Duration.ofSeconds(4), LeaseModel.Clock.SERVICE, LeaseModel.Judges.ONE).toData());
        facts.put("servers", List.of("n1"));
        facts.put("client_hosts", List.of("c1", "c2"));
        HoldBoard board = new HoldBoard(new Random(1));
        try (Recorder history = new Recorder(dir.resolve("history.jsonl"), System.nanoTime())) {
            history.run(facts);
            EarlyEnd early = new EarlyEnd(DEFECT, dir, Map.of("system", "test-lock"));
            history.record(OpType.INVOKE, 0, "acquire", null, Map.of("client", "c1"));
            history.record(OpType.OK, 0, "acquire", null, Map.of("client", "c1"));
            history.nemesis(new NemesisAction(NemesisEvent.LEADER, "n1", List.of("n1"), null));
            assertEquals(Optional.empty(), early.shown(board, history), "one holder: nothing to show");
            // c2 granted 1 ms into c1's 4 s lease, nothing in force: a lock defect
            history.record(OpType.INVOKE, 1, "acquire", null, Map.of("client", "c2"));
            history.record(OpType.OK, 1, "acquire", null, Map.of("client", "c2"));
            assertEquals(Optional.empty(), early.shown(board, history), "no double holder on the board and no act of the nemesis since the last look");
            history.nemesis(new NemesisAction(NemesisEvent.LEADER, "n1", List.of("n1"), null));
            assertEquals(Optional.empty(), early.shown(board, history), "a look at most once a second");
            Thread.sleep(1_050);
            Optional<String> shown = early.shown(board, history);
            assertTrue(shown.isPresent(), "the history shows the defect");
        }
    }
}
