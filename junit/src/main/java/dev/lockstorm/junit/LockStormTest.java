package dev.lockstorm.junit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import dev.lockstorm.suite.internal.run.RunDefaults;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A test that is one lockstorm run: the run happens (in a fresh lab; the test JVM needs root) before
 * the method is called, and the method gets what it found as a {@link LockStormRun} parameter.
 * Results go to {@code target/lockstorm/<TestClass.method>/<start-time>/}. Durations are written
 * as on the command line: {@code 30s}, {@code 500ms}, {@code 2m}.
 *
 * <pre>{@code
 * @LockStormTest(system = "acme-zk-lock", clients = 5, timeLimit = "30s", nemesis = "pause-client", fencing = "all")
 * void survivesGcPauses(LockStormRun run) {
 *     run.assertNoLostUpdates();
 * }
 * }</pre>
 *
 * To vary systems, nemeses or seeds, write a {@code @ParameterizedTest} that takes a {@link LockStorm}
 * and builds a {@link LockStormSpec} from its arguments (see {@link LockStormExtension}).
 */
@Target({ElementType.METHOD, ElementType.ANNOTATION_TYPE})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Test
@ExtendWith(LockStormExtension.class)
public @interface LockStormTest {
    /** The lock system's name: built in, or yours (registered in META-INF/services/dev.lockstorm.api.LockSystem). */
    String system();

    /** Client processes, each on its own host. */
    int clients() default RunDefaults.CLIENTS;

    /** How long clients and nemesis run. */
    String timeLimit() default RunDefaults.TIME_LIMIT;

    /** none, partition, pause-node, pause-client, kill, clock or mix (or a named scenario's choreography). */
    String nemesis() default RunDefaults.NEMESIS;

    /** What the protected resource checks of the token: none, writes or all. */
    String fencing() default RunDefaults.FENCING;

    /** The protected resource: {@code counter}, or yours (META-INF/services/dev.lockstorm.api.ResourceType). */
    String resource() default RunDefaults.RESOURCE;

    /** The seed of every random choice: a run is repeatable. */
    long seed() default RunDefaults.SEED;

    /** The lock's lease: ZooKeeper's session timeout, a key's TTL. */
    String lease() default RunDefaults.LEASE;

    /** Mean time between faults; empty for a sixth of the time limit, at most {@value RunDefaults#NEMESIS_INTERVAL_MAX}. */
    String nemesisInterval() default "";

    /** Longest hold between the resource's read and write; empty for {@value RunDefaults#HOLD_MAX} (holds drawn across the lease). */
    String holdMax() default "";

    /** How long a client rests between its cycles, about (0 to twice this, drawn); empty for none, every client asking again at once. */
    String rest() default "";

    /** How long every client has after the final heal to acquire once more. */
    String quiet() default RunDefaults.QUIET;

    /** Redis persistence: none, aof-everysec or aof-always. */
    String persistence() default RunDefaults.PERSISTENCE;

    /** What a holder does when its client says the lease may be gone: continue, or stop (ask, and release at the first doubt). */
    String onDoubt() default RunDefaults.ON_DOUBT;

    /** How deep a reentrant lock is taken again inside each hold, at most; -1 for the default (2 for reentrant locks, 0 for others). */
    int nesting() default -1;

    /** For a read-write lock, how many of the clients are readers (the last ones; the others write); -1 for the default (half, rounded down). */
    int readers() default -1;

    /**
     * After an operation whose outcome is unknown, leave that client instance running beside the new
     * one, as an application that caught the timeout does: what its library queued, or its kernel
     * still retransmits, reaches the servers late ({@code run --keep-crashed}).
     */
    boolean keepCrashed() default false;

    /**
     * Where the run's hosts are made: {@code "lab"} (network namespaces on this machine; the test JVM
     * needs root) or {@code "containers"} (a container per host on a Docker engine this user may use,
     * images built by lockstorm; no root). Empty (the default): {@link LockStorm#defaultBackend()}, so
     * that one build runs its tests on either ({@code mvn test -Dlockstorm.backend=containers}).
     */
    String backend() default "";

    /**
     * A recorded schedule to do again instead of drawing faults ({@code run --schedule}): a run's
     * {@code schedule.json}, or the minimal one {@code lockstorm shrink} wrote, by its path from the
     * working directory (the module's in a Maven build); empty for none.
     */
    String schedule() default "";

    /**
     * How many seeds the test takes, from {@link #seed()} on. A reproduction (a timing-dependent
     * finding: {@code assertDefect}, {@code assertDoubleHolder}) passes when any of them shows it and
     * fails, listing every seed's counts, only when its assertions fail on all of them; a safety
     * claim ({@code assertSafe}, {@code assertNoDefect}) passes only when every seed passes it.
     */
    int seeds() default 1;

    /**
     * Findings the run ends at ({@code run --until}), e.g. {@code "defect"}: its faults and clients stop
     * as soon as the history so far shows every one, instead of at the time limit; the heal and the
     * whole check follow, and decide. For a reproduction that asserts only that finding; empty for none.
     */
    String[] until() default {};

    /** The system's own options, as {@code "name=value"}. */
    String[] options() default {};
}
