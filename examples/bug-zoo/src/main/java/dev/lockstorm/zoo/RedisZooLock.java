package dev.lockstorm.zoo;

import dev.lockstorm.api.ClientContext;
import dev.lockstorm.api.Lease;
import dev.lockstorm.api.LockClient;
import dev.lockstorm.api.NotAcquiredException;
import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.SetArgs;
import io.lettuce.core.TimeoutOptions;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;

import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;

/**
 * What every lock of the zoo shares: one Redis connection configured for fault testing (no
 * reconnect, commands refused while disconnected, a 1 s command timeout), a value of its own, and a
 * polling acquire. Each lock overrides the one step it gets wrong; the rest is done right.
 */
abstract class RedisZooLock implements LockClient {
    static final String KEY = "zoo:lock";
    static final String TOKENS = "zoo:token";
    /** Delete the key only when it still holds our value. */
    static final String RELEASE = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";
    /** SET NX PX and a token from INCR, in one step. */
    static final String ACQUIRE = "if redis.call('set', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then "
            + "return redis.call('incr', KEYS[2]) else return false end";

    protected final ClientContext context;
    protected final String me = UUID.randomUUID().toString();
    protected RedisClient client;
    protected StatefulRedisConnection<String, String> connection;
    protected RedisCommands<String, String> redis;
    /** When the lease we hold runs out, by our own monotonic clock, measured from before the grant was asked. */
    protected volatile long validUntil;

    RedisZooLock(ClientContext context) {
        this.context = context;
    }

    @Override
    public void open() {
        client = RedisClient.create(RedisURI.create(context.connect()));
        client.setOptions(ClientOptions.builder().autoReconnect(false).disconnectedBehavior(ClientOptions.DisconnectedBehavior.REJECT_COMMANDS)
                .timeoutOptions(TimeoutOptions.enabled(Duration.ofSeconds(1))).build());
        connection = client.connect();
        redis = connection.sync();
    }

    long ttlMillis() {
        return context.lease().toMillis();
    }

    /** One try: a lease when granted, null when the lock is busy. */
    abstract Lease tryOnce() throws Exception;

    @Override
    public Lease acquire(Duration timeout) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            long asked = System.nanoTime();
            Lease l = tryOnce();
            if (l != null) {
                validUntil = asked + context.lease().toNanos();
                return l;
            }
            if (System.nanoTime() > deadline) throw new NotAcquiredException("busy for " + timeout);
            Thread.sleep(ThreadLocalRandom.current().nextInt(5, 30));
        }
    }

    /** The correct grant: SET NX PX with a token from the same script. */
    Lease setNx() {
        Long token = redis.eval(ACQUIRE, ScriptOutputType.INTEGER, new String[]{KEY, TOKENS}, me, Long.toString(ttlMillis()));
        return token == null ? null : new Lease(token, me);
    }

    /** The correct grant without a token. */
    Lease setNxNoToken() {
        return "OK".equals(redis.set(KEY, me, SetArgs.Builder.nx().px(ttlMillis()))) ? new Lease(null, me) : null;
    }

    /** The correct release: compare and delete. */
    @Override
    public void release(Lease lease) throws Exception {
        Long n = redis.eval(RELEASE, ScriptOutputType.INTEGER, new String[]{KEY}, me);
        if (n == null || n == 0) throw new dev.lockstorm.api.NotHeldException("the key is gone or another client's");
    }

    /** The correct belief: held while the lease has not run out by our own monotonic clock. */
    @Override
    public boolean stillHeld(Lease lease) {
        return System.nanoTime() < validUntil && connection.isOpen();
    }

    @Override
    public void close() {
        if (connection != null) connection.close();
        if (client != null) client.shutdown(Duration.ZERO, Duration.ofSeconds(1));
    }
}
