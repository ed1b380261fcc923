package dev.lockstorm.suite.internal.run;

import dev.lockstorm.api.Fencing;
import dev.lockstorm.api.ProtectedResource;
import dev.lockstorm.api.ResourceContext;
import dev.lockstorm.api.ResourceType;
import dev.lockstorm.checker.history.OpType;
import dev.lockstorm.locks.PausePoint;
import dev.lockstorm.suite.internal.nemesiskinds.FakeHost;
import dev.lockstorm.suite.internal.nemesiskinds.FakeProcess;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A resource's checkpoints and notes, reached on a client's behalf: what the run does to the calling client's worker. */
@Tag("unit")
class ResourceCallsTest {
    private static final Path ARMED = Path.of("/run/c/pause-point.armed");

    /** A counter that checks nothing, marks "checked" before it stores, and notes what it stored. */
    private static final class Marked implements ResourceType {
        final AtomicLong value = new AtomicLong();

        @Override
        public String name() {
            return "marked";
        }

        @Override
        public String description() {
            return "a counter with a checkpoint";
        }

        @Override
        public ProtectedResource open(ResourceContext context) {
            return new ProtectedResource() {
                @Override
                public Read read(Long token) {
                    context.checkpoint("checked");
                    return Read.ok(value.get());
                }

                @Override
                public Write write(Long token, long v) {
                    context.checkpoint("checked");
                    value.set(v);
                    context.note("stored " + v);
                    return Write.ok();
                }
            };
        }
    }

    private final FakeHost host = new FakeHost("c1");
    private final FakeProcess worker = new FakeProcess("client-c1-p0", host);
    private final Marked type = new Marked();
    @org.junit.jupiter.api.io.TempDir
    java.nio.file.Path dir;
    private ResourceCalls calls;

    @org.junit.jupiter.api.BeforeEach
    void open() {
        calls = DriverResource.open(type, Fencing.WRITES, "redis://n1", "", dir);
    }

    private ResourceCalls.Caller aimedAt(String point, boolean kill) {
        return new ResourceCalls.Caller(host, () -> worker, new PausePoint.Setting(point, ARMED, 0, kill), null);
    }

    @Test
    void aCallerAtAnArmedPointIsFrozenThereAndTheCallGoesOnWhenItIsResumed() throws Exception {
        host.write(ARMED, "armed");
        CompletableFuture<ResourceCalls.Answer> call = CompletableFuture.supplyAsync(() -> calls.write(aimedAt("checked", false), 3L, 7));
        long deadline = System.nanoTime() + 5_000_000_000L;
        while (!worker.isPaused() && System.nanoTime() < deadline) Thread.sleep(5);
        assertTrue(worker.isPaused(), "the calling client's worker is frozen at the point");
        Thread.sleep(100);
        assertFalse(call.isDone(), "the call waits while its client is frozen");
        assertEquals(0, type.value.get(), "nothing stored before the resume");
        worker.resume();
        ResourceCalls.Answer a = call.get(5, TimeUnit.SECONDS);
        assertEquals(OpType.OK, a.type());
        assertEquals(7, type.value.get());
        assertEquals(List.of("stored 7"), a.notes(), "the resource's notes go with the call's answer");
    }

    @Test
    void aCallerKilledAtThePointEndsTheCallUnknownAndNothingIsStored() {
        host.write(ARMED, "armed");
        ResourceCalls.Answer a = calls.write(aimedAt("checked", true), 3L, 7);
        assertEquals(OpType.INFO, a.type(), "the client died mid-call: the outcome is unknown to the history");
        assertTrue(a.error().contains("killed at the resource's checkpoint checked"), a.error());
        assertFalse(worker.isAlive());
        assertEquals(0, type.value.get());
    }

    @Test
    void aPointNotArmedOrNotAimedAtAndTheFinalReadPassStraightThrough() {
        // not armed: the main phase is over (or not begun)
        assertEquals(OpType.OK, calls.write(aimedAt("checked", false), 3L, 1).type());
        host.write(ARMED, "armed");
        // armed, but the run aims at another point
        assertEquals(OpType.OK, calls.write(aimedAt("before-release", false), 4L, 2).type());
        // the final read has no client behind it
        assertEquals(OpType.OK, calls.read(null, null, false).type());
        assertFalse(worker.isPaused());
        assertEquals(2, type.value.get());
    }
}
