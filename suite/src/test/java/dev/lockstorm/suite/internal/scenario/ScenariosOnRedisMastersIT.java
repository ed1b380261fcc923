package dev.lockstorm.suite.internal.scenario;

/** The named scenarios that run on a Redis masters (Redlock). */
class ScenariosOnRedisMastersIT extends ScenarioRuns {
    ScenariosOnRedisMastersIT() {
        super(Family.REDLOCK);
    }
}
