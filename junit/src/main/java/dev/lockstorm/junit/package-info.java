/**
 * Test your own lock from your own build: a JUnit 5 extension that runs lockstorm, and the run's
 * spec and result. Register your {@link dev.lockstorm.api.LockSystem} (and, if you have one, your
 * {@link dev.lockstorm.api.ResourceType}) in your test resources' {@code META-INF/services}, then:
 *
 * <pre>{@code
 * class AcmeLockTest {
 *     @LockStormTest(system = "acme-lock", nemesis = "pause-client", timeLimit = "20s")
 *     void aGcPausePastTheSessionLetsTwoIn(LockStormRun run) {
 *         run.assertDoubleHolder();
 *     }
 * }
 * }</pre>
 *
 * The test JVM needs root (each run makes network namespaces) and, on the machine, what a lab
 * uses: util-linux, iproute2, nftables, and for Redis systems redis-server, for etcd systems etcd-server.
 */
package dev.lockstorm.junit;
