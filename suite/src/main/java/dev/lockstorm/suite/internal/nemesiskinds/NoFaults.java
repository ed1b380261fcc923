package dev.lockstorm.suite.internal.nemesiskinds;

import java.util.Optional;

/** {@code none}: no faults; what every lock must survive. */
public record NoFaults() implements NemesisKind {
    @Override
    public String name() {
        return "none";
    }

    @Override
    public String description() {
        return "no faults";
    }

    @Override
    public Optional<NemesisPlan> plan(Targets t) {
        return Optional.empty();
    }
}
