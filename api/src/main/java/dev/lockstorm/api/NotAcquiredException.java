package dev.lockstorm.api;

/**
 * The client certainly did not get the lock (it gave up waiting and withdrew its claim). The
 * operation is recorded as {@code fail}; any other exception from an acquire is {@code info}.
 */
public class NotAcquiredException extends Exception {
    public NotAcquiredException(String message) {
        super(message);
    }
}
