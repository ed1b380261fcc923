package dev.lockstorm.zoo;

import dev.lockstorm.api.ClientContext;
import dev.lockstorm.api.Lease;
import dev.lockstorm.api.NotAcquiredException;
import io.lettuce.core.SetArgs;
import io.lettuce.core.pubsub.RedisPubSubAdapter;
import io.lettuce.core.pubsub.StatefulRedisPubSubConnection;

import java.time.Duration;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * Bug: a waiter that trusts the notification. A release publishes "released"; a waiter that hears it
 * takes the lock as its own (sets the key without NX) instead of competing for it again: every waiter
 * that heard the same message holds the lock.
 */
final class TrustingWaiterLock extends RedisZooLock {
    private static final String CHANNEL = "zoo:released";
    private StatefulRedisPubSubConnection<String, String> pubsub;
    private final LinkedBlockingQueue<String> released = new LinkedBlockingQueue<>();

    TrustingWaiterLock(ClientContext context) {
        super(context);
    }

    @Override
    public void open() {
        super.open();
        pubsub = client.connectPubSub();
        pubsub.addListener(new RedisPubSubAdapter<>() {
            @Override
            public void message(String channel, String message) {
                released.offer(message);
            }
        });
        pubsub.sync().subscribe(CHANNEL);
    }

    @Override
    Lease tryOnce() {
        return setNxNoToken();
    }

    @Override
    public Lease acquire(Duration timeout) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        long asked = System.nanoTime();
        released.clear();
        Lease l = tryOnce();
        while (l == null) {
            long left = deadline - System.nanoTime();
            if (left <= 0) throw new NotAcquiredException("busy for " + timeout);
            asked = System.nanoTime();
            // the notification says the lock is free, so it is ours
            if (released.poll(Math.min(left, 200_000_000L), TimeUnit.NANOSECONDS) != null) {
                redis.set(KEY, me, SetArgs.Builder.px(ttlMillis()));
                l = new Lease(null, me);
            } else {
                l = tryOnce();
            }
        }
        validUntil = asked + context.lease().toNanos();
        return l;
    }

    @Override
    public void release(Lease lease) throws Exception {
        super.release(lease);
        redis.publish(CHANNEL, me);
    }

    @Override
    public void close() {
        if (pubsub != null) pubsub.close();
        super.close();
    }
}
