package dev.lockstorm.suite.internal.scenario;

/** The named scenarios that run on dynalite (DynamoDB's API). */
class ScenariosOnDynamoDbIT extends ScenarioRuns {
    ScenariosOnDynamoDbIT() {
        super(Family.DYNAMODB);
    }
}
