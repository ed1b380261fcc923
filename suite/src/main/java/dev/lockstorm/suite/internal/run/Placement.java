package dev.lockstorm.suite.internal.run;

import dev.lockstorm.api.Topology;
import dev.lockstorm.clusters.containers.ContainerHosts;
import dev.lockstorm.clusters.containers.ContainerLab;
import dev.lockstorm.clusters.containers.Docker;
import dev.lockstorm.clusters.containers.Images;
import dev.lockstorm.clusters.lab.Host;
import dev.lockstorm.clusters.lab.Lab;
import dev.lockstorm.clusters.lab.LabSpec;
import dev.lockstorm.clusters.ssh.SshLab;
import dev.lockstorm.clusters.ssh.SshOptions;
import dev.lockstorm.clusters.ssh.SshTarget;
import dev.lockstorm.suite.internal.cluster.ServerKind;
import dev.lockstorm.suite.internal.cluster.ServerSite;
import dev.lockstorm.suite.internal.nemesiskinds.NemesisKind;

import dev.lockstorm.checker.io.JsonObject;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Where a run's hosts are: a lab of namespaces on this machine (the default), or remote machines
 * reached over SSH ({@code run --hosts}). The servers, the nemesis and the clients are the same
 * either way.
 *
 * <pre>{@code
 * Placement remote = new Placement.Remote(SshOptions.defaults(), List.of(n1, n2, n3), List.of(), SshLab.ROOT);
 * new Runner(System.err, remote).run(spec, dir);
 * }</pre>
 */
public sealed interface Placement {

    /**
     * Opens the hosts of a run: each site's servers (the lock's n1 …, helpers s1 …; the resource's own d1 …) and
     * clients c1 … (and the resource's service host); {@code classpath} is the user's entries that the clients' JVMs add to lockstorm's.
     */
    Lab open(List<ServerSite> sites, List<String> clients, List<Path> classpath, Path dir);

    /** Why this placement cannot run {@code kind} against {@code topology} with {@code clients} clients, or empty when it can. */
    default Optional<String> unfit(NemesisKind kind, Topology topology, int clients) {
        return Optional.empty();
    }

    /** Throws IllegalArgumentException saying why {@code spec} cannot run here: said before anything starts. */
    default void check(RunSpec spec) {
        if (spec.nemesis().needsResourceService() && spec.resource().where() != dev.lockstorm.api.ResourceType.Where.SERVICE) {
            throw new IllegalArgumentException("--nemesis " + spec.nemesis().name() + " acts on the protected resource's service, and --resource "
                    + spec.resource().name() + " is kept in the driver: name a resource kept as a service of its own (counter-service, or a"
                    + " ResourceType whose where() is SERVICE)");
        }
        unfit(spec.nemesis(), spec.system().topology(), spec.clients()).ifPresent(why -> {
            throw new IllegalArgumentException(why);
        });
    }

    /** One line for the run's log. */
    String describe(List<ServerSite> sites, List<String> clients);

    /**
     * Whether a nemesis may cut one client's links, that client's alone, with {@code clients} clients: not when the
     * clients run on the control node, whose links carry the run, nor when clients share a host (and its links).
     */
    boolean clientLinksCut(int clients);

    /** The placement as spec.json's {@code where} holds it ({@code backend}: lab, containers or ssh). */
    Map<String, Object> toData();

    /** The options of {@code bin/lockstorm run} that choose it (none for the lab). */
    List<String> arguments();

    /**
     * The placement {@link #toData} wrote.
     *
     * @throws IllegalArgumentException naming the key and what was expected
     */
    static Placement fromData(JsonObject o) {
        String backend = o.string("backend");
        Placement p = switch (backend) {
            case "lab" -> new InLab();
            case "containers" -> new Containers();
            case "ssh" -> {
                String key = o.optString("agent");
                SshOptions ssh = new SshOptions(o.strings("keys").stream().map(Path::of).toList(), key == null ? null : Path.of(key),
                        Path.of(o.string("known_hosts")), o.bool("check_host_keys"), Duration.ofMillis(o.whole("connect_timeout_ms")),
                        Duration.ofMillis(o.whole("command_timeout_ms")));
                yield new Remote(ssh, o.strings("hosts").stream().map(h -> SshTarget.parse(h, "root")).toList(),
                        o.strings("client_hosts").stream().map(h -> SshTarget.parse(h, "root")).toList(), Path.of(o.string("remote_dir")));
            }
            default -> throw new IllegalArgumentException(o.where() + ": key \"backend\": expected lab, containers or ssh, found \"" + backend + "\"");
        };
        o.done();
        return p;
    }

    /** Every host of a run, each a namespace or a container of its own: the sites' servers, then the clients. */
    private static List<String> hosts(List<ServerSite> sites, List<String> clients) {
        List<String> hosts = serverHosts(sites);
        hosts.addAll(clients);
        return hosts;
    }

    /** The sites' server hosts, the lock's first. */
    private static List<String> serverHosts(List<ServerSite> sites) {
        List<String> hosts = new ArrayList<>();
        for (ServerSite site : sites) hosts.addAll(site.hostNames());
        return hosts;
    }

    /** Namespaces on this machine, built inside the run's own lab. */
    record InLab() implements Placement {
        @Override
        public Lab open(List<ServerSite> sites, List<String> clients, List<Path> classpath, Path dir) {
            return Lab.open(new LabSpec(hosts(sites, clients), dir));
        }

        @Override
        public String describe(List<ServerSite> sites, List<String> clients) {
            return "lab: hosts " + String.join(" ", hosts(sites, clients));
        }

        @Override
        public Map<String, Object> toData() {
            return Map.of("backend", "lab");
        }

        @Override
        public List<String> arguments() {
            return List.of();
        }

        @Override
        public boolean clientLinksCut(int clients) {
            return true;
        }
    }

    /**
     * Remote machines over SSH: the servers' hosts in the order given (the lock's, then the resource's own), the clients on the client
     * hosts (round robin: clients that share a machine share its links) or, with none named, on
     * this machine, the control node.
     *
     * @param ssh         how to reach them
     * @param servers     at least as many as the run's servers have hosts
     * @param clientHosts where the clients run; empty for the control node
     * @param root        where lockstorm keeps its things on the hosts
     */
    record Remote(SshOptions ssh, List<SshTarget> servers, List<SshTarget> clientHosts, Path root) implements Placement {
        public Remote {
            servers = List.copyOf(servers);
            clientHosts = List.copyOf(clientHosts);
            if (servers.isEmpty()) throw new IllegalArgumentException("--hosts: no host named");
        }

        /** Enough hosts for the topology, and a nemesis that fits the clients' placement. */
        @Override
        public void check(RunSpec spec) {
            requireHosts(spec.sites());
            Placement.super.check(spec);
        }

        /** Checks that there are enough hosts for the servers of {@code sites}. */
        private void requireHosts(List<ServerSite> sites) {
            List<String> names = serverHosts(sites);
            if (servers.size() < names.size()) {
                throw new IllegalArgumentException("--hosts: " + names.size() + " hosts needed (" + String.join("; ", sites.stream()
                        .map(s -> s.topology().describe() + (s.prefix().isEmpty() ? "" : " for the resource") + ": " + String.join(", ", s.hostNames())).toList())
                        + "), " + servers.size() + " given");
            }
        }

        @Override
        public Optional<String> unfit(NemesisKind kind, Topology topology, int clients) {
            return unfitOnHosts(kind, topology, clients, clientHosts.size());
        }

        /** Why remote hosts, {@code clientHosts} of them for the clients (0: the clients on this machine), cannot run {@code kind}. */
        static Optional<String> unfitOnHosts(NemesisKind kind, Topology topology, int clients, int clientHosts) {
            boolean delays = kind.delaysClients();
            if (clientHosts < clients && (delays || kind.cutsClients(topology))) {
                String does = "--nemesis " + kind.name() + (delays ? " delays one client's links, through a proxy and an nft redirect on its host"
                        : " cuts clients off servers");
                if (clientHosts == 0) {
                    return Optional.of(does + "; with the clients on this machine it would " + (delays ? "redirect this machine's own connections"
                            : "cut the SSH connections that drive the run too") + ": name client hosts with --client-hosts");
                }
                // the history would name one client while the fault fell on every client of its host
                return Optional.of(does + ", and clients on one host share its links (" + clients + " clients, " + clientHosts
                        + " --client-hosts): name a client host for each client");
            }
            if (clientHosts > 0 && kind.movesMonotonicClocks()) {
                return Optional.of("--nemesis " + kind.name() + " makes clients' monotonic clocks run fast, which lockstorm can do only for"
                        + " processes on this machine (it must read their clock): run the clients here, without --client-hosts");
            }
            return Optional.empty();
        }

        @Override
        public Lab open(List<ServerSite> sites, List<String> clients, List<Path> classpath, Path dir) {
            requireHosts(sites);
            List<String> names = serverHosts(sites);
            Map<String, SshTarget> targets = new LinkedHashMap<>();
            for (int i = 0; i < names.size(); i++) targets.put(names.get(i), servers.get(i));
            List<String> onControl = new ArrayList<>();
            for (int i = 0; i < clients.size(); i++) {
                if (clientHosts.isEmpty()) onControl.add(clients.get(i));
                else targets.put(clients.get(i), clientHosts.get(i % clientHosts.size()));
            }
            SshLab lab = SshLab.open(ssh, targets, onControl, dir, root);
            try {
                // what the servers and workers need, installed now: a host that cannot have it stops the run before any server starts
                for (ServerSite site : sites) {
                    List<String> server = site.kind().programAndPackage();
                    for (String n : site.hostNames()) {
                        lab.require(lab.host(n), server.get(0), server.get(1));
                        lab.require(lab.host(n), "nft", "nftables"); // partitions are nft tables
                    }
                }
                for (String c : clients) {
                    lab.require(lab.host(c), "java", JAVA);
                    if (!clientHosts.isEmpty()) lab.require(lab.host(c), "nft", "nftables");
                }
                return lab;
            } catch (RuntimeException e) {
                lab.close();
                throw e;
            }
        }

        private static final String JAVA = "openjdk-17-jre-headless";

        @Override
        public String describe(List<ServerSite> sites, List<String> clients) {
            List<String> names = serverHosts(sites);
            StringBuilder sb = new StringBuilder("remote hosts over SSH:");
            for (int i = 0; i < names.size(); i++) sb.append(' ').append(names.get(i)).append('=').append(servers.get(i));
            for (int i = 0; i < clients.size(); i++) {
                sb.append(' ').append(clients.get(i)).append('=').append(clientHosts.isEmpty() ? "this machine" : clientHosts.get(i % clientHosts.size()));
            }
            return sb.toString();
        }

        @Override
        public boolean clientLinksCut(int clients) {
            return clientHosts.size() >= clients;
        }

        @Override
        public Map<String, Object> toData() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("backend", "ssh");
            m.put("hosts", servers.stream().map(SshTarget::toString).toList());
            m.put("client_hosts", clientHosts.stream().map(SshTarget::toString).toList());
            m.put("remote_dir", root.toString());
            m.put("keys", ssh.keys().stream().map(Path::toString).toList());
            if (ssh.agent() != null) m.put("agent", ssh.agent().toString());
            m.put("known_hosts", ssh.knownHosts().toString());
            m.put("check_host_keys", ssh.checkHostKeys());
            m.put("connect_timeout_ms", ssh.connectTimeout().toMillis());
            m.put("command_timeout_ms", ssh.commandTimeout().toMillis());
            return m;
        }

        @Override
        public List<String> arguments() {
            List<String> a = new ArrayList<>(List.of("--hosts", String.join(",", servers.stream().map(SshTarget::toString).toList())));
            if (!clientHosts.isEmpty()) a.addAll(List.of("--client-hosts", String.join(",", clientHosts.stream().map(SshTarget::toString).toList())));
            a.addAll(List.of("--remote-dir", root.toString(), "--known-hosts", ssh.knownHosts().toString()));
            if (ssh.keys().size() == 1 && ssh.agent() == null) a.addAll(List.of("--ssh-key", ssh.keys().get(0).toString()));
            if (!ssh.checkHostKeys()) a.add("--no-host-key-check");
            return a;
        }
    }

    /**
     * Containers on a Docker engine ({@code --backend containers}): a container for each server host
     * from its server family's image and one for each client, on a network of the run's own
     * ({@link ContainerHosts}), driven over SSH as {@link Remote} hosts are; removed when the run
     * ends. Needs no root, only a Docker engine this user may use, and the images
     * ({@link Images}: built when missing; their base once as root where no registry answers).
     */
    record Containers() implements Placement {
        @Override
        public Lab open(List<ServerSite> sites, List<String> clients, List<Path> classpath, Path dir) {
            Docker docker = Docker.require();
            for (String left : ContainerHosts.cleanup(docker, false)) System.err.println("containers: removed " + left + " (a run that died left it)");
            Images images = new Images(docker, System.err);
            String clientImage = images.host(Images.COMMON);
            Map<String, String> hosts = new LinkedHashMap<>();
            Map<String, Map<String, String>> sysctls = new LinkedHashMap<>();
            for (ServerSite site : sites) {
                ServerKind kind = site.kind();
                String serverImage = images.host(kind.programAndPackage().get(1));
                for (String n : site.hostNames()) {
                    hosts.put(n, serverImage);
                    sysctls.put(n, kind.hostSysctls());
                }
            }
            for (String c : clients) hosts.put(c, clientImage);
            return ContainerLab.open(docker, hosts, sysctls, classpath, dir);
        }

        @Override
        public Optional<String> unfit(NemesisKind kind, Topology topology, int clients) {
            if (kind.movesMonotonicClocks()) {
                return Optional.of("--nemesis " + kind.name() + " makes clients' monotonic clocks run fast, which lockstorm can do only for"
                        + " processes on this machine (it must read their clock), and each client runs in a container: run it in the lab (--backend lab)");
            }
            return Remote.unfitOnHosts(kind, topology, clients, clients); // a container per client: its links are its own
        }

        @Override
        public String describe(List<ServerSite> sites, List<String> clients) {
            return "containers on a Docker engine: hosts " + String.join(" ", hosts(sites, clients));
        }

        @Override
        public Map<String, Object> toData() {
            return Map.of("backend", "containers");
        }

        @Override
        public List<String> arguments() {
            return List.of("--backend", "containers");
        }

        @Override
        public boolean clientLinksCut(int clients) {
            return true;
        }
    }
}
