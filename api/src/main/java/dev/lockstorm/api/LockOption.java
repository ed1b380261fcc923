package dev.lockstorm.api;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A setting a lock system takes beyond the ones every run has (clients, lease, …); a run sets it
 * with {@code --option NAME=VALUE}, and the client reads it with {@link ClientContext#option}. An
 * option with {@link #choices} is checked when the run is set up, before any server starts.
 *
 * <pre>{@code
 * public List<LockOption> options() {
 *     return List.of(new LockOption("wait-replicas", "replicas that must have a grant (WAIT n)", "1"),
 *             LockOption.choice("read-back", "read the key after a grant", "false", "true", "false"));
 * }
 * }</pre>
 *
 * @param name         lower-case words joined by dashes
 * @param description  one line for {@code lockstorm systems}
 * @param defaultValue the value when a run does not set it
 * @param choices      the values it takes, or empty for any text
 */
public record LockOption(String name, String description, String defaultValue, List<String> choices) {
    public LockOption {
        if (name == null || !name.matches("[a-z][a-z0-9-]*")) {
            throw new IllegalArgumentException("an option name is lower-case words joined by dashes, not '" + name + "'");
        }
        if (defaultValue == null) throw new IllegalArgumentException("option " + name + " needs a default value");
        choices = List.copyOf(choices);
        if (!choices.isEmpty() && !choices.contains(defaultValue)) {
            throw new IllegalArgumentException("option " + name + ": its default '" + defaultValue + "' is not one of " + choices);
        }
    }

    /** An option that takes any text. */
    public LockOption(String name, String description, String defaultValue) {
        this(name, description, defaultValue, List.of());
    }

    /** An option that takes one of {@code choices}. */
    public static LockOption choice(String name, String description, String defaultValue, String... choices) {
        return new LockOption(name, description, defaultValue, List.of(choices));
    }

    /** Every option at its default value, by name: what a client gets when a run sets none of them. */
    public static Map<String, String> defaults(List<LockOption> options) {
        Map<String, String> out = new LinkedHashMap<>();
        for (LockOption o : options) out.put(o.name(), o.defaultValue());
        return out;
    }

    /** Why {@code value} is refused ({@code --option x takes a or b, not 'c'}), or empty when it is taken. */
    public Optional<String> refusal(String value) {
        return choices.isEmpty() || choices.contains(value) ? Optional.empty()
                : Optional.of("--option " + name + " takes " + String.join(" or ", choices) + ", not '" + value + "'");
    }

    /**
     * This option's value in a client's context, checked against its choices as the run's spec checks
     * it: an {@link IllegalArgumentException} with the {@link #refusal} otherwise.
     */
    public String valueIn(ClientContext c) {
        String v = c.option(name);
        refusal(v).ifPresent(message -> {
            throw new IllegalArgumentException(message);
        });
        return v;
    }
}
