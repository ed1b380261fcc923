package dev.lockstorm.workloads;

/** A release that certainly did not take effect, because the client no longer held the lock ({@code fail}). */
public class NotHeldException extends Exception {
    public NotHeldException(String message) {
        super(message);
    }
}
