package dev.lockstorm.workloads;

/**
 * Proof that a client took a lock: the fencing token (when the lock provides one) and whatever the
 * adapter needs to release it.
 *
 * @param token  the fencing token, or null
 * @param handle adapter-private state (a node path, a Curator lease, …)
 */
public record Lease(Long token, Object handle) {
}
