package dev.lockstorm.nemesis;

import dev.lockstorm.clusters.lab.Cleanup;
import dev.lockstorm.clusters.lab.Commands;
import dev.lockstorm.clusters.lab.Host;
import dev.lockstorm.clusters.lab.LabException;
import dev.lockstorm.faults.FaultEffect;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Slow links: each host (by name) sends to the hosts listed for it at no more than {@code kbit}
 * kilobits a second, its packets queued (none dropped) behind a token bucket. A lock's messages are
 * small, so at a few kilobits a second each waits its turn for a noticeable time: a renewal or a
 * grant's reply arrives late, while the connection stays up and nothing is lost. In
 * {@code schedule.json} a step of kind {@code slow} with {@code to} and {@code kbit}.
 *
 * <pre>{@code
 * nemesis.slow(Slow.between(holder, servers, 2));   // 2 kbit/s each way
 * }</pre>
 *
 * <p>On a host's side: on each interface that reaches the listed hosts, an HTB root qdisc with
 * lockstorm's handle ({@code 4c53:}) whose default class passes everything and whose second class
 * takes the packets to the listed addresses (u32 filters) into a token bucket at the slow rate. The
 * kernel here has no netem; HTB and u32 are what it has. Replacing deletes lockstorm's root qdisc
 * first; healing deletes it, and never a root qdisc that is not lockstorm's.
 *
 * @param to   each host and the hosts its packets to are slowed
 * @param kbit the rate, 1 to 100000 kilobits a second
 */
public record Slow(Map<String, List<String>> to, int kbit) implements HostRules {
    static final String KIND = "slow";
    /** The highest rate a slow link is given, in kilobits a second. */
    public static final int MAX_KBIT = 100_000;
    /** The root qdisc's handle, which the clean-up of a crashed run looks for too. */
    static final String HANDLE = Cleanup.SLOW_LINK_HANDLE;
    private static final Pattern DEV = Pattern.compile(" dev (\\S+)");

    public Slow {
        if (!isRate(kbit)) throw new IllegalArgumentException("a slow link's rate is 1 to " + MAX_KBIT + " kbit/s, not " + kbit);
        to = Links.copy(to);
    }

    /** Whether {@code kbit} is a rate this fault sets: 1 to {@link #MAX_KBIT} kilobits a second. */
    public static boolean isRate(long kbit) {
        return kbit >= 1 && kbit <= MAX_KBIT;
    }

    /** {@code client}'s links to {@code nodes} slowed to {@code kbit} each way. */
    public static Slow between(Host client, Collection<Host> nodes, int kbit) {
        return new Slow(Links.between(client, nodes), kbit);
    }

    /** The slow links as the history records them. */
    public FaultEffect.Slow effect() {
        return new FaultEffect.Slow(kbit, to);
    }

    /** A {@code schedule.json} step's slow links; bad input names the step ({@code where}), the field and what was expected. */
    static Slow read(Map<?, ?> d, String where) {
        Map<String, List<String>> to = StepFields.hostLists(d, "to", "the hosts its packets to are slowed, e.g. {\"c1\": [\"n1\"]}", where);
        long kbit = StepFields.number(d, "kbit", where).longValue();
        if (!isRate(kbit)) throw new IllegalArgumentException(where + ": \"kbit\" is 1 to " + MAX_KBIT + ", not " + kbit);
        return new Slow(to, (int) kbit);
    }

    /** The recorded slow links as ones to make again; empty when the history leaves out its links or gives a rate out of range. */
    static Optional<Action> recorded(FaultEffect.Slow s) {
        Map<String, List<String>> to = Links.listing(s.to());
        return to.isEmpty() || s.kbit() == null || !isRate(s.kbit().longValue()) ? Optional.empty() : Optional.of(new Slow(to, s.kbit().intValue()));
    }

    @Override
    public Map<String, List<String>> links() {
        return to;
    }

    @Override
    public String kind() {
        return KIND;
    }

    @Override
    public Map<String, Object> fields() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("to", to);
        m.put("kbit", kbit);
        return m;
    }

    @Override
    public String describe() {
        return describeLinks((h, others) -> h + " sending " + kbit + " kbit/s to " + others);
    }

    /** The tc batch that slows packets to {@code to} (addresses) on {@code dev} to {@code kbit}. */
    static String batch(String dev, Collection<String> to, int kbit) {
        StringBuilder b = new StringBuilder();
        b.append("qdisc add dev ").append(dev).append(" root handle ").append(HANDLE).append(" htb default 1\n");
        b.append("class add dev ").append(dev).append(" parent ").append(HANDLE).append(" classid ").append(HANDLE).append("1 htb rate 10gbit quantum 60000\n");
        b.append("class add dev ").append(dev).append(" parent ").append(HANDLE).append(" classid ").append(HANDLE).append("2 htb rate 10gbit quantum 60000\n");
        // the slow class's own queue is a token bucket: unlike HTB it cuts the kernel's large (GSO)
        // segments into packets, which would otherwise pass whole; a bucket of one full packet, and
        // a queue long enough that nothing is dropped
        b.append("qdisc add dev ").append(dev).append(" parent ").append(HANDLE).append("2 tbf rate ").append(kbit)
                .append("kbit burst 1600 limit 1000000\n");
        for (String addr : to) {
            b.append("filter add dev ").append(dev).append(" parent ").append(HANDLE).append(" protocol ip prio 1 u32 match ip dst ")
                    .append(addr).append("/32 flowid ").append(HANDLE).append("2\n");
        }
        return b.toString();
    }

    /** Replaces {@code h}'s slow links with ones to the hosts listed for it, grouped by the interface each is reached through. */
    @Override
    public void apply(Host h, Map<Host, Set<Host>> links) {
        heal(h);
        Map<String, List<String>> byDevice = new LinkedHashMap<>();
        for (Host other : links.get(h)) byDevice.computeIfAbsent(device(h, other.address()), d -> new java.util.ArrayList<>()).add(other.address());
        byDevice.forEach((dev, addrs) -> h.check(List.of("tc", "-batch", "-"), batch(dev, addrs, kbit)));
    }

    /** Deletes lockstorm's root qdisc from every interface of {@code h} that has one. */
    @Override
    public void heal(Host h) {
        for (String d : Cleanup.slowLinkDevices(h.exec("tc", "qdisc", "show").output())) h.check(List.of("tc", "qdisc", "del", "dev", d, "root"), null);
    }

    /** The interface {@code h} reaches {@code address} through ({@code ip route get}). */
    private static String device(Host h, String address) {
        Commands.Result r = h.exec("ip", "-o", "route", "get", address);
        Matcher m = DEV.matcher(r.output());
        if (!r.ok() || !m.find()) throw new LabException(h.name() + " has no route to " + address + ": " + r.output().strip());
        return m.group(1);
    }

    @Override
    public String healed() {
        return "no slow links";
    }
}
