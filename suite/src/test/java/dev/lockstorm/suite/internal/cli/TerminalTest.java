package dev.lockstorm.suite.internal.cli;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Long lines at a terminal wrap at spaces, continued under the column they belong to; short ones are left alone. */
@Tag("unit")
class TerminalTest {
    @Test
    void aDescriptionContinuesUnderItsColumn() {
        String line = "  zk-recipe      ZooKeeper's lock recipe: ephemeral sequential nodes, each waiter watching its predecessor";
        String wrapped = Terminal.wrap(line, 50);
        for (String l : wrapped.split("\n")) assertTrue(l.length() <= 50, "'" + l + "' in\n" + wrapped);
        String[] lines = wrapped.split("\n");
        assertTrue(lines.length >= 3, wrapped);
        for (int i = 1; i < lines.length; i++) assertTrue(lines[i].startsWith(" ".repeat(17)) && lines[i].charAt(17) != ' ', wrapped);
        assertEquals(line.replaceAll(" +", " "), wrapped.replaceAll("\\s+", " "), "no word lost or changed");
    }

    @Test
    void aShortLineAndAnUnbreakableWordAreLeftWhole() {
        assertEquals("short", Terminal.wrap("short", 40));
        String word = "x".repeat(60);
        assertEquals(word, Terminal.wrap(word, 40));
    }

    @Test
    void aWrappingStreamWrapsEachLineItPrints() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream out = Terminal.wrapping(new PrintStream(bytes, true, StandardCharsets.UTF_8), 40);
        out.println("doctor: ready");
        out.println("  one two three four five six seven eight nine ten eleven twelve");
        out.printf("  %-10s %s%n", "printf", "pieces of one line written one by one are still one line to wrap");
        out.flush();
        String s = bytes.toString(StandardCharsets.UTF_8);
        assertTrue(s.startsWith("doctor: ready\n"), s);
        for (String l : s.split("\n")) assertTrue(l.length() <= 40, s);
    }
}
