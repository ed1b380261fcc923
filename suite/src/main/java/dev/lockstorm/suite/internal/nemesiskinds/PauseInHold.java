package dev.lockstorm.suite.internal.nemesiskinds;

import dev.lockstorm.api.LockSystem;
import dev.lockstorm.nemesis.Fault;
import dev.lockstorm.nemesis.HolderAim;
import dev.lockstorm.nemesis.Schedule;
import dev.lockstorm.suite.internal.workload.Role;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * {@code pause-writer} and {@code pause-reader}, a read-write lock's choreographies: a writer (or a
 * reader) frozen (SIGSTOP) past its lease in the middle of its hold, as a long GC pause freezes it.
 * A writer is then between the two halves of its write, with readers waiting; a reader between its
 * two reads, with a writer waiting. Whoever the lock admits once the frozen client's lease has
 * ended meets it there when it wakes.
 *
 * @param role whom it freezes: {@link Role#WRITER} or {@link Role#READER}
 */
public record PauseInHold(Role role) implements NemesisKind {
    /**
     * When in its hold the client is frozen: past a writer's first half (made right after the grant)
     * and before the hold can have ended, for holds of a second or more (the scenarios' shortest).
     */
    static final Duration FROM = Duration.ofMillis(150);
    static final Duration UNTIL = Duration.ofMillis(700);

    public PauseInHold {
        if (role == Role.EXCLUSIVE) throw new IllegalArgumentException("a read-write lock's writer or reader");
    }

    @Override
    public String name() {
        return role == Role.WRITER ? "pause-writer" : "pause-reader";
    }

    @Override
    public String description() {
        return role == Role.WRITER ? "a read-write lock's writer frozen (SIGSTOP) past its lease between the two halves of its write, readers waiting"
                : "a read-write lock's reader frozen (SIGSTOP) past its lease between its two reads, a writer waiting";
    }

    @Override
    public Set<Trait> traits() {
        return Set.of(Trait.CHOREOGRAPHY);
    }

    @Override
    public Optional<String> unfitFor(LockSystem system, int clients) {
        if (!system.readWrite()) return Optional.of("--nemesis " + name() + " freezes a read-write lock's " + (role == Role.WRITER ? "writer" : "reader")
                + "; " + system.name() + " has no read lock");
        if (clients < 2) return Optional.of("--nemesis " + name() + " needs a client waiting beside the frozen one: --clients 2 or more");
        return Optional.empty();
    }

    @Override
    public Optional<NemesisPlan> plan(Targets t) {
        Rhythm r = t.rhythm();
        // aimed at a client of the role that is in its hold, not at a reader that joined a moment ago
        HolderAim ofRole = (which, act) -> t.holder().at(p -> which.test(p) && inItsHold(t, p.process()), act);
        Fault freeze = new Fault.PauseHolder(name(), ofRole);
        return Optional.of(Schedule.random(List.of(freeze), r.interval(), r.clientPause(), t.random()).when(() -> inTheHold(t))::run);
    }

    /** Whether a client of the role is in its hold now: it has held the lock for a moment, not for long. */
    private boolean inTheHold(Targets t) {
        return t.clients().stream().anyMatch(c -> {
            long held = c.role() == role ? t.heldFor(c.host().name()) : -1;
            return held > FROM.toNanos() && held < UNTIL.toNanos();
        });
    }

    private boolean inItsHold(Targets t, int process) {
        return t.clients().stream().filter(c -> c.process() == process && c.role() == role)
                .anyMatch(c -> t.heldFor(c.host().name()) > FROM.toNanos());
    }
}
