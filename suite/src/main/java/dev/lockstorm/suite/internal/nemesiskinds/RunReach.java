package dev.lockstorm.suite.internal.nemesiskinds;

import dev.lockstorm.clusters.ProcessNode;
import dev.lockstorm.clusters.lab.HostProcess;
import dev.lockstorm.nemesis.ClientProcess;
import dev.lockstorm.nemesis.ClockFault;
import dev.lockstorm.nemesis.Fault;
import dev.lockstorm.nemesis.Nemesis;
import dev.lockstorm.nemesis.Reach;
import dev.lockstorm.nemesis.RenewalSwitch;

import java.time.Duration;
import java.util.Optional;
import java.util.function.BiConsumer;
import java.util.regex.Pattern;

/**
 * A run's reach: its servers, clients, clocks and renewal switches, found by name through the
 * {@link Targets} its nemesis kind plans against. A kind's faults are done through one
 * ({@link Targets#fault}); a replay's steps through one that knows the step in hand.
 */
class RunReach implements Reach {
    /** The run's own naming of client hosts (c1, c2, …). */
    private static final Pattern CLIENT = Pattern.compile("c\\d+");

    final Targets t;
    final Nemesis n;
    private final Duration length;

    RunReach(Targets t, Nemesis n, Duration length) {
        this.t = t;
        this.n = n;
        this.length = length;
    }

    static boolean isClientName(String host) {
        return CLIENT.matcher(host).matches();
    }

    @Override
    public Nemesis nemesis() {
        return n;
    }

    @Override
    public boolean isClient(String host) {
        return isClientName(host);
    }

    @Override
    public Duration length() {
        return length;
    }

    @Override
    public RenewalSwitch renewalSwitch(String client) {
        return new RenewalSwitch(client, n.host(client), HoldWaiterRenewals.file(t.clientDir(), client));
    }

    /** The named client's worker as it is, aimed at nothing. */
    @Override
    public ClientProcess aimed(String client, BiConsumer<ClientProcess, String> act) {
        ClientProcess c = clientProcess(client);
        act.accept(c, null);
        return c;
    }

    Optional<? extends Client> client(String name) {
        return t.clients().stream().filter(c -> c.host().name().equals(name)).findFirst();
    }

    private ClientProcess clientProcess(String name) {
        Client c = client(name).orElseThrow(() -> new Fault.Missed("the run has no client " + name));
        HostProcess w = c.worker();
        if (w == null || !w.isAlive()) throw new Fault.Missed(name + "'s worker was being replaced");
        return new ClientProcess(w, c.process());
    }

    @Override
    public ProcessNode node(String host) {
        Optional<? extends ProcessNode> server = t.servers().nodes().stream().filter(x -> x.host().name().equals(host)).findFirst();
        if (server.isPresent()) return server.get();
        // the resource's own service (r1) is a server the nemesis reaches too: frozen, killed, started again
        return t.resourceService().filter(x -> x.host().name().equals(host))
                .orElseThrow(() -> new Fault.Missed("the run has no server on " + host));
    }

    @Override
    public ClockFault clock(String host) {
        ClockFault c = isClient(host) ? client(host).map(Client::clock).orElse(null) : t.servers().clock(node(host)).orElse(null);
        if (c == null) throw new Fault.Missed(host + "'s clock cannot be moved in this run");
        return c;
    }
}
