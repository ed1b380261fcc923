package dev.lockstorm.suite.internal.scenario;

/** The named scenarios that run on a ZooKeeper ensemble. */
class ScenariosOnZooKeeperIT extends ScenarioRuns {
    ScenariosOnZooKeeperIT() {
        super(Family.ZOOKEEPER);
    }
}
