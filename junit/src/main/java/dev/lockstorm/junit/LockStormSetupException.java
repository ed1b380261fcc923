package dev.lockstorm.junit;

/**
 * A run that could not take place: this machine cannot make a lab (not root, a tool missing), the
 * spec names something unknown, or a client would not open. The message says what, and where to look.
 */
public final class LockStormSetupException extends RuntimeException {
    public LockStormSetupException(String message) {
        super(message);
    }
}
