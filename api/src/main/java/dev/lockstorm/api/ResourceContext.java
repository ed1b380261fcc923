package dev.lockstorm.api;

/**
 * What a protected resource is opened with.
 *
 * @param fencing how much of the token the run asks the resource to check ({@code --fencing}); a resource
 *                with a fixed policy of its own says so in its description and may reject a mode it cannot honour
 * @param connect the run's servers, in the form of the lock system's {@link Topology}, for a resource kept there
 */
public record ResourceContext(Fencing fencing, String connect) {
}
