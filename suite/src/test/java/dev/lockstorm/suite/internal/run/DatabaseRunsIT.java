package dev.lockstorm.suite.internal.run;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The lock table judged by the database's clock must stay safe and live when the network between
 * clients and PostgreSQL is cut, when PostgreSQL (durable) crashes and restarts, and when the
 * holder's process is killed (its row stays until it expires): holds are shorter than the lease, so
 * a row outlives its holder's certain hold. (Its failures under clock skew and client pauses are
 * named scenarios: ScenariosOnDatabaseIT.)
 */
@Tag("lab")
class DatabaseRunsIT {

    @ParameterizedTest
    @ValueSource(strings = {"partition", "kill", "kill-client"})
    void theLockTableStaysSafeAndLive(String nemesis) throws Exception {
        LabRuns.assertSafe(LabRuns.run(LabRuns.spec("db-table-pg", nemesis, 15)), true);
    }
}
