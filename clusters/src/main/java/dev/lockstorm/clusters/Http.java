package dev.lockstorm.clusters;

import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Optional;

/**
 * The harness's calls to its servers' own HTTP APIs (etcd's gateway, dynalite, Hazelcast's REST
 * endpoints): one client for all, HTTP/1.1 (a Hazelcast member's port speaks nothing else), and a
 * server that does not answer is an empty answer, for the caller to wait on or to name.
 */
public final class Http {
    private static final HttpClient CLIENT = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofMillis(500)).build();

    private Http() {
    }

    /** The server's answer, or empty when none came (refused, timed out, or this thread interrupted, which stays set). */
    public static Optional<HttpResponse<String>> send(HttpRequest request) {
        try {
            return Optional.of(CLIENT.send(request, HttpResponse.BodyHandlers.ofString()));
        } catch (IOException e) {
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }

    /** The body of a 200 answer, or empty. */
    public static Optional<String> ok(HttpRequest request) {
        return send(request).filter(r -> r.statusCode() == 200).map(HttpResponse::body);
    }
}
