package dev.lockstorm.api;

/**
 * A setting a lock system takes beyond the ones every run has (clients, lease, …); a run sets it
 * with {@code --option NAME=VALUE}, and the client reads it with {@link ClientContext#option}.
 *
 * <pre>{@code
 * public List<LockOption> options() {
 *     return List.of(new LockOption("wait-replicas", "replicas that must have a grant (WAIT n)", "1"));
 * }
 * }</pre>
 *
 * @param name         lower-case words joined by dashes
 * @param description  one line for {@code lockstorm systems}
 * @param defaultValue the value when a run does not set it
 */
public record LockOption(String name, String description, String defaultValue) {
    public LockOption {
        if (name == null || !name.matches("[a-z][a-z0-9-]*")) {
            throw new IllegalArgumentException("an option name is lower-case words joined by dashes, not '" + name + "'");
        }
        if (defaultValue == null) throw new IllegalArgumentException("option " + name + " needs a default value");
    }
}
