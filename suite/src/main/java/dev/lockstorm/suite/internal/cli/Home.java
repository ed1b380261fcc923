package dev.lockstorm.suite.internal.cli;

import java.nio.file.Path;

/** The lockstorm checkout the launcher runs from ({@code -Dlockstorm.home}, set by bin/lockstorm). */
final class Home {
    private Home() {
    }

    /** The run store: {@code store/} in the checkout, as Jepsen names it. */
    static Path store() {
        return path("store");
    }

    static Path path(String relative) {
        String home = System.getProperty("lockstorm.home", ".");
        return Path.of(home).resolve(relative).normalize();
    }
}
