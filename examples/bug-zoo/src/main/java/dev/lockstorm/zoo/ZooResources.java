package dev.lockstorm.zoo;

import dev.lockstorm.api.ProtectedResource;
import dev.lockstorm.api.ResourceContext;
import dev.lockstorm.api.ResourceType;

/**
 * The zoo's protected resources: the storage side of fencing, as teams write it. Two carry a bug
 * teams really ship, one is the correct control; each is a counter that lock holders read and
 * write, and a read without a token is the run's final read. Run them with {@code --fencing writes}
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

    /** A counter whose bar is the highest token it has taken, as its {@link Order} says; reads checked or not. */
    private static final class Counter implements ProtectedResource {
        private final Order order;
        private final boolean checksReads;
        private long value;
        private Long bar;

        Counter(Order order, boolean checksReads) {
            this.order = order;
            this.checksReads = checksReads;
        }

        /** Whether {@code token} is stale; if not, it raises the bar. */
        private boolean stale(long token) {
            if (bar != null && order.before(token, bar)) return true;
            if (bar == null || order.before(bar, token)) bar = token;
            return false;
        }

        @Override
        public synchronized Read read(Long token) {
            if (token != null && checksReads && stale(token)) return Read.rejected("stale token " + token + " (the store has taken " + bar + ")");
            return Read.ok(value);
        }

        @Override
        public synchronized Write write(Long token, long newValue) {
            if (token != null && stale(token)) return Write.rejected("stale token " + token + " (the store has taken " + bar + ")");
            value = newValue;
            return Write.ok();
        }
    }

    /**
     * {@code zoo-text-tokens}: the token travels as a header and is compared as text, so "10" comes
     * before "9": the tenth holder is refused as stale while the ninth's late writes are taken.
     */
    public static final class TextTokens implements ResourceType {
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
            return new Counter((token, bar) -> Long.toString(token).compareTo(Long.toString(bar)) < 0, true);
        }
    }

    /**
     * {@code zoo-unchecked-reads}: promises fenced reads (a REST API whose GET takes the token too)
     * but checks it on writes only: a holder that wakes from a pause past its lease reads what a newer
     * holder wrote, and acts on it.
     */
    public static final class UncheckedReads implements ResourceType {
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
            return new Counter((token, bar) -> token < bar, false);
        }
    }

    /** {@code zoo-checked}: the control, every token compared as a number, on reads and writes. */
    public static final class Checked implements ResourceType {
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
            return new Counter((token, bar) -> token < bar, true);
        }
    }
}
