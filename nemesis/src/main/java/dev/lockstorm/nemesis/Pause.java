package dev.lockstorm.nemesis;

import dev.lockstorm.clusters.lab.HostProcess;

import java.util.Map;

/**
 * A freeze (SIGSTOP) of a server's process or of a client's worker, by its host (n1, c3), as a long
 * GC pause freezes it; the heal resumes it. In {@code schedule.json} a step of kind {@code pause}
 * with its {@code target}.
 */
public record Pause(String host) implements Action.OnHost {
    static final String KIND = "pause";

    static Pause read(Map<?, ?> d, String where) {
        return new Pause(StepFields.text(d, "target", where));
    }

    @Override
    public String kind() {
        return KIND;
    }

    @Override
    public String describe() {
        return "freeze " + host;
    }

    @Override
    public AtPoint atPoint() {
        return AtPoint.FREEZES;
    }

    /** A client that stopped itself at a replayed step's checkpoint, the named client (or in a replay the holder now), or a server. */
    @Override
    public Heal inject(Reach r) {
        Nemesis n = r.nemesis();
        HostProcess reached = r.reachedCheckpoint();
        if (reached != null) {
            n.pause(reached); // stopped already, by itself: recorded now, with its host
            return () -> n.resume(reached);
        }
        if (r.isClient(host)) {
            ClientProcess c = r.aimed(host, (p, aim) -> n.pause(p.worker(), aim));
            return () -> n.resume(c.worker());
        }
        HostProcess server = r.serverProcess(host);
        if (server == null) throw new Fault.Missed(host + " has no process to freeze");
        n.pause(server);
        return () -> n.resume(server);
    }
}
