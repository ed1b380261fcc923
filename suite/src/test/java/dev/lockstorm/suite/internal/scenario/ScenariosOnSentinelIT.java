package dev.lockstorm.suite.internal.scenario;

/** The named scenarios that run on a Redis Sentinel. */
class ScenariosOnSentinelIT extends ScenarioRuns {
    ScenariosOnSentinelIT() {
        super(Family.SENTINEL);
    }
}
