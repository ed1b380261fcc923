package dev.lockstorm.locks.dynamodb;

import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttribute;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What the lock client's writes did, seen from the SDK: when the last one that succeeded was sent
 * (a grant or a heartbeat: the lease runs from there), and how many failed on the network (no reply,
 * so they may have taken effect). A server's refusal (a failed condition) is an answer, not counted.
 */
final class LockWrites implements ExecutionInterceptor {
    private static final ExecutionAttribute<Long> SENT = new ExecutionAttribute<>("lockstorm.lock-write-sent");

    private final AtomicLong confirmedSentAt = new AtomicLong(Long.MIN_VALUE);
    private final AtomicLong failed = new AtomicLong();

    @Override
    public void beforeTransmission(Context.BeforeTransmission context, ExecutionAttributes attributes) {
        if (isWrite(context.request())) attributes.putAttribute(SENT, System.nanoTime());
    }

    @Override
    public void afterExecution(Context.AfterExecution context, ExecutionAttributes attributes) {
        Long sent = attributes.getAttribute(SENT);
        if (sent != null) confirmedSentAt.accumulateAndGet(sent, Math::max);
    }

    @Override
    public void onExecutionFailure(Context.FailedExecution context, ExecutionAttributes attributes) {
        if (isWrite(context.request()) && !(context.exception() instanceof AwsServiceException)) failed.incrementAndGet();
    }

    /** Writes that failed without the server's answer, so far. */
    long failed() {
        return failed.get();
    }

    /** Whether a write that succeeded was sent less than {@code lease} ago. */
    boolean confirmedWithin(Duration lease) {
        long sent = confirmedSentAt.get();
        return sent != Long.MIN_VALUE && System.nanoTime() - sent < lease.toNanos();
    }

    private static boolean isWrite(SdkRequest request) {
        return request instanceof PutItemRequest || request instanceof UpdateItemRequest || request instanceof DeleteItemRequest;
    }
}
