package dev.lockstorm.api;

/**
 * Proof that a client took a lock: the fencing token (when the lock provides one) and whatever the
 * client needs to release it.
 *
 * <pre>{@code
 * return new Lease(stat.getCzxid(), path);   // fenced: the lock node's creation zxid
 * return new Lease(null, path);              // a lock without fencing tokens
 * }</pre>
 *
 * @param token  the fencing token, or null
 * @param handle the client's own state for the release (a node path, a library's lease object, …)
 */
public record Lease(Long token, Object handle) {
}
