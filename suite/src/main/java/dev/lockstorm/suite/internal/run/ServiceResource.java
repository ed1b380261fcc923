package dev.lockstorm.suite.internal.run;

import dev.lockstorm.checker.history.OpType;
import dev.lockstorm.clusters.lab.Host;
import dev.lockstorm.clusters.lab.HostProcess;
import dev.lockstorm.clusters.lab.Lab;
import dev.lockstorm.clusters.lab.Wait;
import dev.lockstorm.clusters.ProcessNode;
import dev.lockstorm.locks.internal.worker.Command;
import dev.lockstorm.locks.internal.worker.Reply;
import dev.lockstorm.locks.internal.worker.ResourceLink;
import dev.lockstorm.locks.internal.worker.ResourceService;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * The run's protected resource as a service of its own ({@link dev.lockstorm.api.ResourceType.Where#SERVICE}): a
 * {@link ResourceService} JVM on the run's resource host ({@link #HOST}), started before the clients and stopped after
 * them. A client's call goes from its worker process over its own links ({@link Command.Resource}), so that a delay the
 * nemesis puts on them holds a write back in flight; the final read goes from the driver. A call at a checkpoint the run
 * aims at hands the point to its caller's process, which freezes or ends there as at a point of its own, and waits.
 */
final class ServiceResource implements ResourceCalls {
    private boolean closed;
    /** The lab host a resource service runs on. */
    static final String HOST = "r1";

    private final Node node;
    /** The team's own program beside it ({@link dev.lockstorm.api.ResourceType#program()}), or null. */
    private final Program program;
    private final String address;
    /** How long a worker waits for the service: less than the driver waits for the worker, so that a slow service is an answer. */
    private final long timeoutMs;
    /** The driver's own connection, for the final read. */
    private final ResourceLink link = new ResourceLink();

    private ServiceResource(Node node, Program program, long timeoutMs) {
        this.node = node;
        this.program = program;
        this.address = node.host().address() + ":" + ResourceService.PORT;
        this.timeoutMs = timeoutMs;
    }

    /** A process of the resource's on its host, started by a command with an environment of its own: what the nemesis acts on. */
    abstract static sealed class Launched extends ProcessNode permits Node, Program {
        final List<String> command;
        final Map<String, String> env;
        /** The resource's name, for messages. */
        final String resource;

        Launched(Lab lab, Host host, List<String> command, Map<String, String> env, String resource) {
            super(lab, host);
            this.command = command;
            this.env = env;
            this.resource = resource;
        }
    }

    /**
     * The service as a server node of the run: the nemesis freezes it ({@code pause-resource}), kills it and starts it again
     * on its directory ({@code restart-resource}) as it does a lock's server; a restart comes back with what the resource
     * kept in its files, nothing more.
     */
    static final class Node extends Launched {
        Node(Lab lab, Host host, List<String> command, Map<String, String> env, String resource) {
            super(lab, host, command, env, resource);
        }

        @Override
        protected String processName() {
            return "resource-" + host.name();
        }

        @Override
        protected HostProcess launch() {
            HostProcess p = lab.startPiped(host, processName(), command, env);
            String first = Wait.line(new BufferedReader(new InputStreamReader(p.stdout(), StandardCharsets.UTF_8)), Duration.ofSeconds(60));
            if (!"ready".equals(first)) {
                p.kill();
                throw new SetupException("the protected resource '" + resource + "' could not start as a service on " + host.name() + ": "
                        + (first == null ? "no answer within 60 s" : first) + "; see " + p.log());
            }
            return p;
        }

        @Override
        public boolean isServing() {
            HostProcess p = process();
            return p != null && p.isAlive() && !p.isPaused();
        }
    }

    /**
     * The team's own storage program on the resource's host, as a server node: started before the service that opens the
     * resource (its client), and what the nemesis freezes, kills and starts again in its place.
     */
    static final class Program extends Launched {
        private final int port;

        Program(Lab lab, Host host, List<String> command, Map<String, String> env, int port, String resource) {
            super(lab, host, command, env, resource);
            this.port = port;
        }

        @Override
        protected String processName() {
            return "resource-program-" + host.name();
        }

        @Override
        protected HostProcess launch() {
            HostProcess p = lab.start(host, processName(), command, env);
            long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            while (!accepts()) {
                if (!p.isAlive() || System.nanoTime() > deadline) {
                    p.kill();
                    throw new SetupException("the program of the protected resource '" + resource + "' did not accept connections on "
                            + host.name() + ":" + port + (p.isAlive() ? " within 60 s" : " (it exited: " + p.exitCode() + ")") + "; see " + p.log());
                }
                Wait.sleep(50);
            }
            return p;
        }

        /** Whether it accepts a connection on its port, on its host's address. */
        private boolean accepts() {
            try (java.net.Socket s = new java.net.Socket()) {
                s.connect(new java.net.InetSocketAddress(host.address(), port), 500);
                return true;
            } catch (IOException e) {
                return false;
            }
        }

        @Override
        public boolean isServing() {
            HostProcess p = process();
            return p != null && p.isAlive() && !p.isPaused() && accepts();
        }
    }

    /**
     * Starts the service of {@code spec}'s resource on {@code host} and waits until it listens.
     *
     * @param storage the resource's own servers' connect string, empty for none
     * @param run     the run's name: its resource's directory on the host is its own, empty at its start, even in a kept lab
     * @param env     the service's environment: the run's log stamp, and the pause point when the run aims at one
     */
    static ServiceResource start(Lab lab, Host host, RunSpec spec, String connect, String storage, String run, Map<String, String> env) {
        java.nio.file.Path dir = lab.dir(host).resolve("resource-" + run);
        Program program = spec.resource().program().map(p -> startProgram(lab, host, spec, p, storage, dir.resolve("program"), env)).orElse(null);
        try {
            List<String> command = lab.jvm(host, "128m", List.of("-Dorg.slf4j.simpleLogger.defaultLogLevel=warn"), spec.classpath(),
                    ResourceService.class.getName(), ResourceService.arguments(spec.resource().name(), spec.fencing(), ResourceService.PORT, connect, storage,
                            dir.toString()));
            Node node = new Node(lab, host, command, env, spec.resource().name());
            node.start();
            return new ServiceResource(node, program, Math.max(1000, spec.opTimeout().toMillis() - 2000));
        } catch (RuntimeException e) {
            if (program != null) program.kill();
            throw e;
        }
    }

    /** Starts the resource's own program in {@code dir}, with the run's settings in its environment, and waits until it accepts. */
    private static Program startProgram(Lab lab, Host host, RunSpec spec, dev.lockstorm.api.ResourceType.Program p, String storage, java.nio.file.Path dir,
                                        Map<String, String> runEnv) {
        host.mkdirs(dir);
        Map<String, String> env = new java.util.HashMap<>(runEnv);
        env.put("LOCKSTORM_FENCING", spec.fencing().wire());
        env.put("LOCKSTORM_DIR", dir.toString());
        env.put("LOCKSTORM_STORAGE", storage);
        env.put("LOCKSTORM_PORT", Integer.toString(p.port()));
        List<String> command = p.mainClass() != null ? lab.jvm(host, "128m", List.of(), spec.classpath(), p.mainClass(), p.args()) : p.command();
        Program program = new Program(lab, host, command, Map.copyOf(env), p.port(), spec.resource().name());
        program.start();
        return program;
    }

    /** What the nemesis freezes, kills and starts again as the resource's service: the team's own program when there is one, else the service. */
    ProcessNode node() {
        return program != null ? program : node;
    }

    /** The service's host. */
    Host host() {
        return node.host();
    }

    @Override
    public Answer read(Caller caller, Long token, boolean shared) {
        return call(caller, new Command.Resource(address, shared ? "read-shared" : "read", token, 0, timeoutMs));
    }

    @Override
    public Answer write(Caller caller, Long token, long value) {
        return call(caller, new Command.Resource(address, "write", token, value, timeoutMs));
    }

    private Answer call(Caller caller, Command.Resource command) {
        Reply r;
        if (caller == null) {
            synchronized (link) {
                r = link.call(command);
            }
        } else {
            r = caller.via().apply(command);
        }
        if (r instanceof Reply.Ok ok) return new Answer(OpType.OK, ok.token() == null ? 0 : ok.token(), null, ok.notes());
        if (r instanceof Reply.Fail f) return new Answer(OpType.FAIL, 0, f.error(), f.notes());
        if (r instanceof Reply.Info i) return new Answer(OpType.INFO, 0, i.error(), i.notes());
        return new Answer(OpType.INFO, 0, r == null ? "the client's process did not answer" : "unexpected reply " + r, List.of());
    }

    /**
     * Ends the service: its stdin closed (it closes the resource and exits), killed if it has not within 5 s; then the team's
     * program, if any (SIGTERM, SIGKILL after 10 s).
     */
    @Override
    public void close(PrintStream progress) {
        if (closed) return; // the run closes it before its lab is kept, and again on its way out
        closed = true;
        link.close();
        try {
            HostProcess process = node.process();
            if (process == null || !process.isAlive()) return;
            process.resume();
            try {
                process.stdin().close();
            } catch (IOException e) {
                // it is killed below
            }
            if (!process.waitFor(Duration.ofSeconds(5))) {
                progress.println("lockstorm: the resource service on " + node.host().name() + " did not end when told; killed");
                process.kill();
            }
        } finally {
            if (program != null) program.stop();
        }
    }
}
