package dev.lockstorm.clusters.ssh;

import dev.lockstorm.clusters.lab.Commands;
import dev.lockstorm.clusters.lab.Shell;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** How hosts are named, and how commands become the one shell line an SSH exec request carries. */
@Tag("unit")
class SshTargetTest {

    @Test
    void hostsAreNamedAsSshNamesThem() {
        assertEquals(new SshTarget("root", "n1", 22), SshTarget.parse("n1", "root"));
        assertEquals(new SshTarget("admin", "10.0.0.11", 22), SshTarget.parse(" admin@10.0.0.11 ", "root"));
        assertEquals(new SshTarget("root", "n1.example.org", 2222), SshTarget.parse("n1.example.org:2222", "root"));
        assertEquals(new SshTarget("a", "h", 2200), SshTarget.parse("a@h:2200", "root"));
        assertEquals(new SshTarget("root", "fe80::1", 22), SshTarget.parse("fe80::1", "root"), "IPv6: no port");
        assertEquals("a@h:2200", SshTarget.parse("a@h:2200", "root").toString());
        assertEquals("root@h", SshTarget.parse("h", "root").toString());
    }

    @Test
    void aBadEntryIsNamedWithWhatWasExpected() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> SshTarget.parse("h:port", "root")).getMessage()
                .contains("host 'h:port': the port 'port' is not a number"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> SshTarget.parse("h:70000", "root")).getMessage()
                .contains("port 70000 of h is not from 1 to 65535"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> SshTarget.parse("a b", "root")).getMessage()
                .contains("expected host, user@host, host:port or user@host:port"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> SshTarget.parse("@h", "root")).getMessage()
                .contains("no user for host h"));
    }

    @Test
    void argumentsSurviveTheShellLine() {
        List<String> words = List.of("printf", "%s|", "plain", "it's", "$HOME", "a b", "\"q\"", "", "; rm -rf /", "`x`", "\\n");
        String line = Shell.join(words);
        assertEquals("plain|it's|$HOME|a b|\"q\"||; rm -rf /|`x`|\\n|", Commands.check("sh", "-c", line));
        String withEnv = Shell.withEnv(Map.of("NAME", "a b'c"), List.of("sh", "-c", "printf %s \"$NAME\""));
        assertEquals("a b'c", Commands.check("sh", "-c", withEnv));
    }
}
