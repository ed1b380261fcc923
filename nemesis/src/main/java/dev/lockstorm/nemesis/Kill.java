package dev.lockstorm.nemesis;

import dev.lockstorm.clusters.Node;

import java.util.Map;

/**
 * A crash (SIGKILL) of the server on a host, its data kept; the heal starts it again on its data. In
 * {@code schedule.json} a step of kind {@code kill} with its {@code target}.
 */
public record Kill(String host) implements Action.OnHost {
    static final String KIND = "kill";

    static Kill read(Map<?, ?> d, String where) {
        return new Kill(StepFields.text(d, "target", where));
    }

    @Override
    public String kind() {
        return KIND;
    }

    @Override
    public String describe() {
        return "kill " + host;
    }

    @Override
    public Heal inject(Reach r) {
        Node node = r.node(host);
        r.nemesis().kill(node);
        return () -> r.nemesis().restart(node);
    }
}
