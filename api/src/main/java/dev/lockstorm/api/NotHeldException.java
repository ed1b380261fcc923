package dev.lockstorm.api;

/**
 * A release that found the lock no longer this client's (its lease expired, its node or session is
 * gone). The history records it as {@code info}, not {@code fail}: the client believed it held the
 * lock up to this release, so the lock model may let the lease end no earlier than the release's
 * invocation; a {@code fail} would leave the model believing the client still holds it.
 */
public class NotHeldException extends Exception {
    public NotHeldException(String message) {
        super(message);
    }
}
