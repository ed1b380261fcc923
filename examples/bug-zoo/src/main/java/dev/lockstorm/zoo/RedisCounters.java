package dev.lockstorm.zoo;

import dev.lockstorm.api.Fencing;
import dev.lockstorm.api.ProtectedResource;
import dev.lockstorm.api.ResourceContext;
import dev.lockstorm.api.ResourceType;
import dev.lockstorm.api.Topology;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * The zoo's resources that keep their data in a Redis of their own ({@link ResourceType#servers()}: lockstorm starts it
 * on host d1 for each run, whatever the lock runs on), as a team whose storage is Redis writes them: the value and the
 * bar (the highest token taken) are two keys. The control checks a token and acts in one Lua script, which Redis runs
 * alone; the broken one reads the bar in one round trip and writes in another, with {@link ZooResources#CHECKED}
 * between them, where {@code pause-at:checked} freezes a holder past its lease.
 */
public final class RedisCounters {
    private RedisCounters() {
    }

    private static final String VALUE = "zoo:counter:value";
    private static final String BAR = "zoo:counter:bar";

    /** Checks ARGV[1] (a token, or empty for none) against the bar and raises it; then reads, or writes ARGV[2]. */
    private static final String SCRIPT = """
            local bar = redis.call('GET', KEYS[2])
            if ARGV[1] ~= '' then
              local t = tonumber(ARGV[1])
              if bar and t < tonumber(bar) then return {0, bar} end
              if not bar or t > tonumber(bar) then redis.call('SET', KEYS[2], ARGV[1]) end
            end
            if ARGV[2] ~= '' then redis.call('SET', KEYS[1], ARGV[2]) end
            return {1, redis.call('GET', KEYS[1]) or '0'}
            """;

    /** A counter in Redis: its calls checked in one script ({@code atomic}) or in two round trips. */
    private static final class Counter implements ProtectedResource {
        private final RedisClient client;
        private final StatefulRedisConnection<String, String> connection;
        private final RedisCommands<String, String> redis;
        private final boolean atomic;
        private final ResourceContext context;

        Counter(ResourceContext context, boolean atomic) {
            if (context.storage().isEmpty()) throw new IllegalStateException("no Redis of its own: open it in a run, which starts one on d1");
            this.context = context;
            this.atomic = atomic;
            this.client = RedisClient.create(RedisURI.create(context.storage()));
            client.setDefaultTimeout(Duration.ofSeconds(5));
            this.connection = client.connect();
            this.redis = connection.sync();
        }

        @Override
        public Read read(Long token) {
            // --fencing says which calls carry a token to check: reads only under "all"
            List<Object> r = call(context.fencing() == Fencing.ALL ? token : null, null);
            return ok(r) ? Read.ok(Long.parseLong((String) r.get(1))) : Read.rejected(stale(token, r));
        }

        @Override
        public Write write(Long token, long newValue) {
            if (context.fencing() == Fencing.NONE) token = null;
            if (atomic) {
                List<Object> r = call(token, newValue);
                if (!ok(r)) return Write.rejected(stale(token, r));
                // checked and stored in one step: a caller frozen here holds past its lease with its write done
                context.checkpoint(ZooResources.CHECKED);
                return Write.ok();
            }
            // the bar read and raised in one round trip, the value written in the next: another holder's write may come between
            List<Object> r = call(token, null);
            if (!ok(r)) return Write.rejected(stale(token, r));
            context.checkpoint(ZooResources.CHECKED);
            redis.set(VALUE, Long.toString(newValue));
            return Write.ok();
        }

        private List<Object> call(Long token, Long newValue) {
            return redis.eval(SCRIPT, ScriptOutputType.MULTI, new String[]{VALUE, BAR},
                    token == null ? "" : token.toString(), newValue == null ? "" : newValue.toString());
        }

        private static boolean ok(List<Object> r) {
            return ((Long) r.get(0)) == 1L;
        }

        private static String stale(Long token, List<Object> r) {
            return "stale token " + token + " (the store has taken " + r.get(1) + ")";
        }

        @Override
        public void close() {
            connection.close();
            client.shutdown();
        }
    }

    private abstract static class InRedis implements ResourceType {
        @Override
        public Optional<Topology> servers() {
            return Optional.of(Topology.REDIS_SINGLE);
        }

        @Override
        public List<String> checkpoints() {
            return List.of(ZooResources.CHECKED);
        }
    }

    /** {@code zoo-redis-script}: the control, each call one Lua script that checks the token and acts. */
    public static final class Script extends InRedis {
        @Override
        public String name() {
            return "zoo-redis-script";
        }

        @Override
        public String description() {
            return "a counter in a Redis of its own (d1), each call a Lua script that checks the token and acts in one step (the control)";
        }

        @Override
        public ProtectedResource open(ResourceContext context) {
            return new Counter(context, true);
        }
    }

    /** {@code zoo-redis-check-then-set}: checks the token in one round trip and SETs the value in the next. */
    public static final class CheckThenSet extends InRedis {
        @Override
        public String name() {
            return "zoo-redis-check-then-set";
        }

        @Override
        public String description() {
            return "a counter in a Redis of its own (d1) that checks a write's token in one round trip and SETs the value in another";
        }

        @Override
        public ProtectedResource open(ResourceContext context) {
            return new Counter(context, false);
        }
    }
}
