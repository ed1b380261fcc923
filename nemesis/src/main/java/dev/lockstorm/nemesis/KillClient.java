package dev.lockstorm.nemesis;

import java.util.Map;

/**
 * A client's worker killed (SIGKILL) with whatever lock it holds: nothing to heal, the client goes
 * on as a new process. In {@code schedule.json} a step of kind {@code kill-client} with its
 * {@code target}.
 */
public record KillClient(String host) implements Action.OnHost {
    static final String KIND = "kill-client";

    static KillClient read(Map<?, ?> d, String where) {
        return new KillClient(StepFields.text(d, "target", where));
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
    public AtPoint atPoint() {
        return AtPoint.KILLS;
    }

    @Override
    public Heal inject(Reach r) {
        r.aimed(host, r.nemesis()::killClient);
        return () -> { };
    }
}
