package dev.lockstorm.nemesis;

import dev.lockstorm.clusters.lab.Host;
import dev.lockstorm.faults.FaultEffect;

import java.util.Map;
import java.util.Set;

/**
 * A fault on links that each host carries out by rules of its own (an nft table, a tc qdisc): a cut,
 * lossy links, slow links. The family says which rules a host gets and how they come off; the
 * nemesis ({@link Nemesis#links}) records the fault's beginning, puts its rules on each host it names,
 * takes off the family's rules from hosts the fault before named and this one does not, and on
 * {@link Nemesis#healLinks} takes them off everywhere and records the end. So a new family of this
 * shape is its own record (its rules, its {@code schedule.json} fields, its history's value) and its
 * registration, with nothing to add to the nemesis.
 */
public non-sealed interface HostRules extends Action.OnLinks {

    /** The fault as the history records it: its family's record, which writes the event that begins it. */
    FaultEffect effect();

    /** Puts this fault's rules on {@code h} in place of its family's there; {@code links} is every host it names, as hosts. */
    void apply(Host h, Map<Host, Set<Host>> links);

    /** Takes this family's rules off {@code h}, whichever fault of the family put them there; nothing when there are none. */
    void heal(Host h);

    /** The value of the event that records the family healed everywhere ("fully connected"). */
    String healed();

    /** The event that begins it, from {@code plain} (the nemesis's for {@link #effect()}): a family may add to it (a cut its style). */
    default NemesisAction begins(NemesisAction plain) {
        return plain;
    }

    @Override
    default Heal inject(Reach r) {
        r.nemesis().links(this);
        Class<? extends HostRules> family = getClass();
        return r.owning(family, () -> r.nemesis().healLinks(family));
    }
}
