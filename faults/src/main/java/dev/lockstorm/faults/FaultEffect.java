package dev.lockstorm.faults;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A fault family, as the history carries it: whom it froze, which links it cut, made lossy, slow or
 * late and in which direction, which nodes it killed, whose renewals it held, which clock it moved
 * and how. One record per family is both the codec (the nemesis writes a fault as {@link #opens()}
 * with {@link #value()}; {@link #read} gives the same record back) and the answer to what it did to a
 * holder ({@link #onHolder}). The checker, the coverage and the report ask a fault these questions
 * through this closed set, never through the event's words; every question is an abstract method, so
 * the compiler refuses a family that does not answer it. A value the history leaves unsaid (an
 * imported history's partition without its grudge) reads as unknown ({@code null} or empty), and
 * each rule says what it takes an unknown for. docs/architecture.md ("A fault family") lists where
 * a new family goes.
 *
 * <pre>{@code
 * FaultEffect cut = new FaultEffect.Cut(Map.of("c1", List.of("n1", "n2", "n3")), CutStyle.INBOUND);
 * // written: {"f": cut.opens().f(), "value": cut.value(), "cut": cut.cut(), ...}
 * FaultEffect.read("start-partition", value, "inbound").onHolder("c1");   // NONE: its renewals still arrive
 * }</pre>
 */
public sealed interface FaultEffect {

    /** "pause", "partition", …: the fault's kind as results.json and the report name it. */
    String word();

    /** The fault as an explanation names it ("the slow link of the holder"): its word, unless that is no noun. */
    default String noun() {
        return word();
    }

    /**
     * What it did to a holder on host {@code client} that it touched (its host or its process): froze
     * it, kept the servers from hearing it, slowed or delayed what it sent, held its renewals, or
     * nothing that could end its lease ({@link Impact#NONE}). Each fault answers for itself, so a new
     * one cannot be added without saying.
     */
    Impact onHolder(String client);

    /**
     * Whether it held up the holder on host {@code client} as far as the servers that judge its lease
     * go: for a fault of links, only where it held up what the holder sent to them
     * ({@link LinkFault#keepsFrom}); for any other, whenever it did something to the holder.
     */
    default boolean keepsFrom(String client, Judging judging) {
        return onHolder(client) != Impact.NONE;
    }

    /** What it did to the holder on host {@code client} as far as the servers that judge its lease go: {@link Impact#NONE} unless it {@link #keepsFrom kept it from them}. */
    default Impact onHolder(String client, Judging judging) {
        return keepsFrom(client, judging) ? onHolder(client) : Impact.NONE;
    }

    /**
     * What it does to the processes it names: freezes them (a server's or a client's worker), crashes
     * a server that starts again on its data, kills a client's worker, or nothing (a fault of links, a
     * clock or renewals names no process to act on). The coverage and the incidents ask this, never
     * which family a fault is, so a new family that freezes or kills is counted and judged as these are.
     */
    OnProcess onProcess();

    /** What a fault does to a process it names. */
    enum OnProcess {
        FREEZES, CRASHES_SERVER, KILLS_CLIENT, NONE
    }

    /** The clients' workers it names ({@code client-c3-p2}): a freeze's; none for a fault that names no worker. */
    default List<Worker> workers() {
        return List.of();
    }

    /** How it moved the clock of the host it names; empty for a fault that moves no clock. */
    default java.util.Optional<Move> clockMove() {
        return java.util.Optional.empty();
    }

    /** Whether it is a fault of an instant, which nothing undoes (a client's worker killed): in force at no moment after it. */
    default boolean instant() {
        return opens() != null && opens().span() == null;
    }

    /**
     * Whether it kept {@code server} from a majority of the servers, itself included, so that the
     * others may choose another leader: only a cut of links can.
     *
     * @param servers the run's servers; empty when the history does not say
     */
    default boolean isolates(String server, java.util.Collection<String> servers, java.util.Set<String> clientHosts) {
        return false;
    }

    /**
     * What it did to the holder on host {@code client} when it names neither that host nor its
     * worker, as far as the servers that judge its lease go; {@code hosts} are the hosts it acted on,
     * as its event names them. Empty for a fault that touches only what it names. A cut among a
     * group's members may keep the holder from the group's leader ({@link Cut#keepsFrom}), and so may
     * a frozen member: the one the holder was attached to ({@link Judging#attached}; any, when the history does not say).
     */
    default java.util.Optional<Impact> pastItsHosts(String client, List<String> hosts, Judging judging) {
        return java.util.Optional.empty();
    }

    /**
     * What it did to a holder whose history does not say where it ran (an imported history: Jepsen's
     * clients run on its control node and each reaches the servers through one of them) had its
     * requests gone through {@code server}, one of the hosts it names. Only a fault of links holds up
     * what passes through a server; a frozen or killed server answers through {@link #pastItsHosts},
     * and a clock or a client's worker is not the holder's.
     */
    default Impact through(String server, Judging judging) {
        return Impact.NONE;
    }

    /**
     * How late what it held up still lands once it is undone, in nanoseconds (a delayed link delivers
     * what was sent under it that much later); empty for a fault that holds nothing back, or whose
     * delay the history does not say.
     */
    default java.util.OptionalLong lateNanos() {
        return java.util.OptionalLong.empty();
    }

    /** Whether it breaks a holder's connection as soon as the server next sends to it (a cut answered with resets). */
    default boolean resetsConnections() {
        return false;
    }

    /**
     * Why, though it held the holder up, it is too mild to keep renewals from landing for a whole
     * lease: so few packets lost that TCP carries a renewal through, so much bandwidth left that a
     * renewal still passes at once. Empty when it is not, or when the history does not say its size;
     * a delay is judged against the lease's own interval ({@link #lateNanos}).
     */
    default java.util.Optional<String> tooMild() {
        return java.util.Optional.empty();
    }

    /**
     * The event that begins this fault in a history (its family's word); null for what lockstorm only
     * reads ({@link Other}, a clock whose move the history does not say).
     */
    NemesisEvent opens();

    /** The event's {@code value} as plain data (lists, maps of hosts, numbers), as the history carries it. */
    Object value();

    /**
     * What it did on {@code host}'s lane of the report's timeline ("cut off from n2, n3", "paused (SIGSTOP)
     * client-c1-p0"); {@code target} is what its span says it acted on.
     */
    String label(String host, String target);

    /**
     * What it acted on, in words: "c1 refuses [n3]; n3 refuses [c1]", "c1 loses 40% from [n1]",
     * "redis-n1", "client-c1-p0"; empty when the history does not say (an imported partition without
     * its grudge), where a reader shows the event's value as it is.
     */
    java.util.Optional<String> what();

    /**
     * The hosts it acted on as its value holds them, for a history whose event does not list them in
     * {@code hosts}: a fault of links its hosts on either side, wherever its value keeps them (a lossy
     * link's inside {@code from}), a freeze of a client's worker its host. Empty when the names in the
     * value, read as they are, are the hosts (a kill's nodes), or when it does not say.
     */
    default java.util.Optional<List<String>> named() {
        return java.util.Optional.empty();
    }

    /** Hands this fault to the {@code visitor}'s method for its family: a consumer outside this package that needs every family. */
    <R> R accept(Visitor<R> visitor);

    /**
     * One method per family, for what a consumer does with each that the records cannot say for
     * themselves (the replay's action for a recorded fault lives with the nemesis): a new family
     * breaks every visitor until it says what to do with it, as a {@code switch} over a sealed type would.
     */
    interface Visitor<R> {
        R freeze(Freeze f);

        R cut(Cut c);

        R loss(Loss l);

        R slow(Slow s);

        R delay(Delay d);

        R kill(Kill k);

        R renewals(Renewals r);

        R clock(Clock c);

        R killClient(KillClient k);

        R other(Other o);
    }

    /** A {@code clock-rate}'s {@code clock} when it moved the monotonic clock rather than the wall clock. */
    String MONOTONIC = "monotonic";

    /** What a fault did to a holder, in the words an incident's cause uses. */
    enum Impact {
        FROZEN("frozen"),
        CUT_OFF("cut off"),
        /**
         * hearing nothing from the servers while they still hear it: its requests are kept from them all the same, since a
         * renewal waits on the last one's answer, TCP sends nothing new once what it sent goes unacknowledged past a
         * retransmission timeout (a few hundred ms), and a connection that answers nothing is given up and cannot be opened again
         */
        REPLIES_LOST("kept from renewing its lease (it heard no replies from the servers: a renewal waits on the last one's answer, and TCP"
                + " holds back what it sends next while what it sent goes unacknowledged)"),
        /** reaching every server, but through a member that may have been cut off from the group's leader */
        CUT_OFF_FROM_LEADER("kept from its group's leader (a member it was or may have been attached to was cut off from the leader)"),
        /** talking with some members of a group it renews through any of, none of which reached a leader with a majority */
        NO_LEADER_REACHED("kept from its group's leader (no member it talked with reached a leader with a majority of the members)"),
        /** not frozen itself, but a member of its group that it was or may have been attached to was, or the leader (whose followers drop their clients) */
        MEMBER_FROZEN("kept from its group's leader (a member it was or may have been attached to, or the leader, was frozen)"),
        /** not frozen itself, but the servers that time its lease were, their clocks running on while no renewal landed */
        SERVERS_FROZEN("kept from renewing its lease (the servers that judge it were frozen, their clocks running on)"),
        /** not touched itself, but the servers that time its lease were killed: no renewal landed while its expiry, kept or lost, ran on */
        SERVERS_DOWN("kept from renewing its lease (the servers that judge it were down, its expiry running on)"),
        LOSSY("slowed by its links losing packets"),
        SLOWED("slowed by a slow link"),
        DELAYED("delayed by its links"),
        UNRENEWED("kept from renewing its lease"),
        /** by a fault in a word lockstorm does not know (an imported history's own): what it did is not said, so it is not ruled out */
        UNREAD("reached by a fault in words lockstorm does not know, which may have held it up (the history does not say what it did)"),
        NONE("not held up");

        private final String words;

        Impact(String words) {
            this.words = words;
        }

        /** "frozen", "cut off", …: what the holder was. */
        public String words() {
            return words;
        }

        /** Whether it reached the holder through the servers that judge its lease (frozen, down, cut among themselves), not itself. */
        public boolean throughServers() {
            return this == CUT_OFF_FROM_LEADER || this == NO_LEADER_REACHED || this == MEMBER_FROZEN || this == SERVERS_FROZEN || this == SERVERS_DOWN;
        }

        /** Whether its links to the servers were cut, both ways or one (what a session's server and the coverage count as a cut). */
        public boolean cut() {
            return this == CUT_OFF || this == REPLIES_LOST;
        }

        /** Whether it held up what went between the holder and the servers on its own links: cut, lossy, slowed or delayed. */
        public boolean onLinks() {
            return cut() || this == LOSSY || this == SLOWED || this == DELAYED;
        }
    }

    /**
     * A fault of links (cut, lossy, slow, delayed): it touches a holder only through the links it acts on, so it explains a
     * lease running out only where it held up what the holder sent to the servers that judge that lease. A fault of the
     * holder's links to another host (the protected resource's service r1, a client) keeps it from nothing.
     */
    sealed interface LinkFault extends FaultEffect permits Cut, Loss, Slow, Delay {
        @Override
        default OnProcess onProcess() {
            return OnProcess.NONE;
        }

        /** Each host and the hosts its links to are cut, lossy, slow or delayed, as its value says; null when it does not say. */
        Map<String, List<String>> links();

        /** As if the holder sat on {@code server}: what it sent there was held up as that host's own was. */
        @Override
        default Impact through(String server, Judging judging) {
            return onHolder(server, judging);
        }

        /** Every host on either side of its links, in the order the value names them. */
        @Override
        default java.util.Optional<List<String>> named() {
            if (links() == null) return java.util.Optional.empty();
            java.util.Set<String> out = new java.util.LinkedHashSet<>();
            links().forEach((host, others) -> {
                out.add(host);
                out.addAll(others);
            });
            return java.util.Optional.of(List.copyOf(out));
        }

        /**
         * The hosts with which {@code client}'s round trips are held up (dropped, lost, slowed or delayed), whichever way:
         * those its links list for it and those that list it. A renewal is a request and its answer: a client waits on the
         * last renewal's answer before it sends the next, or gives up a connection that answers nothing, and TCP sends
         * little more once what it sent goes unacknowledged, so a link held up only on its way back holds renewals up too.
         * Null when the history does not say; a cut answers {@link #keepsFrom} itself, by who hears whom.
         */
        default java.util.Set<String> heldUpWith(String client) {
            if (links() == null) return null;
            java.util.Set<String> out = new java.util.LinkedHashSet<>(links().getOrDefault(client, List.of()));
            links().forEach((host, others) -> {
                if (!host.equals(client) && others.contains(client)) out.add(host);
            });
            return out;
        }

        /**
         * Whether it held up what the holder on {@code client} sends to the servers that judge its lease: to one of them (a
         * lease one server judges, the key's master or a group's leader, which the history does not name as the one the
         * holder used: any may be it), to as many as end a lease a majority judges ({@link Judging#lostEnough}), or to every
         * member of a group the holder renews through any of ({@code group}). Unsaid links count as held up.
         */
        @Override
        default boolean keepsFrom(String client, Judging judging) {
            if (onHolder(client) == Impact.NONE) return false;
            java.util.Set<String> peers = heldUpWith(client);
            if (peers == null) return true;
            java.util.Set<String> all = new java.util.LinkedHashSet<>(judging.servers());
            if (all.isEmpty()) {
                all.addAll(peers);
                all.removeAll(judging.clientHosts());
                all.remove(client);
            }
            long reached = all.stream().filter(peers::contains).count();
            if (reached == 0) return false;
            return switch (judging.judges()) {
                case ONE, KEY_MASTER, LEADER -> true;
                case MAJORITY -> judging.lostEnough(reached, all.size());
                case GROUP -> reached == all.size();
            };
        }
    }

    /**
     * A fault whose value is the list of what it acted on (processes, nodes, clients): that list is
     * its value, and its names joined are what it acted on.
     */
    sealed interface Listed extends FaultEffect permits Freeze, Kill, Renewals, KillClient {
        /** What it acted on, as its event's value lists them. */
        List<?> listed();

        @Override
        default Object value() {
            return listed();
        }

        @Override
        default java.util.Optional<String> what() {
            return java.util.Optional.of(String.join(", ", listed().stream().map(String::valueOf).toList()));
        }
    }

    /** Processes frozen (SIGSTOP): their names ({@code client-c3-p2}, {@code zk-n1}). */
    record Freeze(List<String> processes) implements Listed {
        public Freeze {
            processes = List.copyOf(processes);
        }

        @Override
        public OnProcess onProcess() {
            return OnProcess.FREEZES;
        }

        @Override
        public String word() {
            return "pause";
        }

        @Override
        public List<?> listed() {
            return processes;
        }

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.freeze(this);
        }

        @Override
        public List<Worker> workers() {
            return processes.stream().flatMap(p -> Worker.of(p).stream()).toList();
        }

        /**
         * A frozen member of a group whose leader judges the lease: the one the holder was attached to (any, when the
         * history does not say which), or the leader (the one the run's watch named, else any), whose followers drop their
         * clients' connections while they choose another. Servers that judge the lease themselves, frozen, take no
         * renewal while their clocks run on, so a lease they time ends under the freeze: the one that times it ({@code one},
         * {@code key-master}: the master the run's watch named, any when it named none), or as many of independent servers as
         * end the lease ({@code majority}, {@link Judging#lostEnough}; when the history does not name its servers, any). A
         * group its holder renews through any member of ({@code group}) loses it only with so many members frozen that those
         * left are no majority: nothing commits a heartbeat then, while the leader's clock runs on (one frozen member is one
         * its client gives up on and moves from; the leader frozen alone is a failover, which the failover rule weighs).
         */
        @Override
        public java.util.Optional<Impact> pastItsHosts(String client, List<String> hosts, Judging judging) {
            // a frozen worker holds up its own client only, whatever hosts its line names beside it
            if (workers().size() == processes.size()) return java.util.Optional.empty();
            java.util.Set<String> workerHosts = workers().stream().map(Worker::host).collect(java.util.stream.Collectors.toSet());
            List<String> frozen = hosts.stream().filter(h -> !workerHosts.contains(h)).toList();
            if (!judging.onServer(frozen)) return java.util.Optional.empty();
            if (judging.judges() != dev.lockstorm.api.LeaseModel.Judges.LEADER) {
                return timersOut(frozen, judging) ? java.util.Optional.of(Impact.SERVERS_FROZEN) : java.util.Optional.empty();
            }
            boolean reached = judging.attached().isEmpty() || judging.leader() == null
                    || frozen.stream().anyMatch(h -> judging.attached().contains(h) || h.equals(judging.leader()));
            return reached ? java.util.Optional.of(Impact.MEMBER_FROZEN) : java.util.Optional.empty();
        }

        /** Each process by its host ({@link ProcessNames}: a worker's, a server's); a name that reads as neither by itself. */
        @Override
        public java.util.Optional<List<String>> named() {
            return java.util.Optional.of(processes.stream().map(p -> ProcessNames.host(p).orElse(p)).distinct().toList());
        }

        @Override
        public String label(String host, String target) {
            return "paused (SIGSTOP) " + target;
        }

        @Override
        public NemesisEvent opens() {
            return NemesisEvent.START_PAUSE;
        }

        @Override
        public Impact onHolder(String client) {
            return Impact.FROZEN;
        }
    }

    /**
     * A partition.
     *
     * @param refuses each host and the hosts it refuses packets from; null when the history does not say
     * @param style   how packets were refused ({@link CutStyle#INBOUND}: the refusing host drops what arrives,
     *                its own packets go out)
     */
    record Cut(Map<String, List<String>> refuses, CutStyle style) implements LinkFault {
        public Cut {
            java.util.Objects.requireNonNull(style, "style");
        }

        @Override
        public java.util.Optional<Impact> pastItsHosts(String client, List<String> hosts, Judging judging) {
            return java.util.Optional.of(onHolder(client, judging));
        }

        @Override
        public String word() {
            return "partition";
        }

        /** "[reset] c1 refuses [n3]; n3 refuses [c1]": who refuses whom, and how when not silently. */
        @Override
        public java.util.Optional<String> what() {
            if (refuses == null) return java.util.Optional.empty();
            if (refuses.values().stream().allMatch(List::isEmpty)) return java.util.Optional.of("no host refusing another");
            String how = style == CutStyle.BLACKHOLE ? "" : "[" + style.word() + "] ";
            return java.util.Optional.of(how + each(refuses, (host, others) -> host + " refuses " + others));
        }

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.cut(this);
        }

        /** What a host refusing others saw, by how the cut refused packets. */
        @Override
        public String label(String host, String target) {
            List<String> from = refuses == null ? List.of() : refuses.getOrDefault(host, List.of());
            if (from.isEmpty()) return "partition " + target;
            String hosts = String.join(", ", from);
            return switch (style) {
                case RESET -> "cut off from " + hosts + " (answered with resets)";
                case INBOUND -> "hears nothing from " + hosts + " (what it sends arrives)";
                case BLACKHOLE -> "cut off from " + hosts;
            };
        }

        @Override
        public NemesisEvent opens() {
            return NemesisEvent.START_PARTITION;
        }

        /** The grudge, each host with the hosts it refuses; the style goes in the event's {@code cut} ({@link #cut()}). */
        @Override
        public Object value() {
            return refuses;
        }

        @Override
        public boolean resetsConnections() {
            return style == CutStyle.RESET;
        }

        @Override
        public Map<String, List<String>> links() {
            return refuses;
        }

        /** The event's {@code cut}: the style's word, or null for packets dropped silently (the default, left unsaid). */
        public String cut() {
            return style == CutStyle.BLACKHOLE ? null : style.word();
        }

        /**
         * Cut off when the servers stopped hearing the holder: some host refused the holder's host. That host itself
         * refusing the others inbound (replies lost) lets its first requests through, but no more than TCP sends before
         * what it sent goes unanswered: {@link Impact#REPLIES_LOST}. A partition that does not say who refused whom
         * counts as a cut.
         */
        @Override
        public Impact onHolder(String client) {
            boolean unheard = refuses == null || !refuses.containsKey(client) || style != CutStyle.INBOUND || listedByAnother(refuses, client);
            return unheard ? Impact.CUT_OFF : Impact.REPLIES_LOST;
        }

        /**
         * Whether the holder on {@code client} was kept from the servers that judge its lease: from the one there is, or
         * from any (the master holding its key is not recorded: any may be it); for independent servers a majority of
         * which judge (Redlock's masters, each renewing the holder itself), from as many as end the lease
         * ({@link Judging#lostEnough}: where the holder held it, so many that those it still talks with both ways are no
         * majority when unsaid); for a consensus group's leader, on the way through the member the holder was
         * attached to ({@link Judging#attached}; any, when the history does not say or the cut parts the holder from it):
         * a member that does not hear the holder or that it does not hear, or that is cut off from the leader (the one
         * the run's watch named, else any member that could lead); for a group whose client renews through any member
         * ({@code group}), where no member it talks with both ways is, or talks with, a leader with a majority (the one the
         * watch named while it has one, else any member that has one; none: nothing commits). A cut between clients, or of
         * a server the holder did not need, keeps it from nothing. Unsaid grudges (or servers) count as a cut.
         */
        @Override
        public boolean keepsFrom(String client, Judging judging) {
            return onHolder(client, judging) != Impact.NONE;
        }

        /**
         * Cut off ({@link #keepsFrom}); kept from its group's leader through the member it may have used, when every server
         * still talks with the holder both ways; or its replies lost, when every server still hears it. A server the holder
         * hears nothing from takes none of its renewals either, whatever arrives first (see {@link Impact#REPLIES_LOST}).
         */
        @Override
        public Impact onHolder(String client, Judging judging) {
            if (onHolder(client) == Impact.NONE) return Impact.NONE;
            if (refuses == null) return Impact.CUT_OFF;
            java.util.Set<String> all = serversOf(judging.servers(), judging.clientHosts());
            if (judging.servers().isEmpty()) all.remove(client);
            if (all.isEmpty()) return Impact.NONE;
            boolean kept = switch (judging.judges()) {
                case ONE, KEY_MASTER -> all.stream().anyMatch(s -> separates(s, client));
                // independent masters (Redlock's), each renewing the holder itself: how the servers talk among themselves does not matter
                case MAJORITY -> judging.lostEnough(all.stream().filter(s -> separates(s, client)).count(), all.size());
                case LEADER -> {
                    // no member left that could lead: nothing commits the holder's renewals
                    List<String> leaders = leadersOf(judging.leader(), all);
                    // the member it was attached to when the cut began, while that one still answers it; a holder cut from its
                    // member reconnects to whichever answers, so then any member may carry its renewals
                    java.util.Set<String> via = new java.util.HashSet<>(judging.attached());
                    via.retainAll(all);
                    if (via.isEmpty() || via.stream().anyMatch(s -> separates(s, client))) via = all;
                    yield leaders.isEmpty() || via.stream().anyMatch(s -> separates(s, client) || leaders.stream().anyMatch(l -> !l.equals(s) && separates(s, l)));
                }
                // a client connected to every member, renewing through whichever answers: kept only where no member it talks with
                // reaches a leader with a majority (a leader cut off from the majority is replaced: the failover rule weighs that)
                case GROUP -> {
                    List<String> leaders = majorityLeaders(judging.leader(), all);
                    yield all.stream().noneMatch(s -> !separates(s, client) && leaders.stream().anyMatch(l -> l.equals(s) || !separates(s, l)));
                }
            };
            if (!kept) return Impact.NONE;
            java.util.List<String> others = all.stream().filter(s -> !s.equals(client)).toList();
            if (judging.judges() == dev.lockstorm.api.LeaseModel.Judges.GROUP && others.stream().anyMatch(s -> !separates(s, client))) {
                return Impact.NO_LEADER_REACHED;
            }
            if (others.stream().noneMatch(s -> separates(s, client))) return Impact.CUT_OFF_FROM_LEADER;
            return others.stream().allMatch(s -> hears(s, client)) ? Impact.REPLIES_LOST : Impact.CUT_OFF;
        }

        /** The leader the run's watch named when it is one of {@code all} and still has a majority, else every member that has one. */
        private List<String> majorityLeaders(String leader, java.util.Set<String> all) {
            return leadersOf(leader != null && all.contains(leader) && withMajority(leader, all) ? leader : null, all);
        }

        /** The leader the run's watch named when it is one of {@code all}, else every member that could lead: one with a majority. */
        private List<String> leadersOf(String leader, java.util.Set<String> all) {
            if (leader != null && all.contains(leader)) return List.of(leader);
            return all.stream().filter(s -> withMajority(s, all)).toList();
        }

        /**
         * Whether {@code server} is left with less than a majority of the servers it can talk with both ways (itself
         * included), so that the others may choose another leader. A grudge that does not say who refused whom isolates nobody.
         *
         * @param servers the run's servers; empty when the history does not say (then those the grudge names, clients aside)
         */
        @Override
        public boolean isolates(String server, java.util.Collection<String> servers, java.util.Set<String> clientHosts) {
            if (refuses == null) return false;
            java.util.Set<String> all = serversOf(servers, clientHosts);
            return all.contains(server) && all.size() >= 2 && !withMajority(server, all);
        }

        /** Whether {@code a} and {@code b} cannot talk both ways under this cut (a grudge that does not say who refused whom: they cannot). */
        public boolean separates(String a, String b) {
            return refuses == null || !(hears(a, b) && hears(b, a));
        }

        /** {@code servers}, or when the history does not say them, the hosts the grudge names less the clients' (refuses not null). */
        private java.util.Set<String> serversOf(java.util.Collection<String> servers, java.util.Set<String> clientHosts) {
            java.util.Set<String> all = new java.util.LinkedHashSet<>(servers);
            if (all.isEmpty()) {
                refuses.forEach((k, v) -> {
                    all.add(k);
                    all.addAll(v);
                });
                all.removeAll(clientHosts);
            }
            return all;
        }

        /** Whether {@code server} talks both ways with a majority of {@code all}, itself included. */
        private boolean withMajority(String server, java.util.Set<String> all) {
            long peers = all.stream().filter(x -> x.equals(server) || !separates(server, x)).count();
            return peers >= dev.lockstorm.api.LeaseModel.Judges.majority(all.size());
        }

        /** Whether {@code to} gets what {@code from} sends: neither refuses the other (inbound: only the receiver's refusal counts). */
        private boolean hears(String to, String from) {
            if (refuses.getOrDefault(to, List.of()).contains(from)) return false;
            return style == CutStyle.INBOUND || !refuses.getOrDefault(from, List.of()).contains(to);
        }
    }

    /**
     * Lossy links.
     *
     * @param percent the share of packets lost, or null when not said
     * @param from    each host and the hosts it loses packets from; null when not said
     */
    record Loss(Number percent, Map<String, List<String>> from) implements LinkFault {
        /** Below this share of packets lost, TCP's retransmissions carry a renewal through within a lease. */
        public static final double STOPS_RENEWALS_FROM_PERCENT = 30;

        @Override
        public String word() {
            return "loss";
        }

        @Override
        public String noun() {
            return "packet loss";
        }

        @Override
        public java.util.Optional<String> tooMild() {
            if (percent == null || percent.doubleValue() >= STOPS_RENEWALS_FROM_PERCENT) return java.util.Optional.empty();
            return java.util.Optional.of("loses " + percent + " % of packets: TCP carries a renewal through (lockstorm counts "
                    + (int) STOPS_RENEWALS_FROM_PERCENT + " % or more)");
        }

        /** "c1 loses 40% from [n1]; n1 loses 40% from [c1]". */
        @Override
        public java.util.Optional<String> what() {
            return from == null ? java.util.Optional.empty() : java.util.Optional.of(each(from, (host, others) -> host + " loses " + percent + "% from " + others));
        }

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.loss(this);
        }

        /** "losing 40% of the packets from n1" on a host of a lossy link. */
        @Override
        public String label(String host, String target) {
            List<String> of = from == null ? null : from.get(host);
            return of == null ? "lossy links" : "losing " + percent + "% of the packets from " + String.join(", ", of);
        }

        @Override
        public NemesisEvent opens() {
            return NemesisEvent.START_LOSS;
        }

        @Override
        public Object value() {
            return measured("percent", percent, "from", from);
        }

        /** TCP retransmits what was lost either way, with a growing backoff: slowed, not cut. */
        @Override
        public Impact onHolder(String client) {
            return onEitherEnd(from, client) ? Impact.LOSSY : Impact.NONE;
        }

        @Override
        public Map<String, List<String>> links() {
            return from;
        }

    }

    /**
     * Slow links.
     *
     * @param kbit their bandwidth, or null when not said
     * @param to   each host and the hosts its packets to are slowed; null when not said
     */
    record Slow(Number kbit, Map<String, List<String>> to) implements LinkFault {
        /** Above this bandwidth a renewal (a few hundred bytes) passes at once. */
        public static final double STOPS_RENEWALS_TO_KBIT = 64;

        @Override
        public String word() {
            return "slow";
        }

        @Override
        public String noun() {
            return "slow link";
        }

        @Override
        public java.util.Optional<String> tooMild() {
            if (kbit == null || kbit.doubleValue() <= STOPS_RENEWALS_TO_KBIT) return java.util.Optional.empty();
            return java.util.Optional.of("leaves " + kbit + " kbit/s: a renewal still passes at once (lockstorm counts "
                    + (int) STOPS_RENEWALS_TO_KBIT + " kbit/s or less)");
        }

        /** "c1 sends 2 kbit/s to [n1]; n1 sends 2 kbit/s to [c1]". */
        @Override
        public java.util.Optional<String> what() {
            return to == null ? java.util.Optional.empty() : java.util.Optional.of(each(to, (host, others) -> host + " sends " + kbit + " kbit/s to " + others));
        }

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.slow(this);
        }

        /** "sending at most 2 kbit/s to n1" on a host of a slow link. */
        @Override
        public String label(String host, String target) {
            List<String> of = to == null ? null : to.get(host);
            return of == null ? "slow links" : "sending at most " + kbit + " kbit/s to " + String.join(", ", of);
        }

        @Override
        public NemesisEvent opens() {
            return NemesisEvent.START_SLOW;
        }

        @Override
        public Object value() {
            return measured("kbit", kbit, "to", to);
        }

        /** A slow link queues what the holder sends, or the answers it waits on: its renewals arrive late. */
        @Override
        public Impact onHolder(String client) {
            return onEitherEnd(to, client) ? Impact.SLOWED : Impact.NONE;
        }

        @Override
        public Map<String, List<String>> links() {
            return to;
        }

    }

    /**
     * Delayed links.
     *
     * @param ms       the delay each way, or null when not said
     * @param jitterMs its jitter, or null
     * @param to       each client and the servers whose traffic with it waits; null when not said
     */
    record Delay(Number ms, Number jitterMs, Map<String, List<String>> to) implements LinkFault {
        @Override
        public String word() {
            return "delay";
        }

        /** "c1 delayed 300 ± 100 ms with [n1, n2]". */
        @Override
        public java.util.Optional<String> what() {
            if (to == null || ms == null) return java.util.Optional.empty();
            return java.util.Optional.of(each(to, (host, others) -> host + " delayed " + by() + " with " + others));
        }

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.delay(this);
        }

        /** "300 ± 100 ms late each way with n1, n2" on a client of a delayed link, "delayed links" elsewhere. */
        @Override
        public String label(String host, String target) {
            List<String> of = to == null ? null : to.get(host);
            if (of == null) return "delayed links";
            return by() + " late each way with " + String.join(", ", of);
        }

        /** "300 ± 100 ms", "300 ms": the delay, and its jitter when there is one. */
        private String by() {
            return ms + (jitterMs == null || jitterMs.doubleValue() <= 0 ? "" : " ± " + jitterMs) + " ms";
        }

        @Override
        public NemesisEvent opens() {
            return NemesisEvent.START_DELAY;
        }

        @Override
        public Object value() {
            Map<String, Object> v = measured("ms", ms, "to", to);
            v.put("jitter_ms", jitterMs);
            return v;
        }

        /** How late a packet lands at most (the delay and its jitter), in nanoseconds; empty when the history does not say. */
        @Override
        public java.util.OptionalLong lateNanos() {
            if (ms == null) return java.util.OptionalLong.empty();
            return java.util.OptionalLong.of((long) ((ms.doubleValue() + (jitterMs == null ? 0 : jitterMs.doubleValue())) * 1_000_000L));
        }

        /** A delayed link holds back what the holder sends and hears: its renewals land late, its grants come late. */
        @Override
        public Impact onHolder(String client) {
            return onEitherEnd(to, client) ? Impact.DELAYED : Impact.NONE;
        }

        @Override
        public Map<String, List<String>> links() {
            return to;
        }

    }

    /** Servers killed (-9) until they start again on their data: their hosts. */
    record Kill(List<String> nodes) implements Listed {
        public Kill {
            nodes = List.copyOf(nodes);
        }

        @Override
        public OnProcess onProcess() {
            return OnProcess.CRASHES_SERVER;
        }

        @Override
        public String word() {
            return "kill";
        }

        @Override
        public List<?> listed() {
            return nodes;
        }

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.kill(this);
        }

        @Override
        public String label(String host, String target) {
            return "down (kill -9)";
        }

        @Override
        public NemesisEvent opens() {
            return NemesisEvent.KILL;
        }

        @Override
        public Impact onHolder(String client) {
            return Impact.NONE;
        }

        /**
         * Servers that time the lease themselves, killed, take no renewal while its expiry runs on (a key's expiry is a
         * moment of the wall clock, which a server restarted on its data finds passed; one restarted without data has
         * lost it): the one that times it, or as many of independent servers as end the lease, as for a freeze. A group's
         * leader killed hands over to a new one (which gives every lease a whole ttl, or its failover grace), and a client of a
         * killed member moves to another: those are the failover's rules.
         */
        @Override
        public java.util.Optional<Impact> pastItsHosts(String client, List<String> hosts, Judging judging) {
            boolean consensus = judging.judges() == dev.lockstorm.api.LeaseModel.Judges.LEADER || judging.judges() == dev.lockstorm.api.LeaseModel.Judges.GROUP;
            if (consensus || !judging.onServer(hosts)) return java.util.Optional.empty();
            return timersOut(hosts, judging) ? java.util.Optional.of(Impact.SERVERS_DOWN) : java.util.Optional.empty();
        }
    }

    /** Clients whose lease renewals were held while they ran on. */
    record Renewals(List<String> clients) implements Listed {
        public Renewals {
            clients = List.copyOf(clients);
        }

        @Override
        public OnProcess onProcess() {
            return OnProcess.NONE;
        }

        @Override
        public String word() {
            return "renewals";
        }

        @Override
        public String noun() {
            return "hold on renewals";
        }

        @Override
        public List<?> listed() {
            return clients;
        }

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.renewals(this);
        }

        @Override
        public String label(String host, String target) {
            return "lease renewals held";
        }

        @Override
        public NemesisEvent opens() {
            return NemesisEvent.HOLD_RENEWALS;
        }

        @Override
        public Impact onHolder(String client) {
            return Impact.UNRENEWED;
        }
    }

    /**
     * A clock moved.
     *
     * @param process whose clock (its process's name), or the event's value as text when not said
     * @param move    how
     */
    record Clock(String process, Move move) implements FaultEffect {
        @Override
        public OnProcess onProcess() {
            return OnProcess.NONE;
        }

        @Override
        public java.util.Optional<Move> clockMove() {
            return java.util.Optional.of(move);
        }

        /** Its process's host ({@link ProcessNames}); none when the process's name reads as no host: the keys of its value never are hosts. */
        @Override
        public java.util.Optional<List<String>> named() {
            return java.util.Optional.of(ProcessNames.host(process).map(List::of).orElse(List.of()));
        }

        @Override
        public String word() {
            return "clock";
        }

        /** Whose clock: its process's name. */
        @Override
        public java.util.Optional<String> what() {
            return java.util.Optional.of(process);
        }

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.clock(this);
        }

        /** "clock -60.0 s", "clock +4.0 s strobe", "clock ×1.5". */
        @Override
        public String label(String host, String target) {
            return "clock " + move.label(process);
        }

        @Override
        public NemesisEvent opens() {
            return move.event();
        }

        @Override
        public Object value() {
            Map<String, Object> v = new LinkedHashMap<>();
            v.put("process", process);
            move.writeInto(v);
            return v;
        }

        /** A clock does not hold a holder up; whether it ended a lease is the lease's question. */
        @Override
        public Impact onHolder(String client) {
            return Impact.NONE;
        }
    }

    /** How a clock was moved. */
    sealed interface Move {
        /**
         * Whether it can make a lease timed on this clock end early: a jump ahead, a clock running fast,
         * a strobe (it jumps both ways); a move the history does not say is taken as able to. A clock
         * set back or slowed only makes such a lease last longer.
         */
        boolean canHasten();

        /** Hands this move to the {@code visitor}'s method for its kind. */
        <R> R accept(Visitor<R> visitor);

        /** One method per way a clock moves (see {@link FaultEffect.Visitor}). */
        interface Visitor<R> {
            R jump(Jump j);

            R rate(Rate r);

            R strobe(Strobe s);

            R unknown(Unknown u);
        }

        /** "-60.0 s", "+4.0 s strobe", "×1.5": the move on a timeline; {@code process} when the history does not say. */
        String label(String process);

        /** The event that records this move; null for one only read ({@link Unknown}). */
        NemesisEvent event();

        /** Puts what the event's value says of this move into {@code value} ({@code delta_ms}, {@code rate}, …). */
        void writeInto(Map<String, Object> value);

        /** Which way and by how much: "back 60.000 s", "ahead 1.500 s", "its wall clock running at 1.50×", "strobed by 200.000 ms". */
        String words();

        /**
         * How far ahead of real time a lease timed on this clock, stamped no earlier than {@code stamped}, got by
         * {@code until} (nanoseconds; negative: behind), the move having begun at {@code from}: a jump its delta, but
         * nothing for a lease stamped after it (on the clock as moved); a strobe its swing (it jumps both ways) while it
         * went on after the stamp; a rate what it gained from the later of the two. Empty when the history does not say
         * how it moved.
         */
        java.util.OptionalLong aheadNanos(long from, long stamped, long until);

        /**
         * How far ahead of real time a lease timed on this clock and stamped at {@code stamped}, while the move was
         * on it (from {@code from}), got when the clock was set right again: minus what the move had put on the clock
         * by the stamp. A clock set back, or slowed, and then set right jumps forward under a lease stamped meanwhile
         * (Redis keeps a key's expiry as a time on its clock); one set ahead, or fast, jumps back. Empty when the
         * history does not say how it moved.
         */
        java.util.OptionalLong setRightNanos(long from, long stamped);

        /**
         * The most a lease stamped no earlier than {@code stamped}, and again every {@code window} (a renewed lease),
         * got ahead of real time by {@code until} from this move: what a jump or a strobe put on the clock at once, a
         * rate only what it gained in one window.
         */
        default java.util.OptionalLong gainNanos(long from, long stamped, long until, long window) {
            return aheadNanos(from, stamped, until);
        }

        /** Whether setting the clock right after this move can end a lease stamped during it early ({@link #setRightNanos} above 0). */
        boolean settingRightHastens();

        /** The rate it set a process's monotonic clock (and the waits timed by it) to; empty for a move of the wall clock. */
        default java.util.OptionalDouble monotonicRate() {
            return java.util.OptionalDouble.empty();
        }

        /**
         * Whether it may have moved the monotonic clock, which a service that times leases on it reads
         * (ZooKeeper's session tracker, etcd's lessor): a rate set there, or a move the history does not
         * say; never a jump or a strobe, which set the wall clock.
         */
        default boolean reachesMonotonic() {
            return monotonicRate().isPresent();
        }

        /** The wall clock set ahead ({@code deltaMs > 0}) or back. */
        record Jump(long deltaMs) implements Move {
            @Override
            public String words() {
                if (deltaMs == 0) return "not moved";
                return (deltaMs < 0 ? "back " : "ahead ") + Words.duration(Math.abs(deltaMs) * 1_000_000L);
            }

            @Override
            public boolean canHasten() {
                return deltaMs > 0;
            }

            @Override
            public java.util.OptionalLong aheadNanos(long from, long stamped, long until) {
                return java.util.OptionalLong.of(stamped >= from || until < from ? 0 : deltaMs * 1_000_000L);
            }

            @Override
            public java.util.OptionalLong setRightNanos(long from, long stamped) {
                return java.util.OptionalLong.of(stamped < from ? 0 : -deltaMs * 1_000_000L);
            }

            @Override
            public boolean settingRightHastens() {
                return deltaMs < 0;
            }

            @Override
            public <R> R accept(Visitor<R> visitor) {
                return visitor.jump(this);
            }

            @Override
            public String label(String process) {
                return String.format(java.util.Locale.ROOT, "%+.1f s", deltaMs / 1000.0);
            }

            @Override
            public NemesisEvent event() {
                return NemesisEvent.CLOCK_JUMP;
            }

            @Override
            public void writeInto(Map<String, Object> value) {
                value.put("delta_ms", deltaMs);
            }
        }

        /**
         * A clock running at {@code rate} times real speed: the wall clock, or with {@code monotonic} the
         * monotonic clock and the waits timed by it (a lease its holder times itself).
         */
        record Rate(double rate, boolean monotonic) implements Move {
            /** The wall clock at {@code rate}. */
            public Rate(double rate) {
                this(rate, false);
            }

            @Override
            public String words() {
                return String.format(java.util.Locale.ROOT, "its %s clock running at %.2f×", monotonic ? "monotonic" : "wall", rate);
            }

            @Override
            public boolean canHasten() {
                return rate > 1.0;
            }

            @Override
            public java.util.OptionalLong aheadNanos(long from, long stamped, long until) {
                return java.util.OptionalLong.of((long) ((rate - 1) * Math.max(0, until - Math.max(from, stamped))));
            }

            @Override
            public java.util.OptionalLong gainNanos(long from, long stamped, long until, long window) {
                return aheadNanos(from, Math.max(stamped, until - window), until);
            }

            /** A wall clock loses its gain (or its lag) when set right; a monotonic clock keeps what it gained and never jumps. */
            @Override
            public java.util.OptionalLong setRightNanos(long from, long stamped) {
                return java.util.OptionalLong.of(monotonic || stamped < from ? 0 : (long) ((1 - rate) * (stamped - from)));
            }

            @Override
            public boolean settingRightHastens() {
                return !monotonic && rate < 1.0;
            }

            @Override
            public java.util.OptionalDouble monotonicRate() {
                return monotonic ? java.util.OptionalDouble.of(rate) : java.util.OptionalDouble.empty();
            }

            @Override
            public <R> R accept(Visitor<R> visitor) {
                return visitor.rate(this);
            }

            @Override
            public String label(String process) {
                return "×" + rate;
            }

            @Override
            public NemesisEvent event() {
                return NemesisEvent.CLOCK_RATE;
            }

            @Override
            public void writeInto(Map<String, Object> value) {
                value.put("rate", rate);
                if (monotonic) value.put("clock", MONOTONIC);
            }
        }

        /** The wall clock strobed by {@code deltaMs} again and again. */
        record Strobe(long deltaMs, Long periodMs) implements Move {
            @Override
            public String words() {
                return "strobed by " + Words.duration(Math.abs(deltaMs) * 1_000_000L);
            }

            @Override
            public boolean canHasten() {
                return deltaMs != 0;
            }

            @Override
            public java.util.OptionalLong aheadNanos(long from, long stamped, long until) {
                return java.util.OptionalLong.of(until <= Math.max(from, stamped) ? 0 : Math.abs(deltaMs) * 1_000_000L);
            }

            /** Its swing: a lease may have been stamped at either end of it. */
            @Override
            public java.util.OptionalLong setRightNanos(long from, long stamped) {
                return java.util.OptionalLong.of(stamped < from ? 0 : Math.abs(deltaMs) * 1_000_000L);
            }

            @Override
            public boolean settingRightHastens() {
                return deltaMs != 0;
            }

            @Override
            public <R> R accept(Visitor<R> visitor) {
                return visitor.strobe(this);
            }

            @Override
            public String label(String process) {
                return String.format(java.util.Locale.ROOT, "%+.1f s strobe", deltaMs / 1000.0);
            }

            @Override
            public NemesisEvent event() {
                return NemesisEvent.START_CLOCK_STROBE;
            }

            @Override
            public void writeInto(Map<String, Object> value) {
                value.put("delta_ms", deltaMs);
                if (periodMs != null) value.put("period_ms", periodMs);
            }
        }

        /** The history does not say how. */
        record Unknown() implements Move {
            @Override
            public String words() {
                return "moved (the history does not say how)";
            }

            @Override
            public boolean reachesMonotonic() {
                return true;
            }

            @Override
            public boolean canHasten() {
                return true;
            }

            @Override
            public java.util.OptionalLong aheadNanos(long from, long stamped, long until) {
                return java.util.OptionalLong.empty();
            }

            @Override
            public java.util.OptionalLong setRightNanos(long from, long stamped) {
                return java.util.OptionalLong.empty();
            }

            @Override
            public boolean settingRightHastens() {
                return true;
            }

            @Override
            public <R> R accept(Visitor<R> visitor) {
                return visitor.unknown(this);
            }

            @Override
            public String label(String process) {
                return process;
            }

            /** None: a move the history did not say is read, never written. */
            @Override
            public NemesisEvent event() {
                return null;
            }

            @Override
            public void writeInto(Map<String, Object> value) {
            }
        }
    }

    /** Client processes killed (-9), dead from this event on: their process numbers as the value lists them. */
    record KillClient(List<Object> processes) implements Listed {
        public KillClient {
            processes = java.util.Collections.unmodifiableList(new ArrayList<>(processes));
        }

        @Override
        public OnProcess onProcess() {
            return OnProcess.KILLS_CLIENT;
        }

        @Override
        public String word() {
            return "kill-client";
        }

        @Override
        public List<?> listed() {
            return processes;
        }

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.killClient(this);
        }

        @Override
        public String label(String host, String target) {
            return "client process killed (kill -9)";
        }

        @Override
        public NemesisEvent opens() {
            return NemesisEvent.KILL_CLIENT;
        }

        /** A killed holder is dead, not held up: its lease ends as a crashed client's does. */
        @Override
        public Impact onHolder(String client) {
            return Impact.NONE;
        }
    }

    /** An event outside the vocabulary (an imported history's own word): a fault of an instant, nothing known of it. */
    record Other(String f) implements FaultEffect {
        @Override
        public OnProcess onProcess() {
            return OnProcess.NONE;
        }

        @Override
        public String word() {
            return f;
        }

        @Override
        public java.util.Optional<String> what() {
            return java.util.Optional.empty();
        }

        @Override
        public <R> R accept(Visitor<R> visitor) {
            return visitor.other(this);
        }

        @Override
        public String label(String host, String target) {
            return f + " " + target;
        }

        /** None: lockstorm reads such a word, never writes it. */
        @Override
        public NemesisEvent opens() {
            return null;
        }

        @Override
        public Object value() {
            return null;
        }

        /** Through a host it names it may have done anything to the holder's requests. */
        @Override
        public Impact through(String server, Judging judging) {
            return Impact.UNREAD;
        }

        /** On the holder's own host it may have done anything: what the word means is not said. */
        @Override
        public Impact onHolder(String client) {
            return Impact.UNREAD;
        }

        /**
         * On a server, or on hosts the history does not name, it may have kept the holder from the servers that judge its lease
         * (a partition or a crash under a word of its own); one that names only other clients' hosts keeps the holder from nothing.
         */
        @Override
        public java.util.Optional<Impact> pastItsHosts(String client, List<String> hosts, Judging judging) {
            return hosts.isEmpty() || judging.onServer(hosts) ? java.util.Optional.of(Impact.UNREAD) : java.util.Optional.empty();
        }
    }

    /**
     * What is wrong with the value of a fault event in lockstorm's own words, or null: a cut style
     * that does not exist, a loss percent or a bandwidth or a delay that is no number in its range,
     * links of the wrong shape. Such a value is bad input, never read and used to explain an incident
     * (a loss of "abc" percent would have counted as a loss big enough).
     */
    static String problem(String f, Object v, Object cut) {
        NemesisEvent e = NemesisEvent.of(f).orElse(null);
        if (e == null) return null;
        return switch (e) {
            case START_PARTITION -> cut == null || CutStyle.of(String.valueOf(cut)).isPresent() ? null
                    : "cut " + Words.show(cut) + " is no way to cut; expected one of " + CutStyle.words();
            case START_LOSS -> firstOf(inRange(v, "percent", 0, 100, false, "a percent of packets lost, above 0 and at most 100"), linksShape(v, "from"));
            case START_SLOW -> firstOf(inRange(v, "kbit", 0, Double.MAX_VALUE, false, "a bandwidth in kbit/s above 0"), linksShape(v, "to"));
            // judged in nanoseconds too: a delay past what they hold would wrap round into one that lands before it was sent
            case START_DELAY -> firstOf(inRange(v, "ms", 0, MAX_DELTA_MS, true, "a delay in milliseconds, 0 or more, that the history's"
                            + " nanosecond times can hold (at most " + String.format(java.util.Locale.ROOT, "%,d", MAX_DELTA_MS) + ")"),
                    field(v, "jitter_ms") == null ? null : inRange(v, "jitter_ms", 0, MAX_DELTA_MS, true, "a jitter in milliseconds, 0 or more,"
                            + " that the history's nanosecond times can hold"),
                    linksShape(v, "to"));
            // judged in nanoseconds: a delta past what they hold would wrap round and turn a jump ahead into one back
            case CLOCK_JUMP, START_CLOCK_STROBE -> field(v, "delta_ms") == null ? null
                    : inRange(v, "delta_ms", -MAX_DELTA_MS, MAX_DELTA_MS, true, "a number of milliseconds that the history's nanosecond times can hold"
                    + " (at most " + String.format(java.util.Locale.ROOT, "%,d", MAX_DELTA_MS) + " either way)");
            case CLOCK_RATE -> field(v, "rate") == null ? null : inRange(v, "rate", 0, Double.MAX_VALUE, false, "a clock rate above 0");
            default -> null;
        };
    }

    /** The largest clock move in milliseconds whose nanoseconds a long holds. */
    long MAX_DELTA_MS = Long.MAX_VALUE / 1_000_000L;

    /** One phrase per host of {@code links}, joined by "; ". */
    private static String each(Map<String, List<String>> links, java.util.function.BiFunction<String, List<String>, String> phrase) {
        List<String> parts = new ArrayList<>();
        links.forEach((host, others) -> parts.add(phrase.apply(host, others)));
        return String.join("; ", parts);
    }

    /** A lossy, slow or delayed links event's value: {@code {"percent": 40, "from": {…}}}, {@code {"kbit": 1, "to": {…}}}. */
    private static Map<String, Object> measured(String measure, Number amount, String direction, Map<String, List<String>> links) {
        Map<String, Object> v = new LinkedHashMap<>();
        v.put(measure, amount);
        v.put(direction, links);
        return v;
    }

    private static String firstOf(String... problems) {
        for (String p : problems) if (p != null) return p;
        return null;
    }

    /** Null when {@code v}'s {@code key} is a number from {@code lo} ({@code lo} itself only when {@code loIncluded}) to {@code hi}. */
    private static String inRange(Object v, String key, double lo, double hi, boolean loIncluded, String what) {
        Object x = field(v, key);
        boolean ok = x instanceof Number n && (loIncluded ? n.doubleValue() >= lo : n.doubleValue() > lo) && n.doubleValue() <= hi;
        return ok ? null : key + " " + Words.show(x) + " is not " + what;
    }

    /** Null when {@code v}'s {@code key} is absent or maps each host to a list of hosts ({"c1": ["n1"]}). */
    private static String linksShape(Object v, String key) {
        Object x = field(v, key);
        if (x == null) return null;
        if (x instanceof Map<?, ?> m && m.values().stream().allMatch(l -> l instanceof Collection<?>)) return null;
        return key + " " + Words.show(x) + " is not each host with the hosts it names, such as {\"c1\": [\"n1\"]}";
    }

    /**
     * What the fault that an event began did: the event's {@code f}, its {@code value}, and its {@code cut}
     * (how a partition refuses packets; null otherwise). The inverse of {@link #opens()}, {@link #value()}
     * and {@link Cut#cut()}: a fault written by the nemesis reads back equal.
     */
    static FaultEffect read(String f, Object v, Object cut) {
        NemesisEvent e = NemesisEvent.of(f).orElse(null);
        if (e == null) return new Other(f);
        return switch (e) {
            case START_PAUSE, STOP_PAUSE -> new Freeze(names(v));
            case START_PARTITION, STOP_PARTITION -> new Cut(links(v), cut == null ? CutStyle.BLACKHOLE : CutStyle.of(String.valueOf(cut)).orElse(CutStyle.BLACKHOLE));
            case START_LOSS, STOP_LOSS -> new Loss(number(v, "percent"), links(field(v, "from")));
            case START_SLOW, STOP_SLOW -> new Slow(number(v, "kbit"), links(field(v, "to")));
            case START_DELAY, STOP_DELAY -> new Delay(number(v, "ms"), number(v, "jitter_ms"), links(field(v, "to")));
            case KILL, START -> new Kill(names(v));
            case HOLD_RENEWALS, RESUME_RENEWALS -> new Renewals(names(v));
            case CLOCK_JUMP, CLOCK_RATE, START_CLOCK_STROBE, CLOCK_RESET -> new Clock(clockProcess(v), move(e, v));
            case KILL_CLIENT -> new KillClient(v instanceof Collection<?> c ? List.copyOf(c) : v == null ? List.of() : List.of(v));
            case MISSED, LEADER, RUN -> new Other(f);
        };
    }

    /**
     * Whether {@code out} (frozen or killed) are the servers that time a lease judged by one server, by the key's master (the one
     * the run's watch named; any when it named none, while a replica or sentinel times nothing), or by a majority of
     * independent servers (as many as end the lease, {@link Judging#lostEnough}; any when the history names no servers), or a
     * group's majority ({@code group}, frozen: no heartbeat commits). Not for a group whose leader hears the holder through one member.
     */
    private static boolean timersOut(List<String> out, Judging judging) {
        return switch (judging.judges()) {
            case LEADER -> false;
            case ONE, KEY_MASTER -> judging.servers().size() <= 1 || judging.leader() == null || out.contains(judging.leader());
            // a group: so many frozen that those left are no majority (lostNeeded is a majority's note, never a group's)
            case MAJORITY, GROUP -> judging.servers().isEmpty() || judging.lostEnough(judging.servers().stream().filter(out::contains).count(), judging.servers().size());
        };
    }

    /** Whether a host other than {@code client} lists it among those it drops packets from ({@code {"n1": ["c1"]}}). */
    private static boolean listedByAnother(Map<String, List<String>> drops, String client) {
        return drops.entrySet().stream().anyMatch(e -> !e.getKey().equals(client) && e.getValue().contains(client));
    }

    /** Whether {@code client}'s host is at either end of some link held up (it lists hosts, or one lists it); links that are not said count. */
    private static boolean onEitherEnd(Map<String, List<String>> links, String client) {
        return links == null || !links.getOrDefault(client, List.of()).isEmpty() || listedByAnother(links, client);
    }

    private static Move move(NemesisEvent e, Object v) {
        Number delta = number(v, "delta_ms");
        Number rate = number(v, "rate");
        return switch (e) {
            case CLOCK_JUMP -> delta == null ? new Move.Unknown() : new Move.Jump(delta.longValue());
            case START_CLOCK_STROBE -> delta == null ? new Move.Unknown()
                    : new Move.Strobe(delta.longValue(), number(v, "period_ms") == null ? null : number(v, "period_ms").longValue());
            case CLOCK_RATE -> rate == null ? new Move.Unknown()
                    : new Move.Rate(rate.doubleValue(), MONOTONIC.equals(field(v, "clock")));
            default -> new Move.Unknown();
        };
    }

    private static Object field(Object v, String key) {
        return v instanceof Map<?, ?> m ? m.get(key) : null;
    }

    private static Number number(Object v, String key) {
        return field(v, key) instanceof Number n ? n : null;
    }

    private static String clockProcess(Object v) {
        return field(v, "process") != null ? String.valueOf(field(v, "process")) : String.valueOf(v);
    }

    /** {"n1": ["c1"], …} as hosts and the hosts each names; null when {@code v} is no such map. */
    private static Map<String, List<String>> links(Object v) {
        if (!(v instanceof Map<?, ?> m)) return null;
        Map<String, List<String>> out = new LinkedHashMap<>();
        m.forEach((k, x) -> out.put(String.valueOf(k), x instanceof Collection<?> c ? c.stream().map(String::valueOf).toList()
                : x == null ? List.of() : List.of(String.valueOf(x))));
        return out;
    }

    /**
     * What an event acts on: its value's names; {"clients": ["c0"]} names c0; a map by host of what
     * was done to each (Jepsen's {"n1" :paused, "n2" :paused}) names its hosts.
     */
    static List<String> names(Object value) {
        if (value instanceof Collection<?> c) return c.stream().map(String::valueOf).toList();
        if (value instanceof Map<?, ?> m && !m.isEmpty()) {
            if (!m.keySet().stream().allMatch(FaultEffect::role)) return m.keySet().stream().map(String::valueOf).toList();
            List<String> out = new ArrayList<>();
            m.values().forEach(x -> out.addAll(names(x)));
            return out;
        }
        return value == null ? List.of() : List.of(String.valueOf(value));
    }

    /** A key that says what its values are ({"clients": ["c0"]}), where a grudge's keys are hosts ({"n1": ["n2"]}). */
    static boolean role(Object key) {
        String k = String.valueOf(key);
        return ROLES.contains(k.startsWith(":") ? k.substring(1) : k);
    }

    /** The keys that say what their values are. */
    java.util.Set<String> ROLES = java.util.Set.of("clients", "nodes", "hosts", "processes", "process", "targets");
}
