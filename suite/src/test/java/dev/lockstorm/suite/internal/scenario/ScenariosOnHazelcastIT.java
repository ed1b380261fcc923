package dev.lockstorm.suite.internal.scenario;

/** The named scenarios that run on Hazelcast CP members. */
class ScenariosOnHazelcastIT extends ScenarioRuns {
    ScenariosOnHazelcastIT() {
        super(Family.HAZELCAST);
    }
}
