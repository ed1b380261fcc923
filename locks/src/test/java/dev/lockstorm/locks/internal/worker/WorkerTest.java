package dev.lockstorm.locks.internal.worker;

import dev.lockstorm.api.Lease;
import dev.lockstorm.api.LockClient;
import dev.lockstorm.api.ReadWriteLockClient;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The worker's bookkeeping of leases by mode: a downgraded writer gives back its write lease under its newer read lease. */
@Tag("unit")
class WorkerTest {

    /** A read-write lock client that records what it was asked; its tokens count up. */
    private static final class Recording implements ReadWriteLockClient {
        final List<String> calls = new ArrayList<>();
        long next = 10;

        @Override
        public void open() {
        }

        @Override
        public Lease acquire(Duration timeout) {
            calls.add("acquire-write " + next);
            return new Lease(next++, "write");
        }

        @Override
        public Lease acquireRead(Duration timeout) {
            calls.add("acquire-read " + next);
            return new Lease(next++, "read");
        }

        @Override
        public void release(Lease lease) {
            calls.add("release-write " + lease.token());
        }

        @Override
        public void releaseRead(Lease lease) {
            calls.add("release-read " + lease.token());
        }

        @Override
        public void close() {
        }
    }

    /** A client that grants every acquire (token 1) and implements nothing else: no read lock, no stillHeld. */
    private static LockClient granting() {
        return new LockClient() {
            public void open() {
            }

            public Lease acquire(Duration timeout) {
                return new Lease(1L, null);
            }

            public void release(Lease lease) {
            }

            public void close() {
            }
        };
    }

    private static Reply call(Worker w, Command c) {
        return w.handle(Protocol.encode(c));
    }

    @Test
    void aDowngradeGivesBackTheWriteLeaseAndKeepsTheReadLease() {
        Recording client = new Recording();
        Worker w = new Worker(() -> client, new PrintStream(new ByteArrayOutputStream()));
        assertInstanceOf(Reply.Ready.class, w.open());
        assertEquals(10L, ((Reply.Ok) call(w, new Command.Acquire(1000))).token());
        assertEquals(11L, ((Reply.Ok) call(w, new Command.Acquire(1000, false, true))).token());
        assertInstanceOf(Reply.Ok.class, call(w, new Command.Release(false)));
        assertInstanceOf(Reply.Ok.class, call(w, new Command.Release(true)));
        assertEquals(List.of("acquire-write 10", "acquire-read 11", "release-write 10", "release-read 11"), client.calls);
        Reply none = call(w, new Command.Release(true));
        assertTrue(none instanceof Reply.Fail f && f.error().contains("no read lease"), String.valueOf(none));
    }

    @Test
    void aReadAcquireOfALockWithoutAReadLockIsUnknownNamingTheClass() {
        LockClient plain = granting();
        Worker w = new Worker(() -> plain, new PrintStream(new ByteArrayOutputStream()));
        w.open();
        Reply r = call(w, new Command.Acquire(1000, false, true));
        assertTrue(r instanceof Reply.Info i && i.error().contains("no read lock"), String.valueOf(r));
    }

    @Test
    void aClientWithoutStillHeldIsUnknownNotYes() {
        LockClient mute = granting();
        Worker w = new Worker(() -> mute, new PrintStream(new ByteArrayOutputStream()));
        w.open();
        Reply granted = call(w, new Command.Acquire(1000, true, false));
        assertTrue(granted instanceof Reply.Ok ok && ok.stillHeld() == null, "cannot say, with the grant: " + granted);
        assertEquals(new Reply.InUse(null), call(w, new Command.Use()), "cannot say when asked");
        assertEquals("{\"type\":\"use\"}", Protocol.encode(new Reply.InUse(null)));
        assertEquals(new Reply.InUse(null), Protocol.reply(Protocol.encode(new Reply.InUse(null))));
    }

    @Test
    void aClientThatCannotOpenIsAskedAgainInTheSameWorker() {
        int[] opens = {0};
        LockClient later = new LockClient() {
            public void open() throws java.io.IOException {
                if (++opens[0] < 3) throw new java.io.IOException("refused");
            }

            public Lease acquire(Duration timeout) {
                return new Lease(1L, null);
            }

            public void release(Lease lease) {
            }

            public void close() {
            }
        };
        Worker w = new Worker(() -> later, new PrintStream(new ByteArrayOutputStream()));
        assertTrue(w.open() instanceof Reply.OpenFailed);
        Reply refused = call(w, new Command.Acquire(1000, false, false));
        assertTrue(refused instanceof Reply.Info i && i.error().contains("no client is open"), String.valueOf(refused));
        assertTrue(call(w, new Command.Open("x", "", "/l", 1000, java.util.Map.of())) instanceof Reply.OpenFailed);
        assertEquals(new Reply.Ready(), call(w, new Command.Open("x", "", "/l", 1000, java.util.Map.of())));
        assertTrue(call(w, new Command.Acquire(1000, false, false)) instanceof Reply.Ok);
    }

    /**
     * A worker kept for the next run: drop closes its client and forgets its leases, the next open
     * (with where its log goes) opens a new instance, and an open of another client is refused.
     */
    @Test
    void aDroppedWorkerOpensItsClientAgainAndNoOther(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        List<String> events = new java.util.ArrayList<>();
        Worker w = new Worker(() -> new LockClient() {
            public void open() {
                events.add("open");
            }

            public Lease acquire(Duration timeout) {
                return new Lease(1L, null);
            }

            public void release(Lease lease) {
                events.add("release");
            }

            public void close() {
                events.add("close");
            }
        }, new PrintStream(new ByteArrayOutputStream()));
        Command.Open open = new Command.Open("x", "c", "/l", 1000, java.util.Map.of());
        w.serves(open);
        java.io.PrintStream err = System.err;
        java.io.PrintStream out = System.out;
        try {
            assertEquals(new Reply.Ready(), w.open());
            assertTrue(call(w, new Command.Acquire(1000)) instanceof Reply.Ok);
            assertEquals(new Reply.Ok(null), call(w, new Command.Drop()));
            assertEquals(List.of("open", "close"), events);
            // nothing is held after the drop: a release is refused, and no client is open until the next run's open
            assertTrue(call(w, new Command.Release()) instanceof Reply.Info);
            assertTrue(call(w, new Command.Open("y", "c", "/l", 1000, java.util.Map.of())) instanceof Reply.OpenFailed);
            java.nio.file.Path log = dir.resolve("client-c1-p0.log");
            assertEquals(new Reply.Ready(), call(w, open.loggingTo(log.toString(), System.nanoTime())));
            System.err.println("in the next run's log");
            assertTrue(java.nio.file.Files.readString(log).matches("(?s)\\[ *\\d+\\.\\d{3} s \\| [^]]+] in the next run's log\n"),
                    java.nio.file.Files.readString(log));
            assertEquals(List.of("open", "close", "open"), events);
            // the next run's switches replace the last's: a renewal switch set, then unset
            java.nio.file.Path hold = dir.resolve("hold");
            java.nio.file.Files.createFile(hold);
            assertEquals(new Reply.Ok(null), call(w, new Command.Drop()));
            assertEquals(new Reply.Ready(), call(w, open.with(java.util.Map.of(dev.lockstorm.locks.RenewalHold.ENV, hold.toString()))));
            assertTrue(dev.lockstorm.locks.RenewalHold.held());
            assertEquals(new Reply.Ok(null), call(w, new Command.Drop()));
            assertEquals(new Reply.Ready(), call(w, open.with(java.util.Map.of())));
            assertFalse(dev.lockstorm.locks.RenewalHold.configured());
        } finally {
            System.setErr(err);
            System.setOut(out);
        }
    }

    @Test
    void notesMadeDuringARefusedOrUnknownAcquireGoWithItsAnswer() {
        LockClient noting = new LockClient() {
            int calls;

            public void open() {
            }

            public Lease acquire(Duration timeout) throws Exception {
                dev.lockstorm.api.Notes.add("sent again " + ++calls);
                if (calls == 1) throw new dev.lockstorm.api.NotAcquiredException("taken");
                throw new java.io.IOException("reset");
            }

            public void release(Lease lease) {
            }

            public void close() {
            }
        };
        Worker.collectNotes();
        try {
            Worker w = new Worker(() -> noting, new PrintStream(new ByteArrayOutputStream()));
            w.open();
            assertEquals(new Reply.Fail("NotAcquiredException: taken", List.of("sent again 1")), call(w, new Command.Acquire(1000)));
            assertEquals(new Reply.Info("IOException: reset", List.of("sent again 2")), call(w, new Command.Acquire(1000)));
        } finally {
            dev.lockstorm.api.Notes.install(note -> { });
        }
    }
}
