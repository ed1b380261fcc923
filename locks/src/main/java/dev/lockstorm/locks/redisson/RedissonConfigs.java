package dev.lockstorm.locks.redisson;

import org.redisson.Redisson;
import org.redisson.api.RedissonClient;
import org.redisson.config.Config;

import java.time.Duration;

/** Redisson clients configured for fault testing, shared by the Redisson adapters. */
final class RedissonConfigs {
    static final String LOCK_NAME = "lockstorm:redisson-lock";

    private RedissonConfigs() {
    }

    /**
     * A client of one Redis server. A command is sent once (no retry attempts: a retried SET after
     * a lost reply is exactly the silent replay fault testing must not have), has an explicit
     * timeout, and a dead connection is noticed within a second by a ping.
     *
     * @param watchdog Redisson's lockWatchdogTimeout: how long a lock taken without a lease time
     *                 lives unless the holder's watchdog renews it (every third of it)
     */
    static RedissonClient single(String uri, Duration watchdog) {
        Config config = new Config();
        config.setLockWatchdogTimeout(watchdog.toMillis());
        config.setThreads(2);
        config.setNettyThreads(4);
        config.useSingleServer()
                .setAddress(uri)
                .setRetryAttempts(0)
                .setTimeout(2000)
                .setConnectTimeout(2000)
                .setPingConnectionInterval(1000)
                .setConnectionMinimumIdleSize(1)
                .setConnectionPoolSize(4)
                .setSubscriptionConnectionMinimumIdleSize(1)
                .setSubscriptionConnectionPoolSize(2);
        return create(config);
    }

    /**
     * Redisson's client, its first connections made: tried up to three times, since a cold worker JVM on a loaded
     * machine can spend longer than the connect timeout loading Netty before anything is faulted (creation sends no
     * command, so a retry here replays nothing).
     */
    private static RedissonClient create(Config config) {
        for (int attempt = 1; ; attempt++) {
            try {
                return Redisson.create(config);
            } catch (org.redisson.client.RedisConnectionException e) {
                if (attempt == 3) throw e;
            }
        }
    }
}
