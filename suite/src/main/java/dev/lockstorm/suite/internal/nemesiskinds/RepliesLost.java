package dev.lockstorm.suite.internal.nemesiskinds;

import dev.lockstorm.api.LockSystem;
import dev.lockstorm.nemesis.Fault;
import dev.lockstorm.nemesis.Grudge;
import dev.lockstorm.nemesis.Schedule;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * {@code replies-lost}: while no client holds the lock, one client hears nothing from the servers
 * for two leases while they still hear it: its requests arrive and are applied, their replies are
 * lost. Its next attempt takes the free lock on the server, and its client, never told, gives up on
 * a grant it got: an acquire whose outcome is unknown, and a lock held for no one until its lease
 * runs out. (Aimed at a free lock: a request that meets a held one takes nothing.)
 *
 * <p>{@code replies-lost-briefly}: the moment the lock is free, every client's replies lost for
 * 2.5 s, a little past the Redis clients' 2 s command timeout. The first SET in it takes the lock and
 * is not answered, and its command times out before the heal; a client that retries sends it again,
 * and TCP delivers that second SET when it retransmits the first request (3 s after it, once the
 * acknowledgements were lost too), while the grant still stands under a lease of 4 s or more: it is
 * refused by its own grant, or, with a script that knows the client's value, given that grant.
 *
 * @param everyClient whether every client's replies are lost (else one client's, chosen at random)
 * @param length      how long, or null for two leases
 */
public record RepliesLost(String name, boolean everyClient, Duration length) implements NemesisKind {
    /** {@code replies-lost}: one client's replies, for two leases. */
    public RepliesLost() {
        this("replies-lost", false, null);
    }

    /** {@code replies-lost-briefly}: every client's replies, for 2.5 s. */
    public static RepliesLost briefly() {
        return new RepliesLost("replies-lost-briefly", true, Duration.ofMillis(2500));
    }

    @Override
    public String description() {
        return everyClient ? "the moment the lock is free, every client's replies from every server lost for 2.5 s, past a 2 s command"
                + " timeout (requests arrive and are applied): a SET that took the lock and is sent again arrives after the heal"
                : "while the lock is free, a client's replies from every server lost for two leases (its requests arrive and are applied)";
    }

    @Override
    public Set<Trait> traits() {
        return Set.of(Trait.CHOREOGRAPHY, Trait.CUTS_CLIENTS);
    }

    @Override
    public Optional<String> unfitFor(LockSystem system, int clients) {
        return everyClient ? Optional.empty() : WaiterClockAhead.needsAWaiter(this, clients);
    }

    @Override
    public Optional<NemesisPlan> plan(Targets t) {
        Rhythm r = t.rhythm();
        Fault cut = t.cut(name, () -> {
            List<? extends Client> all = t.clients();
            List<? extends Client> hit = everyClient ? all : List.of(all.get(t.random().nextInt(all.size())));
            return Grudge.repliesLost(hit.stream().map(Client::host).toList(), t.servers().hosts());
        });
        return Optional.of(Schedule.sequence(List.of(cut), r.interval(), length != null ? length : r.lease().multipliedBy(2))
                .when(() -> t.clients().stream().noneMatch(Client::holds))::run);
    }
}
