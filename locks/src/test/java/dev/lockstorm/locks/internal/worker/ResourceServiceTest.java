package dev.lockstorm.locks.internal.worker;

import dev.lockstorm.api.Fencing;
import dev.lockstorm.api.ProtectedResource;
import dev.lockstorm.api.ResourceContext;
import dev.lockstorm.api.ResourceType;
import dev.lockstorm.locks.store.CounterService;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A resource served over TCP answers a worker's link as the resource in the driver answers: accepted, refused, unknown, with its notes. */
@Tag("unit")
class ResourceServiceTest {
    /** A directory for the resource's files, as a run gives it one. */
    @org.junit.jupiter.api.io.TempDir
    java.nio.file.Path dir;

    /** No pause point aimed anywhere. */
    private static final dev.lockstorm.locks.PausePoint.Setting UNAIMED = new dev.lockstorm.locks.PausePoint.Setting(null, null, 0, false);
    private final ServerSocket listener;
    private final ResourceLink link = new ResourceLink();

    ResourceServiceTest() throws Exception {
        listener = new ServerSocket();
        listener.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
    }

    @AfterEach
    void close() throws Exception {
        link.close();
        listener.close();
    }

    private String address() {
        return "127.0.0.1:" + listener.getLocalPort();
    }

    private Command.Resource call(String op, Long token, long value) {
        return new Command.Resource(address(), op, token, value, 5000);
    }

    @Test
    void theCounterServiceRefusesAStaleWriteOverTheNetwork() throws Exception {
        ResourceService.open(new CounterService(), Fencing.WRITES, "unused", "", dir, UNAIMED).serve(listener);
        assertEquals(new Reply.Ok(null, null, List.of()), link.call(call("write", 5L, 1)));
        Reply stale = link.call(call("write", 4L, 2));
        assertInstanceOf(Reply.Fail.class, stale);
        assertTrue(((Reply.Fail) stale).error().contains("4"), stale.toString());
        assertEquals(new Reply.Ok(1L, null, List.of()), link.call(call("read", null, 0)));
        assertEquals(new Reply.Ok(1L, null, List.of()), link.call(call("read-shared", 3L, 0)), "--fencing writes does not check reads");
    }

    /** A resource that notes the bar it compared with, and throws on a token it cannot judge. */
    static final class Noting implements ResourceType {
        @Override
        public String name() {
            return "noting";
        }

        @Override
        public String description() {
            return "a test's resource";
        }

        @Override
        public ProtectedResource open(ResourceContext context) {
            return new ProtectedResource() {
                private long bar;

                @Override
                public Write write(Long token, long value) {
                    if (token == null) throw new IllegalStateException("no token");
                    context.note("bar " + bar);
                    context.checkpoint("checked"); // unarmed here: returns at once
                    bar = Math.max(bar, token);
                    return Write.ok();
                }

                @Override
                public Read read(Long token) {
                    return Read.ok(bar);
                }
            };
        }
    }

    @Test
    void notesComeBackWithTheAnswerAndAThrowIsUnknown() throws Exception {
        ResourceService.open(new Noting(), Fencing.ALL, "unused", "", dir, UNAIMED).serve(listener);
        assertEquals(new Reply.Ok(null, null, List.of("bar 0")), link.call(call("write", 3L, 1)));
        assertEquals(new Reply.Ok(null, null, List.of("bar 3")), link.call(call("write", 2L, 1)));
        assertEquals(new Reply.Info("IllegalStateException: no token"), link.call(call("write", null, 1)));
        // the connection stays usable after a call that threw
        assertEquals(new Reply.Ok(3L, null, List.of()), link.call(call("read", null, 0)));
    }

    @Test
    void aServiceThatIsNotThereIsUnknownNeverRefused() throws Exception {
        listener.close(); // nothing listens on its port any more
        Reply r = link.call(call("write", 1L, 1));
        assertInstanceOf(Reply.Info.class, r, "a call that may or may not have reached the resource is unknown: " + r);
    }

    @Test
    void aServiceThatDoesNotAnswerInTimeIsUnknown() throws Exception {
        // a listener that accepts (the kernel's backlog) and never answers: a frozen service
        Reply r = link.call(new Command.Resource(address(), "write", 1L, 1, 300));
        assertEquals(new Reply.Info("the resource service at " + address() + " did not answer within 300 ms"), r);
    }

    @Test
    void theCallSurvivesItsLine() {
        Command.Resource c = new Command.Resource("10.0.0.21:7171", "write", 7L, 3, 9000);
        assertEquals(c, Protocol.command(Protocol.encode(c)));
        Command.Resource read = new Command.Resource("10.0.0.21:7171", "read", null, 0, 9000);
        assertEquals(read, Protocol.command(Protocol.encode(read)));
        assertEquals("{\"cmd\":\"resource\",\"address\":\"10.0.0.21:7171\",\"op\":\"write\",\"token\":7,\"value\":3,\"timeout_ms\":9000}", Protocol.encode(c));
    }

    @Test
    void anArmedCheckpointIsHandedToTheCallerAndTheWriteWaitsForItsWord(@org.junit.jupiter.api.io.TempDir java.nio.file.Path points) throws Exception {
        java.nio.file.Path armed = java.nio.file.Files.writeString(points.resolve("pause-point.armed"), "armed\n");
        ResourceService.open(new Noting(), Fencing.ALL, "unused", "", dir, new dev.lockstorm.locks.PausePoint.Setting("checked", armed, 0, false)).serve(listener);
        // a worker's link: this test's JVM aims no point of its own, so it passes the point at once and says to go on
        assertEquals(new Reply.Ok(null, null, List.of("bar 0")), link.call(call("write", 3L, 1)));
        // a caller that went away at the point (killed there): the write never happens
        try (java.net.Socket s = new java.net.Socket("127.0.0.1", listener.getLocalPort());
             java.io.BufferedReader in = new java.io.BufferedReader(new java.io.InputStreamReader(s.getInputStream(), java.nio.charset.StandardCharsets.UTF_8))) {
            s.getOutputStream().write((Protocol.encode(call("write", 9L, 1)) + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8));
            assertEquals(new Reply.AtCheckpoint("checked"), Protocol.reply(in.readLine()));
        }
        java.nio.file.Files.delete(armed);
        // disarmed: no word asked; the bar is 3, not 9: the dead caller's write went no further
        assertEquals(new Reply.Ok(null, null, List.of("bar 3")), link.call(call("write", 4L, 1)));
    }
}
