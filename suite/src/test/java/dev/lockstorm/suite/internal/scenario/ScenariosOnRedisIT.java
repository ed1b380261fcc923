package dev.lockstorm.suite.internal.scenario;

/** The named scenarios that run on a single Redis. */
class ScenariosOnRedisIT extends ScenarioRuns {
    ScenariosOnRedisIT() {
        super(Family.REDIS);
    }
}
