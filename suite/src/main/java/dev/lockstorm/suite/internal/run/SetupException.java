package dev.lockstorm.suite.internal.run;

/** A run that could not get going (a client or the resource would not open); the message says what and where (exit 3). */
public final class SetupException extends RuntimeException {
    public SetupException(String message) {
        super(message);
    }

    public SetupException(String message, Throwable cause) {
        super(message, cause);
    }
}
