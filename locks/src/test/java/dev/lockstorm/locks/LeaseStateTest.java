package dev.lockstorm.locks;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What a holder believes: a doubt that came while its acquire was in flight is not cleared by the grant. */
@Tag("unit")
class LeaseStateTest {

    @Test
    void aSuspensionDuringTheAcquireDoubtsTheGrant() {
        LeaseState s = new LeaseState();
        s.connection(LeaseState.Connection.SUSPENDED);
        s.connection(LeaseState.Connection.RECONNECTED);
        s.acquired();
        assertFalse(s.stillHeld(), "the node it was granted by may be gone already");
        s.released();
        s.acquired();
        assertTrue(s.stillHeld(), "a grant after a release with nothing in between is trusted");
    }

    @Test
    void onlyLossCountsWhenTheHolderWaitsForIt() {
        LeaseState s = new LeaseState(LeaseState.GoneOn.LOST);
        s.connection(LeaseState.Connection.SUSPENDED);
        s.acquired();
        assertTrue(s.stillHeld());
        s.connection(LeaseState.Connection.LOST);
        assertFalse(s.stillHeld());
    }
}
