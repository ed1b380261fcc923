package dev.lockstorm.suite.internal.run;

/** The resource read once more at the end, by a process of its own: the value lost updates are counted against. */
record FinalReadPhase() implements Phase {
    @Override
    public void run(LiveRun run) {
        run.resource.finalRead(run.recorder, run.clients.stream().mapToInt(DrivenClient::process).max().orElse(0) + 1);
    }
}
