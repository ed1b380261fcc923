package dev.lockstorm.suite.internal.run;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The lock table judged by the database's clock, under the network between clients and PostgreSQL
 * cut, PostgreSQL (durable) crashed and restarted, and the holder's process killed (its row stays
 * until it expires), with holds drawn across the lease: it has no renewal, so a hold that outlives
 * the lease lets a waiter delete the expired row and take the lock. Every such incident is the
 * lease's limit (the holder's client says its lease ran out), never a defect, and the lock stays
 * live. (Its failures under clock skew and client pauses are named scenarios: ScenariosOnDatabaseIT.)
 */
@Tag("lab")
class DatabaseRunsIT {

    @ParameterizedTest
    @ValueSource(strings = {"partition", "kill", "kill-client"})
    void theLockTableHasNoDefectAndStaysLive(String nemesis) throws Exception {
        LabRuns.assertNoDefect(LabRuns.run(LabRuns.spec("db-table-pg", nemesis, 15)));
    }
}
