package dev.lockstorm.zoo;

import dev.lockstorm.api.ProtectedResource;
import dev.lockstorm.api.ResourceContext;
import dev.lockstorm.api.ResourceType;

/**
 * The zoo's protected resources: the storage side of fencing, as teams write it. Five carry a bug
 * teams really ship, one is the correct control; each is a counter that lock holders read and
 * write, and a read without a token is the run's final read. Each marks the moment between a
 * write's token check and its store as the checkpoint {@value #CHECKED}, which {@code hunt} aims at. Run them with {@code --fencing writes}
 * or {@code all}: a stale operation accepted, an update lost although every holder fenced, or a
 * current holder refused is a resource defect, and {@code hunt --fencing} stops at it.
 */
public final class ZooResources {
    private ZooResources() {
    }

    /** How a resource tells an older token from a newer one. */
    @FunctionalInterface
    private interface Order {
        /** Whether {@code token} comes before {@code bar}. */
        boolean before(long token, long bar);
    }

    /** Where every zoo resource marks the moment between its token check and its write ({@link ResourceContext#checkpoint}). */
    static final String CHECKED = "checked";

    /**
     * A counter whose bar is the highest token it has taken, as its {@link Order} says; reads checked or not. A write
     * checks its token, reaches {@link #CHECKED}, then stores: in one step ({@code atomic}, the token compared and the
     * value stored under one lock, as a conditional UPDATE does), or in two, as a handler that checks and then writes does.
     */
    private static final class Counter implements ProtectedResource {
        private final Order order;
        private final boolean checksReads;
        private final boolean atomic;
        private final ResourceContext context;
        private final Keep keep;
        private long value;
        private Long bar;

        Counter(Order order, boolean checksReads, boolean atomic, ResourceContext context) {
            this(order, checksReads, atomic, context, Keep.MEMORY);
        }

        Counter(Order order, boolean checksReads, boolean atomic, ResourceContext context, Keep keep) {
            this.order = order;
            this.checksReads = checksReads;
            this.atomic = atomic;
            this.context = context;
            this.keep = keep;
            // a service started again reads back what it kept
            if (keep != Keep.MEMORY && java.nio.file.Files.exists(file())) {
                try {
                    String[] f = java.nio.file.Files.readString(file()).trim().split(" ");
                    value = Long.parseLong(f[0]);
                    if (!f[1].equals("-")) bar = Long.parseLong(f[1]);
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }
        }

        private java.nio.file.Path file() {
            return context.dir().resolve("counter");
        }

        /** Writes what it keeps in its file before the call is answered. */
        private void kept() {
            if (keep == Keep.MEMORY) return;
            try {
                java.nio.file.Path next = context.dir().resolve("counter.next");
                java.nio.file.Files.writeString(next, value + " " + (bar == null ? "-" : bar) + "\n");
                java.nio.file.Files.move(next, file(), java.nio.file.StandardCopyOption.REPLACE_EXISTING, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }

        /** Whether {@code token} is stale; if not, it raises the bar. */
        private boolean stale(long token) {
            if (bar != null && order.before(token, bar)) return true;
            if (bar == null || order.before(bar, token)) {
                bar = token;
                kept();
            }
            return false;
        }

        @Override
        public synchronized Read read(Long token) {
            if (token != null && checksReads && stale(token)) return Read.rejected("stale token " + token + " (the store has taken " + bar + ")");
            return Read.ok(value);
        }

        @Override
        public Write write(Long token, long newValue) {
            if (atomic) {
                synchronized (this) {
                    if (token != null && stale(token)) return Write.rejected("stale token " + token + " (the store has taken " + bar + ")");
                    context.checkpoint(CHECKED);
                    value = newValue;
                    kept();
                    return Write.ok();
                }
            }
            synchronized (this) {
                if (token != null && stale(token)) return Write.rejected("stale token " + token + " (the store has taken " + bar + ")");
            }
            context.checkpoint(CHECKED);
            synchronized (this) {
                value = newValue;
                kept();
            }
            return Write.ok();
        }
    }

    /** What a counter kept as a service keeps in its files across a crash of its service ({@code restart-resource}). */
    private enum Keep {
        /** Nothing: its value and bar in memory alone (in the driver, which no fault restarts, that is all a counter needs). */
        MEMORY,
        /** Its value and its bar. */
        ALL
    }

    /** The zoo's resources all mark {@link #CHECKED}. */
    private abstract static class Zoo implements ResourceType {
        @Override
        public java.util.List<String> checkpoints() {
            return java.util.List.of(CHECKED);
        }
    }

    /**
     * {@code zoo-text-tokens}: the token travels as a header and is compared as text, so "10" comes
     * before "9": the tenth holder is refused as stale while the ninth's late writes are taken.
     */
    public static final class TextTokens extends Zoo {
        @Override
        public String name() {
            return "zoo-text-tokens";
        }

        @Override
        public String description() {
            return "a counter whose fencing check compares tokens as text (\"10\" < \"9\")";
        }

        @Override
        public ProtectedResource open(ResourceContext context) {
            return new Counter((token, bar) -> Long.toString(token).compareTo(Long.toString(bar)) < 0, true, true, context);
        }
    }

    /**
     * {@code zoo-unchecked-reads}: promises fenced reads (a REST API whose GET takes the token too)
     * but checks it on writes only: a holder that wakes from a pause past its lease reads what a newer
     * holder wrote, and acts on it.
     */
    public static final class UncheckedReads extends Zoo {
        @Override
        public String name() {
            return "zoo-unchecked-reads";
        }

        @Override
        public String description() {
            return "a counter that checks the fencing token on writes only, though reads carry it";
        }

        @Override
        public ProtectedResource open(ResourceContext context) {
            return new Counter((token, bar) -> token < bar, false, true, context);
        }
    }

    /** {@code zoo-checked}: the control, every token compared as a number, on reads and writes. */
    public static final class Checked extends Zoo {
        @Override
        public String name() {
            return "zoo-checked";
        }

        @Override
        public String description() {
            return "a counter that refuses reads and writes with a token below the highest it has taken (the control)";
        }

        @Override
        public ProtectedResource open(ResourceContext context) {
            return new Counter((token, bar) -> token < bar, true, true, context);
        }
    }

    /**
     * {@code zoo-check-then-write}: checks the token, then writes in a second step (a handler that reads the bar, then
     * updates the row; a check in one transaction and the write in another). A holder frozen between the two, past its
     * lease, writes over what the next holder wrote: the next holder's update is lost though every holder fenced.
     */
    public static final class CheckThenWrite extends Zoo {
        @Override
        public String name() {
            return "zoo-check-then-write";
        }

        @Override
        public String description() {
            return "a counter that checks a write's token, then stores the value in a second step";
        }

        @Override
        public ProtectedResource open(ResourceContext context) {
            return new Counter((token, bar) -> token < bar, true, false, context);
        }
    }

    /**
     * A zoo resource as a service of its own on the lab's host r1, reached by the clients over the network: named after it
     * with {@code -service}. A client frozen at its checkpoint holds its own call between the check and the write, and the
     * service serves the others meanwhile.
     */
    private abstract static class Served extends Zoo {
        private final String name;
        private final boolean atomic;
        private final Keep keep;

        Served(String name, boolean atomic, Keep keep) {
            this.name = name;
            this.atomic = atomic;
            this.keep = keep;
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public String description() {
            return "a counter as a service of its own on host r1 that checks reads and writes" + (atomic ? "" : ", storing a write in a second step")
                    + (keep == Keep.ALL ? ", its value and bar kept in a file" : ", its value and bar in memory alone");
        }

        @Override
        public ProtectedResource open(ResourceContext context) {
            return new Counter((token, bar) -> token < bar, true, atomic, context, keep);
        }

        @Override
        public Where where() {
            return Where.SERVICE;
        }
    }

    /** {@code zoo-check-then-write-service}: {@link CheckThenWrite} as a service, what it has kept in a file. */
    public static final class CheckThenWriteService extends Served {
        public CheckThenWriteService() {
            super("zoo-check-then-write-service", false, Keep.ALL);
        }
    }

    /** {@code zoo-checked-service}: the control {@link Checked} as a service, its value and bar kept in a file. */
    public static final class CheckedService extends Served {
        public CheckedService() {
            super("zoo-checked-service", true, Keep.ALL);
        }
    }

    /**
     * {@code zoo-memory-service}: {@link Checked} as a service that keeps its value and bar in memory alone (a cache, a
     * store "made durable later"): its fencing is right, but a crash of the service loses every acknowledged update.
     */
    public static final class MemoryService extends Served {
        public MemoryService() {
            super("zoo-memory-service", true, Keep.MEMORY);
        }
    }

    /**
     * {@code zoo-bar-per-replica}: two replicas of a service behind a round-robin balancer share one store for the
     * value, but each keeps its own bar in memory, and a write's token is checked against the bar of the replica that
     * happens to answer: a stale holder's late write reaches the replica that has not seen the newer token.
     */
    public static final class BarPerReplica extends Zoo {
        @Override
        public String name() {
            return "zoo-bar-per-replica";
        }

        @Override
        public String description() {
            return "two replicas behind a round-robin balancer, one value, a bar in each replica's memory (writes checked)";
        }

        @Override
        public ProtectedResource open(ResourceContext context) {
            return new ProtectedResource() {
                private final Long[] bars = new Long[2];
                private long value;
                private int next;

                @Override
                public synchronized Read read(Long token) {
                    next = 1 - next; // the balancer's turn passes with every request
                    return Read.ok(value);
                }

                // the check and the store in one step, as each replica makes them: its only fault is the bar it keeps alone
                @Override
                public synchronized Write write(Long token, long newValue) {
                    int replica = next;
                    next = 1 - next;
                    Long bar = bars[replica];
                    context.note("answered by replica " + (replica + 1));
                    if (token != null && bar != null && token < bar) {
                        return Write.rejected("replica " + (replica + 1) + ": stale token " + token + " (it has taken " + bar + ")");
                    }
                    if (token != null && (bar == null || token > bar)) bars[replica] = token;
                    context.checkpoint(CHECKED);
                    value = newValue;
                    return Write.ok();
                }
            };
        }
    }

    /**
     * {@code zoo-expiring-bar}: the bar is kept in a cache entry set with a one-second expiry whenever it is raised (a
     * fence key written with a TTL, "it only matters while a lease lives"): a holder frozen past its lease writes after
     * the entry is gone, and its stale token is taken.
     */
    public static final class ExpiringBar extends Zoo {
        private static final long TTL_NANOS = 1_000_000_000L;

        @Override
        public String name() {
            return "zoo-expiring-bar";
        }

        @Override
        public String description() {
            return "a counter whose bar is a cache entry that expires a second after it was raised (reads and writes checked)";
        }

        @Override
        public ProtectedResource open(ResourceContext context) {
            return new ProtectedResource() {
                private long value;
                private Long bar;
                private long raisedAt;

                /** Whether {@code token} is below the bar still cached; if it is above, it raises the bar, set anew with its expiry. */
                private boolean stale(long token) {
                    if (bar != null && System.nanoTime() - raisedAt > TTL_NANOS) {
                        context.note("the bar " + bar + " had expired");
                        bar = null;
                    }
                    if (bar != null && token < bar) return true;
                    if (bar == null || token > bar) {
                        bar = token;
                        raisedAt = System.nanoTime();
                    }
                    return false;
                }

                @Override
                public synchronized Read read(Long token) {
                    if (token != null && stale(token)) return Read.rejected("stale token " + token + " (the cached bar is " + bar + ")");
                    return Read.ok(value);
                }

                @Override
                public synchronized Write write(Long token, long newValue) {
                    if (token != null && stale(token)) return Write.rejected("stale token " + token + " (the cached bar is " + bar + ")");
                    context.checkpoint(CHECKED);
                    value = newValue;
                    return Write.ok();
                }
            };
        }
    }
}
