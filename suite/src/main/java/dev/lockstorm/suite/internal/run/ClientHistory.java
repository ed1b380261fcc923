package dev.lockstorm.suite.internal.run;

import dev.lockstorm.checker.history.OpType;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One client's operations as the history records them: its process number now (a crashed process
 * invokes nothing more; the client goes on as old number + number of clients, as Jepsen does), and
 * every event stamped with the client's name.
 */
final class ClientHistory {
    private final Recorder recorder;
    private final String client;
    private final int clients;
    private volatile int process;

    ClientHistory(Recorder recorder, String client, int process, int clients) {
        this.recorder = recorder;
        this.client = client;
        this.process = process;
        this.clients = clients;
    }

    int process() {
        return process;
    }

    /** The process crashed (its operation ended {@code info}): the client goes on as a new one. */
    void nextProcess() {
        process += clients;
    }

    void invoke(String f, Object value, Map<String, Object> more) {
        Map<String, Object> extra = extra();
        extra.putAll(more);
        recorder.record(OpType.INVOKE, process, f, value, extra);
    }

    /** When the nemesis last acted (a fault begun, healed or missed), on the history's clock; -1 before it first did. */
    long lastNemesisEvent() {
        return recorder.lastNemesisEvent();
    }

    /** Now, on the history's clock: when an answer that is recorded later was given. */
    long now() {
        return recorder.now();
    }

    /** A completion of the process's pending operation {@code f}, with {@code extra} beside the client's name. */
    void complete(OpType type, String f, Object value, Map<String, Object> extra) {
        Map<String, Object> all = extra();
        all.putAll(extra);
        recorder.record(type, process, f, value, all);
    }

    /** A completion whose only detail is an error. */
    void complete(OpType type, String f, String error) {
        complete(type, f, null, Map.of("error", error));
    }

    private Map<String, Object> extra() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("client", client);
        return m;
    }
}
