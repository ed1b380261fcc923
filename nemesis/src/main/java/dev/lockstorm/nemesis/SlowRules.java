package dev.lockstorm.nemesis;

import dev.lockstorm.clusters.lab.Cleanup;
import dev.lockstorm.clusters.lab.Commands;
import dev.lockstorm.clusters.lab.Host;
import dev.lockstorm.clusters.lab.LabException;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Slow links on a host's side: on each interface that reaches the listed hosts, an HTB root qdisc
 * with lockstorm's handle ({@code 4c53:}) whose default class passes everything and whose second
 * class takes the packets to the listed addresses (u32 filters) into a token bucket at the slow rate. The kernel here has no
 * netem; HTB and u32 are what it has. Replacing deletes lockstorm's root qdisc first; healing deletes it,
 * and never a root qdisc that is not lockstorm's.
 */
final class SlowRules {
    /** The root qdisc's handle, which the clean-up of a crashed run looks for too. */
    static final String HANDLE = Cleanup.SLOW_LINK_HANDLE;
    private static final Pattern DEV = Pattern.compile(" dev (\\S+)");

    private SlowRules() {
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

    /** Replaces {@code h}'s slow links with ones to {@code to}. */
    static void apply(Host h, Collection<? extends Host> to, int kbit) {
        heal(h);
        Map<String, List<String>> byDevice = new LinkedHashMap<>();
        for (Host other : to) byDevice.computeIfAbsent(device(h, other.address()), d -> new java.util.ArrayList<>()).add(other.address());
        byDevice.forEach((dev, addrs) -> h.check(List.of("tc", "-batch", "-"), batch(dev, addrs, kbit)));
    }

    /** Deletes lockstorm's root qdisc from every interface of {@code h} that has one. */
    static void heal(Host h) {
        for (String d : Cleanup.slowLinkDevices(h.exec("tc", "qdisc", "show").output())) h.check(List.of("tc", "qdisc", "del", "dev", d, "root"), null);
    }

    /** The interface {@code h} reaches {@code address} through ({@code ip route get}). */
    private static String device(Host h, String address) {
        Commands.Result r = h.exec("ip", "-o", "route", "get", address);
        Matcher m = DEV.matcher(r.output());
        if (!r.ok() || !m.find()) throw new LabException(h.name() + " has no route to " + address + ": " + r.output().strip());
        return m.group(1);
    }
}
