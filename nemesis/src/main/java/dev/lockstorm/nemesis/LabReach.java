package dev.lockstorm.nemesis;

import dev.lockstorm.clusters.Node;
import dev.lockstorm.clusters.lab.HostProcess;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.Supplier;

/**
 * The reach of a test of one's own, without the runner: what its faults' actions may name, given
 * one by one (servers, other processes on a host, clocks, clients' workers and renewal switches).
 *
 * <pre>{@code
 * LabReach reach = new LabReach(nemesis).node(zk1).clock("n1", clockOfN1);
 * Fault freeze = reach.fault("pause-n1", () -> List.of(new Pause("n1")));
 * Schedule.sequence(List.of(freeze), interval, length).run(nemesis, total);
 * }</pre>
 */
public final class LabReach implements Reach {
    private final Nemesis nemesis;
    private final Map<String, Node> nodes = new HashMap<>();
    private final Map<String, HostProcess> processes = new HashMap<>();
    private final Map<String, ClockFault> clocks = new HashMap<>();
    private final Map<String, ClientProcess> clients = new HashMap<>();
    private final Map<String, RenewalSwitch> switches = new HashMap<>();

    public LabReach(Nemesis nemesis) {
        this.nemesis = nemesis;
    }

    /** A server, found by its host's name. */
    public LabReach node(Node node) {
        nodes.put(node.host().name(), node);
        return this;
    }

    /** A process on a host that is no server of the run (frozen by {@link Pause}). */
    public LabReach process(String host, HostProcess process) {
        processes.put(host, process);
        return this;
    }

    public LabReach clock(String host, ClockFault clock) {
        clocks.put(host, clock);
        return this;
    }

    /** A client's worker, found by its host's name. */
    public LabReach client(String host, ClientProcess client) {
        clients.put(host, client);
        return this;
    }

    public LabReach renewals(RenewalSwitch renewals) {
        switches.put(renewals.client(), renewals);
        return this;
    }

    /** A fault whose actions, chosen when it comes, are done through this reach. */
    public Fault fault(String name, Supplier<? extends List<? extends Action>> actions) {
        return new Fault.Chosen(name, n -> this, actions);
    }

    @Override
    public Nemesis nemesis() {
        return nemesis;
    }

    @Override
    public boolean isClient(String host) {
        return clients.containsKey(host) || switches.containsKey(host);
    }

    @Override
    public Node node(String host) {
        return found(nodes, host, "server");
    }

    @Override
    public HostProcess serverProcess(String host) {
        return processes.containsKey(host) ? processes.get(host) : Reach.super.serverProcess(host);
    }

    @Override
    public ClockFault clock(String host) {
        return found(clocks, host, "clock");
    }

    @Override
    public RenewalSwitch renewalSwitch(String client) {
        return found(switches, client, "renewal switch");
    }

    @Override
    public ClientProcess aimed(String client, BiConsumer<ClientProcess, String> act) {
        ClientProcess c = found(clients, client, "client");
        act.accept(c, null);
        return c;
    }

    @Override
    public Duration length() {
        return Duration.ZERO;
    }

    private static <T> T found(Map<String, T> given, String host, String what) {
        T t = given.get(host);
        if (t == null) throw new Fault.Missed("no " + what + " on " + host + " was given to this reach");
        return t;
    }
}
