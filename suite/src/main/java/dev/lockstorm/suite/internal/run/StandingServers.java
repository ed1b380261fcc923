package dev.lockstorm.suite.internal.run;

import dev.lockstorm.api.Topology;
import dev.lockstorm.clusters.lab.Lab;
import dev.lockstorm.clusters.redis.Persistence;
import dev.lockstorm.suite.internal.cluster.Cluster;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * A lab and its servers kept standing from one run to the next (a hunt's runs, a bench's, a
 * matrix's, the named scenarios' in the suite's tests), so that a run after the first pays neither for the lab nor
 * for starting the servers. Each run still begins as on servers just started: a lab is kept only
 * when every fault of the run before is verified undone ({@link Lab#faultsLeft}) and its servers'
 * family emptied them of what that run's clients left ({@link Cluster#reset}: keys, znodes, leases,
 * rows, sessions). A family that cannot reset, a run that failed, or a run that needs other hosts or
 * servers (another topology, persistence, server clocks or client count) gets a new lab, as every
 * run did before. The clients' worker JVMs are kept with them when they can serve the next run
 * ({@link ClientWorker#keep}: their lock client closed; {@link ClientWorker#adopt}: the next run's
 * client on the same host opens the same lock again in it). Only labs on this machine are kept.
 *
 * <pre>{@code
 * try (StandingServers standing = new StandingServers()) {
 *     Runner runner = new Runner(System.err).keeping(standing);
 *     for (long seed = 1; seed <= 5; seed++) runner.run(spec.withSeed(seed), store.newRun("redis-single"));
 * }
 * }</pre>
 */
public final class StandingServers implements AutoCloseable {
    /** What a kept lab must match to serve another run: the same hosts, and servers started the same way. */
    record Shape(Topology topology, List<String> clients, Persistence persistence, boolean serverClocks) {
    }

    /** A lab, its servers and its clients' workers between two runs; {@code since} is the run that started the servers, where their logs are. */
    private record Kept(Shape shape, Lab lab, Cluster cluster, Path since, Map<String, ClientWorker.Kept> workers) {
    }

    private Kept kept;
    private int reused;

    /** How many runs began on a kept lab. */
    public synchronized int reused() {
        return reused;
    }

    /**
     * The lab for a run of {@code shape} in {@code dir}: the kept one when it fits and still serves,
     * else a new one from {@code open} (a kept one that does not fit is closed first: one lab at a time).
     */
    synchronized Use use(Shape shape, Path dir, Supplier<Lab> open, Consumer<String> log) {
        Kept k = kept;
        kept = null;
        if (k != null && k.shape.equals(shape)) {
            try {
                k.cluster.awaitServing(Duration.ofSeconds(30));
                k.lab.logTo(dir);
                reused++;
                log.accept("servers: kept from " + k.since.getFileName() + " (their logs are there), emptied after it; "
                        + (k.workers.isEmpty() ? "no client worker kept" : k.workers.size() + " client workers kept"));
                Use u = new Use(this, shape, k.lab, k.cluster, k.since);
                u.offered.putAll(k.workers);
                return u;
            } catch (RuntimeException e) {
                log.accept("servers: the kept ones do not serve (" + e.getMessage() + "): a new lab");
            }
        }
        if (k != null) k.lab.close();
        return new Use(this, shape, open.get(), null, dir);
    }

    /** Keeps {@code use}'s lab when every fault is undone and its servers could be emptied; else closes it. */
    private synchronized void handBack(Use use, Consumer<String> log) {
        if (kept != null) kept.lab.close();
        kept = null;
        String why;
        try {
            List<String> left = new java.util.ArrayList<>(use.lab.faultsLeft());
            // only the servers and the kept workers (their clients closed) may outlive a run: anything else alive would be seen by the next
            // (a server's is any process on the servers' hosts: a node, or a helper such as a Sentinel)
            java.util.Set<String> serverHosts = new java.util.HashSet<>();
            use.cluster.hosts().forEach(h -> serverHosts.add(h.name()));
            java.util.Set<Object> workers = new java.util.HashSet<>();
            use.kept.values().forEach(w -> workers.add(w.process()));
            use.lab.liveProcesses().stream().filter(p -> !serverHosts.contains(p.host().name()) && !workers.contains(p))
                    .forEach(p -> left.add("process " + p.name() + " still alive"));
            why = !left.isEmpty() ? "faults left: " + String.join("; ", left)
                    : !use.cluster.reset() ? "its servers' family cannot be emptied for another run" : null;
        } catch (RuntimeException e) {
            why = "its servers could not be emptied: " + e.getMessage();
        }
        if (why == null) {
            kept = new Kept(use.shape, use.lab, use.cluster, use.since, Map.copyOf(use.kept));
            // the workers that recorded their classes have exited: their archives, as a lab's close builds them
            dev.lockstorm.clusters.lab.ClassArchive.buildPending();
        } else {
            log.accept("servers: not kept for the next run (" + why + ")");
            use.lab.close();
        }
    }

    /** Closes the kept lab, if any: every server stopped, every host removed. */
    @Override
    public synchronized void close() {
        Kept k = kept;
        kept = null;
        if (k != null) k.lab.close();
    }

    /**
     * One run's lab, new or kept. Its servers are the kept ones ({@link #cluster()} not null) or the
     * run starts them ({@link #started}). When the run reached its end ({@link #ended}) it is handed
     * back to be kept; a run that failed on the way closes it, as a lab of its own would be.
     */
    static final class Use implements AutoCloseable {
        private final StandingServers owner;
        private final Shape shape;
        final Lab lab;
        private Cluster cluster;
        private final Path since;
        private boolean ended;
        private Consumer<String> log = s -> { };
        /** The workers of the run before, by host, not yet taken by this run's clients. */
        private final Map<String, ClientWorker.Kept> offered = new java.util.HashMap<>();
        private int adopted;
        /** This run's workers kept for the next, by host. */
        private final Map<String, ClientWorker.Kept> kept = new java.util.HashMap<>();

        private Use(StandingServers owner, Shape shape, Lab lab, Cluster cluster, Path since) {
            this.owner = owner;
            this.shape = shape;
            this.lab = lab;
            this.cluster = cluster;
            this.since = since;
        }

        /** A run's own lab, closed at its end: no standing servers. */
        static Use own(Lab lab) {
            return new Use(null, null, lab, null, null);
        }

        /** The kept servers, or null when the run starts its own. */
        Cluster cluster() {
            return cluster;
        }

        void started(Cluster c) {
            this.cluster = c;
        }

        /** Offers {@code client} the worker the run before left on its host; one it does not take is closed. */
        void offer(String host, DrivenClient client) {
            ClientWorker.Kept w = offered.remove(host);
            if (w == null) return;
            if (client.adopt(w)) adopted++;
            else w.handle().close();
        }

        /** How many of this run's clients took a worker the run before left. */
        int adopted() {
            return adopted;
        }

        /** Ends {@code client}'s part of the run: its worker kept for the next run when it can be, else closed. */
        void finish(String host, DrivenClient client) {
            ClientWorker.Kept w = owner == null ? null : client.keep();
            if (owner == null) client.close();
            if (w != null) kept.put(host, w);
        }

        /** The run reached its end (its phases and its clients' teardown); {@code log} hears whether the lab is kept. */
        void ended(Consumer<String> log) {
            this.ended = true;
            this.log = log;
        }

        @Override
        public void close() {
            if (owner != null && ended && cluster != null) owner.handBack(this, log);
            else lab.close();
        }
    }
}
