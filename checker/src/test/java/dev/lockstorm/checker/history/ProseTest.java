package dev.lockstorm.checker.history;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** An explanation's parts: what each piece becomes, and the plain words every reader but the page sees. */
@Tag("unit")
class ProseTest {
    @Test
    void piecesBecomeWordsProcessesAndTokensAdjacentWordsJoined() {
        Prose.Who c5 = new Prose.Who("4", "c5");
        Prose p = Prose.of(c5, " acquired", " at ", "1.000 s", Prose.of(" (token ", 17L, ")"), " after ", 3, " tries");
        assertEquals(List.of(c5, new Prose.Text(" acquired at 1.000 s (token "), new Prose.Token(17), new Prose.Text(") after 3 tries")), p.parts());
        assertEquals("process 4 (client c5) acquired at 1.000 s (token 17) after 3 tries", p.plain());
        assertEquals(p.plain(), p.toString());
    }

    @Test
    void aProcessIsNamedByItsClientOnlyWhenTheHistoryNamesOneOtherThanItself() {
        Map<String, Object> inC5 = Map.of("client", "c5");
        assertEquals(new Prose.Who("4", "c5"), new Op(0, 0, OpType.INVOKE, 4, "acquire", null, inC5, 0).who());
        assertEquals("process 4", new Op(0, 0, OpType.INVOKE, 4, "acquire", null, Map.of(), 0).who().toString());
        // a named process whose client is its own name is named once
        Op named = new Op(0, 0, OpType.INVOKE, 4, "acquire", null, Map.of(Op.NAMED_PROCESS, "c1", "client", "c1"), 0);
        assertEquals("process c1", named.who().toString());
    }
}
