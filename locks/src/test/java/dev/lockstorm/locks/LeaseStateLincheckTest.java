package dev.lockstorm.locks;

import org.jetbrains.kotlinx.lincheck.LinChecker;
import org.jetbrains.lincheck.datastructures.IntGen;
import org.jetbrains.lincheck.datastructures.ModelCheckingOptions;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Lincheck model-checks the adapters' in-JVM bookkeeping: connection events from the client
 * library's thread racing acquire, release and stillHeld from the worker's, so that a race in our
 * own client code is never mistaken for a lock failure.
 */
@Param(name = "connection", gen = IntGen.class, conf = "0:3")
@Tag("unit")
public class LeaseStateLincheckTest {
    private final LeaseState state = new LeaseState();

    @Operation
    public void acquired() {
        state.acquired();
    }

    @Operation
    public void released() {
        state.released();
    }

    @Operation
    public void connection(@Param(name = "connection") int c) {
        state.connection(LeaseState.Connection.values()[c]);
    }

    @Operation
    public boolean stillHeld() {
        return state.stillHeld();
    }

    @Test
    void isLinearizable() {
        LinChecker.check(LeaseStateLincheckTest.class, new ModelCheckingOptions().iterations(40).threads(2).actorsPerThread(3)
                .invocationsPerIteration(500));
    }
}
