package com.acme.lock;

import dev.lockstorm.junit.LockStormRun;
import dev.lockstorm.junit.LockStormTest;

/**
 * Acme's lock under GC pauses, on a real 3-node ZooKeeper ensemble: the holder is frozen (SIGSTOP)
 * past its 4 s session, ZooKeeper deletes its node, and another client takes the lock while the
 * first still believes it holds it.
 */
class AcmeLockTest {

    /**
     * Known unsafe: kept as a regression test, so that nobody believes it was fixed by accident. It
     * asserts only the finding, so the run ends at the first double holder.
     */
    @LockStormTest(system = "acme-zk-lock", nemesis = "pause-client", timeLimit = "25s", nemesisInterval = "5s", holdMax = "1s",
            until = "double-holder")
    void aGcPausePastTheSessionLetsTwoClientsHoldTheLock(LockStormRun run) {
        run.assertDoubleHolder().assertFaultsInjected();
    }

    /**
     * Two holders still happen, but the ledger refuses the stale one: no update is lost. The run ends once
     * it has shown both; the whole check after the heal then tells whether an update was lost.
     */
    @LockStormTest(system = "acme-zk-fenced", resource = "acme-ledger", fencing = "all", nemesis = "pause-client", timeLimit = "25s",
            nemesisInterval = "5s", holdMax = "1s", until = {"double-holder", "stale-writes-rejected"})
    void theLedgerFencesOffTheStaleHolder(LockStormRun run) {
        run.assertNoLostUpdates().assertDoubleHolder().assertStaleWritesRejected();
    }
}
