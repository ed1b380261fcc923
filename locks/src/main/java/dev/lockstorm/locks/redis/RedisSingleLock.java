package dev.lockstorm.locks.redis;

import dev.lockstorm.api.Lease;
import dev.lockstorm.api.LockClient;
import dev.lockstorm.api.NotAcquiredException;
import dev.lockstorm.api.NotHeldException;
import dev.lockstorm.api.Notes;
import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisCommandExecutionException;
import io.lettuce.core.RedisException;
import io.lettuce.core.RedisURI;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.SocketOptions;
import io.lettuce.core.TimeoutOptions;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;

import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The single-instance Redis lock: {@code SET key value NX PX ttl} with a random value, released by
 * a Lua compare-and-delete. The fencing token is an
 * {@code INCR} on the same master, taken in the same script as the SET, so that tokens follow the
 * order of grants.
 *
 * <p>Configured for fault testing by default: Lettuce does not reconnect (a reconnect would silently
 * replay commands buffered while disconnected), commands reject while disconnected, and every command
 * has a timeout; a broken connection makes the operation {@code info} and the worker is replaced.
 * {@link ClientMode#DEPLOYED} is Lettuce as applications run it: reconnecting, queueing commands
 * while disconnected and sending them after the reconnect, even those whose caller has timed out.
 * {@link ReleaseMode#DEL} releases with a plain {@code DEL}, the blind release many hand-written locks
 * ship, for scenarios that show what a late release does. {@link RetryMode} decides whether an
 * acquire whose command timed out or lost its connection sends its SET again, as applications
 * that retry failed commands do.
 */
public final class RedisSingleLock implements LockClient {
    static final String KEY = "lockstorm:lock";
    static final String TOKENS = "lockstorm:token";
    /** The grant's token beside the key, for {@link RetryMode#IDEMPOTENT}: a replay that finds its own value returns it. */
    static final String HOLDER_TOKEN = "lockstorm:lock:token";
    private static final String ACQUIRE = "if redis.call('set', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then "
            + "return redis.call('incr', KEYS[2]) else return false end";
    // a SET that finds our own value was sent before and took the lock: it takes it again for a whole TTL from now (as a
    // re-entrant lock's second acquire does) and answers the first grant's token, negated so that the client can tell
    private static final String ACQUIRE_OWN = "local v = redis.call('get', KEYS[1]) "
            + "if v == ARGV[1] then redis.call('pexpire', KEYS[1], ARGV[2]) redis.call('pexpire', KEYS[3], ARGV[2]) "
            + "return -tonumber(redis.call('get', KEYS[3])) end "
            + "if v then return false end "
            + "redis.call('set', KEYS[1], ARGV[1], 'PX', ARGV[2]) local t = redis.call('incr', KEYS[2]) "
            + "redis.call('set', KEYS[3], t, 'PX', ARGV[2]) return t";
    /** How often an acquire sends its SET again after a timeout or a broken connection (Redisson's {@code retryAttempts} default). */
    static final int RESENDS = 3;
    /** What an acquire notes when it sends its SET again: how scenarios find the replay in the history. */
    public static final String SENT_AGAIN = "the SET was sent again after";
    /**
     * What a {@link RetryMode#BLIND} acquire notes when a SET sent again was refused and the key holds
     * its own value: lockstorm looks (a GET the client itself would not make), for the history to show
     * the grant the client refused itself.
     */
    public static final String REFUSED_BY_OWN = "a SET sent again was refused, and the key holds this client's own value: the grant"
            + " of an earlier send, which it does not know of";
    /** What an acquire notes when a SET sent again found the client's own value: the grant an earlier send took. */
    public static final String FOUND_OWN = "a SET sent again found this client's own value: the grant of an earlier send, token";
    static final String RELEASE = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";

    private final String uri;
    private final Duration ttl;
    private final int waitReplicas;
    private final ClientMode mode;
    private final ReleaseMode releaseMode;
    private final RetryMode retryMode;

    /** How the Lettuce client is configured. */
    public enum ClientMode {
        /** No reconnect, commands refused while disconnected: nothing is sent late. */
        FAULT_TESTING,
        /** Lettuce's defaults (reconnect, commands queued while disconnected), with the caller's 2 s timeout. */
        DEPLOYED
    }

    /** How a release deletes the key. */
    public enum ReleaseMode {
        /** A Lua compare-and-delete: only our own value. */
        COMPARE_AND_DELETE,
        /** A plain DEL, whoever's value the key holds by the time it arrives. */
        DEL
    }

    /** What an acquire does when its SET timed out or its connection broke: the command may have been applied. */
    public enum RetryMode {
        /** Nothing: the acquire's outcome is unknown (recorded {@code info}). */
        NONE,
        /**
         * The same SET sent again, up to {@value #RESENDS} times, as clients that retry failed commands do
         * (redis-py's {@code retry_on_timeout}, Redisson's {@code retryAttempts}, a retry template around
         * the call): a SET that was applied and is sent again meets its own value and is refused.
         */
        BLIND,
        /** The same, with a script that knows the client's own value: a SET sent again after its first took the lock returns that grant. */
        IDEMPOTENT
    }

    private RedisClient client;
    private StatefulRedisConnection<String, String> connection;
    private RedisCommands<String, String> redis;

    /** @param ttl the lock's time to live (the lease) */
    public RedisSingleLock(String uri, Duration ttl) {
        this(uri, ttl, 0);
    }

    /**
     * The lock against the master that {@code uri} names: a plain {@code redis://} URI, or a
     * {@code redis-sentinel://s1:26379,s2:26379#name} URI, with which each new connection asks the
     * Sentinels for the current master.
     *
     * @param waitReplicas after a grant, {@code WAIT} until this many replicas have the key (within a
     *                     tenth of the TTL, at most a second); if fewer do, the key is deleted again and the acquire
     *                     fails. 0 for no WAIT.
     */
    public RedisSingleLock(String uri, Duration ttl, int waitReplicas) {
        this(uri, ttl, waitReplicas, ClientMode.FAULT_TESTING, ReleaseMode.COMPARE_AND_DELETE);
    }

    /** The lock with its client configured as {@code mode} and releasing as {@code releaseMode}. */
    public RedisSingleLock(String uri, Duration ttl, int waitReplicas, ClientMode mode, ReleaseMode releaseMode) {
        this(uri, ttl, waitReplicas, mode, releaseMode, RetryMode.NONE);
    }

    /** The same, its acquire sending a SET again after a timeout or a broken connection as {@code retryMode} says. */
    public RedisSingleLock(String uri, Duration ttl, int waitReplicas, ClientMode mode, ReleaseMode releaseMode, RetryMode retryMode) {
        this.retryMode = retryMode;
        this.uri = uri;
        this.ttl = ttl;
        this.waitReplicas = waitReplicas;
        this.mode = mode;
        this.releaseMode = releaseMode;
    }

    /** Lettuce as applications run it: its defaults, which reconnect and send what was queued, and a command timeout. */
    static ClientOptions deployedOptions(Duration commandTimeout) {
        return ClientOptions.builder().timeoutOptions(TimeoutOptions.enabled(commandTimeout)).build();
    }

    /** Client options for fault testing, shared by the Redis adapters. */
    static ClientOptions faultTestingOptions(Duration commandTimeout) {
        return faultTestingOptions(commandTimeout, Duration.ofSeconds(2));
    }

    /** The same with a connect timeout of its own (Redlock's per-node budget covers connecting too). */
    static ClientOptions faultTestingOptions(Duration commandTimeout, Duration connectTimeout) {
        return ClientOptions.builder()
                .autoReconnect(false)
                .disconnectedBehavior(ClientOptions.DisconnectedBehavior.REJECT_COMMANDS)
                .timeoutOptions(TimeoutOptions.enabled(commandTimeout))
                .socketOptions(SocketOptions.builder().connectTimeout(connectTimeout).build())
                .build();
    }

    @Override
    public void open() {
        client = RedisClient.create(RedisURI.create(uri));
        client.setOptions(mode == ClientMode.DEPLOYED ? deployedOptions(Duration.ofSeconds(2)) : faultTestingOptions(Duration.ofSeconds(2)));
        connection = client.connect();
        redis = connection.sync();
    }

    @Override
    public Lease acquire(Duration timeout) throws Exception {
        String value = UUID.randomUUID().toString();
        long deadline = System.nanoTime() + timeout.toNanos();
        int resent = 0;
        boolean refusedByOwn = false;
        while (true) {
            long started = System.nanoTime();
            Long token;
            try {
                token = retryMode == RetryMode.IDEMPOTENT
                        ? redis.eval(ACQUIRE_OWN, ScriptOutputType.INTEGER, new String[]{KEY, TOKENS, HOLDER_TOKEN}, value, Long.toString(ttl.toMillis()))
                        : redis.eval(ACQUIRE, ScriptOutputType.INTEGER, new String[]{KEY, TOKENS}, value, Long.toString(ttl.toMillis()));
            } catch (RedisCommandExecutionException e) {
                throw e; // the server answered with an error: nothing to send again
            } catch (RedisException e) {
                if (retryMode == RetryMode.NONE || resent == RESENDS) throw e;
                resent++;
                Notes.add(SENT_AGAIN + ": " + e);
                Thread.sleep(50);
                continue;
            }
            if (token != null) {
                // a replay's grant is counted from the replay: the script gave the key a whole TTL when it ran
                Held held = new Held(value, started + ttl.toNanos());
                if (token < 0) {
                    token = -token;
                    Notes.add(FOUND_OWN + " " + token);
                }
                if (waitReplicas > 0) awaitReplicas(held);
                return new Lease(token, held);
            }
            if (resent > 0 && !refusedByOwn && value.equals(redis.get(KEY))) {
                refusedByOwn = true;
                Notes.add(REFUSED_BY_OWN);
            }
            if (System.nanoTime() > deadline) {
                throw new NotAcquiredException("the lock key was still set after " + timeout
                        + (resent > 0 ? " (its SET was sent " + (resent + 1) + " times; an earlier one may hold it)" : ""));
            }
            Thread.sleep(ThreadLocalRandom.current().nextInt(5, 30));
        }
    }

    /**
     * WAIT for the replicas; a grant they did not all acknowledge is given back, and the acquire's
     * outcome is unknown ({@link GivenBackException}, recorded {@code info}): a replica may have taken
     * the SET without acknowledging it in time, and the DEL may not reach it before it is promoted.
     */
    private void awaitReplicas(Held held) throws GivenBackException {
        // within the command timeout (2 s), or an unanswered WAIT would leave the key set until its TTL
        long timeoutMs = Math.max(1, Math.min(1000, ttl.toMillis() / 10));
        Long acked = redis.waitForReplication(waitReplicas, timeoutMs);
        if (acked != null && acked >= waitReplicas) return;
        deleteIfOurs(held.value());
        throw new GivenBackException("granted, but WAIT " + waitReplicas + " saw " + acked + " replicas acknowledge within "
                + timeoutMs + " ms; given back, though a replica may keep the SET without the DEL");
    }

    /** A grant given back after too few replicas acknowledged it: neither held nor certainly refused. */
    static final class GivenBackException extends Exception {
        GivenBackException(String message) {
            super(message);
        }
    }

    /** Our value in the key, and when the lease runs out by our own monotonic clock. */
    record Held(String value, long validUntilNanos) {
    }

    @Override
    public void release(Lease lease) throws Exception {
        if (releaseMode == ReleaseMode.DEL) {
            if (redis.del(KEY) == 0) throw new NotHeldException("the lock key was gone");
            return;
        }
        if (!deleteIfOurs(((Held) lease.handle()).value())) throw new NotHeldException("the lock key is gone or holds another client's value");
    }

    /** The compare-and-delete: whether the key held {@code value} and is now gone. */
    private boolean deleteIfOurs(String value) {
        Long n = redis.eval(RELEASE, ScriptOutputType.INTEGER, new String[]{KEY}, value);
        return n != null && n > 0;
    }

    /** The lease is valid until its TTL runs out, measured from before the SET was sent. */
    @Override
    public boolean stillHeld(Lease lease) {
        return System.nanoTime() < ((Held) lease.handle()).validUntilNanos() && connection.isOpen();
    }

    @Override
    public void close() {
        if (connection != null) connection.close();
        if (client != null) client.shutdown(Duration.ZERO, Duration.ofSeconds(1));
    }
}
