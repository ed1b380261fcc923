package dev.lockstorm.locks.internal.registry;

/** A plug-in class path or registration that cannot be used; the message says what and where (exit 3). */
public final class PluginException extends RuntimeException {
    public PluginException(String message) {
        super(message);
    }

    public PluginException(String message, Throwable cause) {
        super(message, cause);
    }
}
