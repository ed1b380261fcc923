/**
 * What a team implements to test its own lock with lockstorm: a {@link dev.lockstorm.api.LockSystem}
 * that makes {@link dev.lockstorm.api.LockClient}s, and optionally a
 * {@link dev.lockstorm.api.ProtectedResource} with its own fencing-token check, both registered
 * with {@link java.util.ServiceLoader}. This module depends on nothing but the JDK.
 *
 * <pre>{@code
 * // src/main/resources/META-INF/services/dev.lockstorm.api.LockSystem
 * com.acme.lock.AcmeLockSystem
 * }</pre>
 */
package dev.lockstorm.api;
