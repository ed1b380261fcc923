package dev.lockstorm.faults;

import org.junit.jupiter.api.Test;

import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;

class FaultNameTest {
    @Test
    void aRecordedNameGivesItsKindItsReplayedStepAndItsCheckpoint() {
        FaultName replayed = FaultName.parse("pause-at:after-grant#12");
        assertEquals(new FaultName("pause-at:after-grant", 12), replayed);
        assertEquals(Optional.of("after-grant"), replayed.checkpoint());
        assertEquals("pause-at:after-grant#12", replayed.recorded());
        assertEquals(new FaultName("pause-client", FaultName.NO_STEP), FaultName.parse("pause-client"));
        assertEquals("pause-client", FaultName.parse("pause-client").recorded());
        assertEquals(Optional.of("after-setnx"), FaultName.parse("kill-at:after-setnx").checkpoint());
        // aimed at no point: a kind of another name, or one with no point after its colon
        assertEquals(Optional.empty(), FaultName.parse("pause-client#3").checkpoint());
        assertEquals(Optional.empty(), FaultName.parse("pause-at:").checkpoint());
        // a '#' that ends no step is part of the kind (a step has one to six digits)
        assertEquals(new FaultName("odd#name", FaultName.NO_STEP), FaultName.parse("odd#name"));
        assertEquals(new FaultName("x#1234567", FaultName.NO_STEP), FaultName.parse("x#1234567"));
    }
}
