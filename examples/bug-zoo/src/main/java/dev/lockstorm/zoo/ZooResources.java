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

    /** A counter whose bar is the highest token it has taken, compared as {@link #before}. */
    private abstract static class Counter implements ProtectedResource {
        private long value;
        private Long bar;

        /** Whether {@code token} is older than {@code bar}: the resource's own comparison. */
        abstract boolean before(long token, long bar);

        /** Whether reads are checked too. */
        abstract boolean checksReads();

        private String stale(long token) {
            return "stale token " + token + " (the store has taken " + bar + ")";
        }

        @Override
        public synchronized Read read(Long token) {
            if (token != null && checksReads()) {
                if (bar != null && before(token, bar)) return Read.rejected(stale(token));
                bar = bar == null || before(bar, token) ? token : bar;
            }
            return Read.ok(value);
        }

        @Override
        public synchronized Write write(Long token, long newValue) {
            if (token != null) {
                if (bar != null && before(token, bar)) return Write.rejected(stale(token));
                bar = bar == null || before(bar, token) ? token : bar;
            }
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
            return new Counter() {
                @Override
                boolean before(long token, long bar) {
                    return Long.toString(token).compareTo(Long.toString(bar)) < 0;
                }

                @Override
                boolean checksReads() {
                    return true;
                }
            };
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
            return new Counter() {
                @Override
                boolean before(long token, long bar) {
                    return token < bar;
                }

                @Override
                boolean checksReads() {
                    return false;
                }
            };
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
            return new Counter() {
                @Override
                boolean before(long token, long bar) {
                    return token < bar;
                }

                @Override
                boolean checksReads() {
                    return true;
                }
            };
        }
    }
}
