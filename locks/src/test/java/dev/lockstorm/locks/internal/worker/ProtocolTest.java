package dev.lockstorm.locks.internal.worker;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every command and reply survives its line; the wire stays the documented JSON. */
@Tag("unit")
class ProtocolTest {

    @Test
    void commandsRoundTrip() {
        for (Command c : List.of(new Command.Acquire(4500), new Command.Acquire(4500, true), new Command.Acquire(4500, false, true), new Command.Use(), new Command.Release(), new Command.Release(true), new Command.Reset(), new Command.Reset(true), new Command.Drop(), new Command.Close(), new Command.GoOn())) {
            assertEquals(c, Protocol.command(Protocol.encode(c)));
        }
        assertEquals("{\"cmd\":\"acquire\",\"timeout_ms\":4500}", Protocol.encode(new Command.Acquire(4500)));
        assertEquals("{\"cmd\":\"acquire\",\"timeout_ms\":4500,\"then_use\":true}", Protocol.encode(new Command.Acquire(4500, true)));
    }

    @Test
    void theOpenCommandCarriesTheWholeStartTyped() {
        Command.Open open = new Command.Open("redis-single", "redis://10.77.0.11:6379", "/lockstorm/lock", 4000,
                java.util.Map.of("gone-on", "lost", "a \"quoted\" name", "x=y,z"));
        assertEquals(open, Protocol.command(Protocol.encode(open)));
        assertEquals("{\"cmd\":\"open\",\"system\":\"s\",\"connect\":\"c\",\"lock\":\"l\",\"lease_ms\":1,\"options\":{}}",
                Protocol.encode(new Command.Open("s", "c", "l", 1, java.util.Map.of())));
        assertThrows(IllegalArgumentException.class, () -> Protocol.command("{\"cmd\":\"open\",\"system\":\"s\"}"));
        // a kept worker's next run: its log from now on, and the run's start its lines are stamped from
        Command.Open next = open.loggingTo("/store/run 2/logs/client-c1-p0.log", 123_456_789_012L);
        assertEquals(next, Protocol.command(Protocol.encode(next)));
        Command.Open armed = next.with(java.util.Map.of("LOCKSTORM_PAUSE_POINT", "after-grant", "LOCKSTORM_PAUSE_MIN_MS", "4500"));
        assertEquals(armed, Protocol.command(Protocol.encode(armed)));
        assertEquals(java.util.Map.of(), Protocol.command(Protocol.encode(next.with(java.util.Map.of()))) instanceof Command.Open o ? o.settings() : null);
        assertTrue(open.sameClient(next));
    }

    @Test
    void repliesRoundTrip() {
        for (Reply r : List.of(new Reply.Ready(), new Reply.OpenFailed("IOException: refused"), new Reply.Ok(42L), new Reply.Ok(null), new Reply.Ok(7L, false),
                new Reply.Ok(9L, null, List.of("granted by a node this session does not own", "a \"second\" note")),
                new Reply.Fail("NotAcquiredException: busy"), new Reply.Info("a \"quoted\" error\nover lines"), new Reply.InUse(true),
                new Reply.Fail("NotAcquiredException: set", List.of("refused by its own value")), new Reply.Info("timed out", List.of("sent again")),
                new Reply.InUse(false), new Reply.AtCheckpoint("checked"), new Reply.InUse(true, List.of("10.77.0.12:2181")),
                new Reply.Ok(5L, true, List.of(), List.of("10.77.0.11:2181", "10.77.0.40:7000")))) {
            assertEquals(r, Protocol.reply(Protocol.encode(r)));
        }
        assertEquals("{\"type\":\"ok\",\"value\":42}", Protocol.encode(new Reply.Ok(42L)));
        assertEquals("{\"type\":\"ok\",\"value\":7,\"still_held\":true}", Protocol.encode(new Reply.Ok(7L, true)));
        assertEquals("{\"type\":\"use\",\"still_held\":false}", Protocol.encode(new Reply.InUse(false)));
        assertEquals("{\"type\":\"use\",\"still_held\":true,\"peers\":[\"10.77.0.12:2181\"]}",
                Protocol.encode(new Reply.InUse(true, List.of("10.77.0.12:2181"))));
        assertEquals("{\"type\":\"ok\",\"value\":3,\"notes\":[\"key gone\"]}", Protocol.encode(new Reply.Ok(3L, null, List.of("key gone"))));
        assertEquals("{\"type\":\"fail\",\"error\":\"busy\",\"notes\":[\"own\"]}", Protocol.encode(new Reply.Fail("busy", List.of("own"))));
    }

    @Test
    void aLineThatIsNoCommandIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> Protocol.command("{\"cmd\":\"steal\"}"));
        assertThrows(IllegalArgumentException.class, () -> Protocol.command("SLF4J: no binding"));
        assertThrows(IllegalArgumentException.class, () -> Protocol.reply("[1,2]"));
    }
}
