package dev.lockstorm.nemesis;

import java.util.List;
import java.util.Map;

/**
 * These clients' lease renewals held (they run on, their leases left to run out); the heal lets
 * them renew. In {@code schedule.json} a step of kind {@code hold-renewals} with its {@code targets}.
 */
public record HoldRenewals(List<String> clients) implements Action {
    static final String KIND = "hold-renewals";

    public HoldRenewals {
        clients = List.copyOf(clients);
    }

    static HoldRenewals read(Map<?, ?> d, String where) {
        List<String> clients = StepFields.strings(d.get("targets"));
        if (clients.isEmpty()) throw new IllegalArgumentException(where + ": \"targets\" must list the clients, e.g. [\"c2\"]");
        return new HoldRenewals(clients);
    }

    @Override
    public boolean holdsRenewals() {
        return true;
    }

    @Override
    public String kind() {
        return KIND;
    }

    @Override
    public Map<String, Object> fields() {
        return Map.of("targets", clients);
    }

    @Override
    public List<String> names() {
        return clients;
    }

    @Override
    public String describe() {
        return "hold " + String.join(", ", clients) + "'s lease renewals";
    }

    @Override
    public Heal inject(Reach r) {
        List<RenewalSwitch> switches = clients.stream().map(r::renewalSwitch).toList();
        r.nemesis().holdRenewals(switches);
        return () -> r.nemesis().resumeRenewals(switches);
    }
}
