package dev.lockstorm.clusters.redis;

import java.util.List;

/** How a Redis node keeps data across a crash. */
public enum Persistence {
    /** Nothing: a restart starts empty. */
    NONE(List.of("--appendonly", "no", "--save", "")),
    /** Append-only file fsynced every second (survives kill -9, not a power loss). */
    AOF_EVERYSEC(List.of("--appendonly", "yes", "--appendfsync", "everysec", "--save", "")),
    /** Append-only file fsynced on every write. */
    AOF_ALWAYS(List.of("--appendonly", "yes", "--appendfsync", "always", "--save", ""));

    final List<String> args;

    Persistence(List<String> args) {
        this.args = args;
    }

    /** As {@code --persistence} takes it: none, aof-everysec or aof-always. */
    public String wire() {
        return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    }

    /** none, aof-everysec or aof-always. */
    public static Persistence fromName(String name) {
        return switch (name) {
            case "none" -> NONE;
            case "aof-everysec" -> AOF_EVERYSEC;
            case "aof-always" -> AOF_ALWAYS;
            default -> throw new IllegalArgumentException("persistence '" + name + "'; expected none, aof-everysec or aof-always");
        };
    }
}
