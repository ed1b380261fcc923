package dev.lockstorm.locks.dynamodb;

import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.Executors;

/**
 * A scripted peer that speaks just enough of DynamoDB's JSON protocol for the outcome tests: the
 * lock table exists, and each operation ({@code PutItem}, {@code GetItem}, …) gets the reply the
 * test gives it; an operation without one is never answered, as a server whose reply was lost.
 */
final class DynamoPeer implements AutoCloseable {
    /** DynamoDB's refusal of a conditional write. */
    static final Reply CONDITION_FAILED = new Reply(400,
            "{\"__type\":\"com.amazonaws.dynamodb.v20120810#ConditionalCheckFailedException\",\"message\":\"The conditional request failed\"}");
    /** A write that took effect, or a read that found nothing. */
    static final Reply OK_EMPTY = new Reply(200, "{}");

    record Reply(int status, String body) {
    }

    private final HttpServer server;

    DynamoPeer(Map<String, Reply> replies) throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 16);
        server.setExecutor(Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "dynamo-peer");
            t.setDaemon(true);
            return t;
        }));
        server.createContext("/", exchange -> {
            String target = String.valueOf(exchange.getRequestHeaders().getFirst("X-Amz-Target"));
            String op = target.substring(target.indexOf('.') + 1);
            exchange.getRequestBody().readAllBytes();
            Reply reply = op.equals("DescribeTable")
                    ? new Reply(200, "{\"Table\":{\"TableName\":\"" + DynamoDbLock.TABLE + "\",\"TableStatus\":\"ACTIVE\"}}")
                    : replies.get(op);
            if (reply == null) return; // never answered: the client times out
            byte[] body = reply.body().getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", "application/x-amz-json-1.0");
            exchange.sendResponseHeaders(reply.status(), body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        server.start();
    }

    String endpoint() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
