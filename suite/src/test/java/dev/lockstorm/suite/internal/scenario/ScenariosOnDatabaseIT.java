package dev.lockstorm.suite.internal.scenario;

/** The named scenarios that run on a database server (PostgreSQL, MariaDB). */
class ScenariosOnDatabaseIT extends ScenarioRuns {
    ScenariosOnDatabaseIT() {
        super(Family.DATABASE);
    }
}
