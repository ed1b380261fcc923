package dev.lockstorm.suite.internal.scenario;

/** The named scenarios that run on a etcd cluster. */
class ScenariosOnEtcdIT extends ScenarioRuns {
    ScenariosOnEtcdIT() {
        super(Family.ETCD);
    }
}
