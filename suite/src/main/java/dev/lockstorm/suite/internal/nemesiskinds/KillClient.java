package dev.lockstorm.suite.internal.nemesiskinds;

import dev.lockstorm.nemesis.Fault;
import dev.lockstorm.nemesis.Schedule;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * {@code kill-client}: right after a client acquired, the holder's process is killed (-9), as a
 * deploy or an OOM kill ends a client that holds a lock. It never releases; its driver goes on with
 * a new process. A safe lock frees a crashed holder's lock only when its lease or session ends.
 */
public record KillClient() implements NemesisKind {
    @Override
    public String name() {
        return "kill-client";
    }

    @Override
    public String description() {
        return "kill -9 the lock holder's process right after it acquired; its driver starts a new one";
    }

    @Override
    public Optional<NemesisPlan> plan(Targets t) {
        // a short active time: nothing to heal, the next kill waits for the next grant
        return Optional.of(Schedule.random(List.of(fault(t)), t.rhythm().interval(), Duration.ofMillis(100), t.random())
                .when(t::justAcquired)::run);
    }

    static Fault fault(Targets t) {
        return new Fault.KillHolder("kill-client", t.holder());
    }
}
