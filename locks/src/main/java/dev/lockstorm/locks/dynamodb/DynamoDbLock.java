package dev.lockstorm.locks.dynamodb;

import com.amazonaws.services.dynamodbv2.AcquireLockOptions;
import com.amazonaws.services.dynamodbv2.AmazonDynamoDBLockClient;
import com.amazonaws.services.dynamodbv2.AmazonDynamoDBLockClientOptions;
import com.amazonaws.services.dynamodbv2.CreateDynamoDBTableOptions;
import com.amazonaws.services.dynamodbv2.LockItem;
import com.amazonaws.services.dynamodbv2.ReleaseLockOptions;
import com.amazonaws.services.dynamodbv2.model.LockNotGrantedException;
import dev.lockstorm.api.Lease;
import dev.lockstorm.api.LockClient;
import dev.lockstorm.api.NotAcquiredException;
import dev.lockstorm.api.NotHeldException;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.retry.RetryPolicy;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughput;
import software.amazon.awssdk.services.dynamodb.model.ResourceInUseException;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.TableStatus;

import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

/**
 * Amazon's DynamoDB lock client ({@code com.amazonaws:dynamodb-lock-client}) on one lock item: a
 * holder writes the item with its owner name, lease duration and a record version number (RVN), and
 * its heartbeat thread writes a new RVN every heartbeat period. A waiter that finds the item held
 * watches its RVN for the lease duration <em>on its own monotonic clock</em> and, if it did not
 * change, takes the lock over with a write conditioned on that RVN. Nothing on the server expires a
 * lock: a holder that stops heartbeating (frozen, cut off) loses it to the next waiter that watched
 * long enough, and learns of it only at its next heartbeat or release.
 *
 * <p>The lock has no fencing token. With {@code fenced}, the holder takes one right after the grant:
 * an {@code ADD} to a {@code fence} attribute of the lock item (kept across holds: the item is
 * marked released, never deleted), conditioned on the item still naming this owner and the grant's
 * RVN, so a later holder's fence is always higher and a holder that already lost the item gets none.
 *
 * <p>As lockstorm records outcomes, the library's own certainty is not taken at its word: it
 * retries a write that failed on the network and, when its time runs out, says "not granted"
 * although the failed write may have taken effect; and its default release ignores such a failure
 * and says "released". Here an acquire during which a lock write failed on the network is unknown,
 * and a release is made with {@code bestEffort(false)}, so that a failed one is unknown too.
 *
 * <pre>{@code
 * DynamoDbLock lock = new DynamoDbLock("http://10.77.0.11:8000", "orders", Duration.ofSeconds(3), Duration.ofSeconds(1), true);
 * lock.open();
 * Lease lease = lock.acquire(Duration.ofSeconds(4));
 * store.write(lease.token(), value);
 * lock.release(lease);
 * }</pre>
 */
public final class DynamoDbLock implements LockClient {
    /** The table lockstorm's clients share: partition key {@code key}, as the library creates it. */
    static final String TABLE = "lockstorm_locks";
    private static final String FENCE = "fence";

    private final String endpoint;
    private final String key;
    private final Duration lease;
    private final Duration heartbeat;
    private final boolean fenced;
    private final String owner = "lockstorm-" + UUID.randomUUID();
    private final LockWrites writes = new LockWrites();
    private DynamoDbClient db;
    private AmazonDynamoDBLockClient client;

    /**
     * @param endpoint  the server, {@code http://host:port}
     * @param key       the lock item's partition key
     * @param lease     the lease duration written into the item (what a waiter watches for)
     * @param heartbeat how often the heartbeat thread renews the item
     * @param fenced    whether a grant takes a fence from the lock item
     */
    public DynamoDbLock(String endpoint, String key, Duration lease, Duration heartbeat, boolean fenced) {
        if (heartbeat.compareTo(lease) >= 0) throw new IllegalArgumentException("the heartbeat period (" + heartbeat.toMillis()
                + " ms) must be shorter than the lease (" + lease.toMillis() + " ms)");
        this.endpoint = endpoint;
        this.key = key;
        this.lease = lease;
        this.heartbeat = heartbeat;
        this.fenced = fenced;
    }

    @Override
    public void open() throws InterruptedException {
        db = DynamoDbClient.builder().endpointOverride(URI.create(endpoint)).region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("lockstorm", "lockstorm")))
                .httpClientBuilder(UrlConnectionHttpClient.builder().connectionTimeout(Duration.ofSeconds(1)).socketTimeout(Duration.ofSeconds(2)))
                // every call bounded, none retried by the SDK: a write whose reply was lost is the client's to judge
                .overrideConfiguration(c -> c.retryPolicy(RetryPolicy.none()).apiCallTimeout(Duration.ofSeconds(3)).addExecutionInterceptor(writes))
                .build();
        ensureTable();
        client = new AmazonDynamoDBLockClient(AmazonDynamoDBLockClientOptions.builder(db, TABLE).withOwnerName(owner)
                .withLeaseDuration(lease.toMillis()).withHeartbeatPeriod(heartbeat.toMillis()).withTimeUnit(TimeUnit.MILLISECONDS)
                .withCreateHeartbeatBackgroundThread(true).build());
    }

    /** The first client makes the table; the others find it (or lose the race to make it, which is the same). */
    private void ensureTable() throws InterruptedException {
        try {
            db.describeTable(r -> r.tableName(TABLE));
        } catch (ResourceNotFoundException missing) {
            try {
                AmazonDynamoDBLockClient.createLockTableInDynamoDB(CreateDynamoDBTableOptions.builder(db,
                        ProvisionedThroughput.builder().readCapacityUnits(100L).writeCapacityUnits(100L).build(), TABLE).build());
            } catch (ResourceInUseException raced) {
                // another client made it
            }
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (db.describeTable(r -> r.tableName(TABLE)).table().tableStatus() != TableStatus.ACTIVE) {
            if (System.nanoTime() > deadline) throw new IllegalStateException("table " + TABLE + " not active after 10 s");
            Thread.sleep(50);
        }
    }

    @Override
    public Lease acquire(Duration timeout) throws Exception {
        long failedBefore = writes.failed();
        AcquireLockOptions options = AcquireLockOptions.builder(key)
                // a held lock is waited for its lease duration (watching the RVN), then up to the timeout more
                .withAdditionalTimeToWaitForLock(timeout.toMillis()).withRefreshPeriod(100L).withTimeUnit(TimeUnit.MILLISECONDS)
                .withDeleteLockOnRelease(!fenced).withUpdateExistingLockRecord(fenced).build();
        LockItem item;
        try {
            item = client.acquireLock(options);
        } catch (LockNotGrantedException e) {
            if (writes.failed() != failedBefore) {
                throw new IllegalStateException("not granted, the library says, but a lock write failed on the network during the"
                        + " acquire and may have taken effect: " + e.getMessage(), e);
            }
            throw new NotAcquiredException("DynamoDB lock client: " + e.getMessage());
        }
        return new Lease(fenced ? fence(item) : null, item);
    }

    /** The fence: the lock item's counter, raised only while the item still names this owner and a current RVN. */
    private long fence(LockItem item) {
        for (int attempt = 0; ; attempt++) {
            try {
                AttributeValue fence = db.updateItem(r -> r.tableName(TABLE).key(Map.of("key", AttributeValue.fromS(key)))
                        .updateExpression("ADD #f :one").conditionExpression("#o = :me AND #v = :rvn")
                        .expressionAttributeNames(Map.of("#f", FENCE, "#o", "ownerName", "#v", "recordVersionNumber"))
                        .expressionAttributeValues(Map.of(":one", AttributeValue.fromN("1"), ":me", AttributeValue.fromS(owner),
                                ":rvn", AttributeValue.fromS(item.getRecordVersionNumber())))
                        .returnValues(ReturnValue.UPDATED_NEW)).attributes().get(FENCE);
                return Long.parseLong(fence.n());
            } catch (ConditionalCheckFailedException e) {
                // a heartbeat may have written a new RVN in between: once more with the item's current one
                if (attempt == 1) throw new IllegalStateException("granted, but the lock item no longer named this holder when it took its"
                        + " fence: the lock may already be another's", e);
            }
        }
    }

    @Override
    public void release(Lease lease) throws Exception {
        LockItem item = (LockItem) lease.handle();
        boolean released = client.releaseLock(ReleaseLockOptions.builder(item).withDeleteLock(!fenced).withBestEffort(false).build());
        if (!released) throw new NotHeldException("DynamoDB lock client: the lock item no longer names this holder and its RVN");
    }

    /**
     * What the holder can know without a round trip: the library has not seen the item taken
     * (released, a heartbeat refused), and less than the lease has passed since the last lock
     * write that succeeded was <em>sent</em>, on this process's monotonic clock.
     */
    @Override
    public boolean stillHeld(Lease lease) {
        LockItem item = (LockItem) lease.handle();
        return !item.isExpired() && writes.confirmedWithin(this.lease);
    }

    @Override
    public void close() {
        try {
            if (client != null) client.close();
        } catch (Exception e) {
            // closing releases what it holds, best effort; the worker is exiting
        }
        if (db != null) db.close();
    }
}
