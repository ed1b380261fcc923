package dev.lockstorm.locks.internal.names;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** A mistyped name is answered with the names it was probably meant to be, and only those. */
@Tag("unit")
class DidYouMeanTest {
    private static final List<String> SYSTEMS = List.of("zk-recipe", "curator-mutex", "redis-single", "redis-sentinel", "redlock", "etcd-lock",
            "etcd-txn-lock");

    @Test
    void aSwapOrATypoFindsTheName() {
        assertEquals(List.of("redis-single"), DidYouMean.of("redis-singel", SYSTEMS));
        assertEquals(List.of("zk-recipe"), DidYouMean.of("zk-recipie", SYSTEMS));
        assertEquals(List.of("redlock"), DidYouMean.of("redlokc", SYSTEMS));
    }

    @Test
    void aPrefixFindsEveryNameItBegins() {
        assertEquals("did you mean etcd-lock or etcd-txn-lock?", DidYouMean.phrase("etcd", SYSTEMS));
    }

    @Test
    void somethingFarFromEveryNameFindsNothing() {
        assertNull(DidYouMean.phrase("hazelcast", SYSTEMS));
        assertNull(DidYouMean.phrase("", SYSTEMS));
    }

    @Test
    void editsCountASwapOfNeighboursAsOne() {
        assertEquals(1, DidYouMean.distance("sytem", "system"));
        assertEquals(1, DidYouMean.distance("singel", "single"));
        assertEquals(3, DidYouMean.distance("kitten", "sitting"));
    }
}
