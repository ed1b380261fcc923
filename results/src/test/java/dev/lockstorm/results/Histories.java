package dev.lockstorm.results;

import dev.lockstorm.checker.CheckResult;
import dev.lockstorm.checker.history.History;
import dev.lockstorm.checker.io.HistoryFormat;
import dev.lockstorm.checker.io.HistoryReader;

import java.io.IOException;
import java.io.StringReader;

/** Small lock histories as JSON Lines, for the results module's tests. */
final class Histories {
    private Histories() {
    }

    /**
     * c1 granted token 1 and frozen 2.5 s, past its 2 s lease; c2 granted token 2, writes and releases;
     * c1 wakes, its stale write refused; a final read shows the one increment.
     */
    static final String FROZEN_HOLDER_FENCED = """
            {"index":0,"time":0,"type":"info","process":"nemesis","f":"run","value":{"lease_ms":2000}}
            {"index":1,"time":1000000,"type":"invoke","process":0,"f":"acquire","value":null,"client":"c1"}
            {"index":2,"time":2000000,"type":"ok","process":0,"f":"acquire","value":1,"client":"c1"}
            {"index":3,"time":3000000,"type":"invoke","process":0,"f":"read","value":{"token":1},"client":"c1"}
            {"index":4,"time":4000000,"type":"ok","process":0,"f":"read","value":{"value":0},"client":"c1"}
            {"index":5,"time":5000000,"type":"info","process":"nemesis","f":"start-pause","value":["client-c1-p0"],"hosts":["c1"]}
            {"index":6,"time":2506000000,"type":"invoke","process":1,"f":"acquire","value":null,"client":"c2"}
            {"index":7,"time":2507000000,"type":"ok","process":1,"f":"acquire","value":2,"client":"c2"}
            {"index":8,"time":2508000000,"type":"invoke","process":1,"f":"read","value":{"token":2},"client":"c2"}
            {"index":9,"time":2509000000,"type":"ok","process":1,"f":"read","value":{"value":0},"client":"c2"}
            {"index":10,"time":2510000000,"type":"invoke","process":1,"f":"write","value":{"token":2,"value":1},"client":"c2"}
            {"index":11,"time":2511000000,"type":"ok","process":1,"f":"write","value":null,"client":"c2"}
            {"index":12,"time":2512000000,"type":"invoke","process":1,"f":"release","value":null,"client":"c2"}
            {"index":13,"time":2513000000,"type":"ok","process":1,"f":"release","value":null,"client":"c2"}
            {"index":14,"time":2514000000,"type":"info","process":"nemesis","f":"stop-pause","value":["client-c1-p0"],"hosts":["c1"]}
            {"index":15,"time":2515000000,"type":"invoke","process":0,"f":"write","value":{"token":1,"value":1},"client":"c1"}
            {"index":16,"time":2516000000,"type":"fail","process":0,"f":"write","value":null,"client":"c1"}
            {"index":17,"time":2517000000,"type":"invoke","process":0,"f":"release","value":null,"client":"c1"}
            {"index":18,"time":2518000000,"type":"ok","process":0,"f":"release","value":null,"client":"c1"}
            {"index":19,"time":2519000000,"type":"invoke","process":9,"f":"read","value":{"token":null}}
            {"index":20,"time":2520000000,"type":"ok","process":9,"f":"read","value":{"value":1}}
            """;

    /** c1 granted token 1; c2 granted token 2 at once while c1 holds, no fault anywhere: a lock defect. */
    static final String DOUBLE_GRANT = """
            {"index":0,"time":0,"type":"info","process":"nemesis","f":"run","value":{"lease_ms":4000}}
            {"index":1,"time":1000000,"type":"invoke","process":0,"f":"acquire","value":null,"client":"c1"}
            {"index":2,"time":2000000,"type":"ok","process":0,"f":"acquire","value":1,"client":"c1"}
            {"index":3,"time":3000000,"type":"invoke","process":1,"f":"acquire","value":null,"client":"c2"}
            {"index":4,"time":4000000,"type":"ok","process":1,"f":"acquire","value":2,"client":"c2"}
            {"index":5,"time":5000000,"type":"invoke","process":1,"f":"release","value":null,"client":"c2"}
            {"index":6,"time":6000000,"type":"ok","process":1,"f":"release","value":null,"client":"c2"}
            {"index":7,"time":7000000,"type":"invoke","process":0,"f":"release","value":null,"client":"c1"}
            {"index":8,"time":8000000,"type":"ok","process":0,"f":"release","value":null,"client":"c1"}
            """;

    static History history(String jsonl) throws IOException {
        return HistoryReader.read(new StringReader(jsonl), "test.jsonl", HistoryFormat.JSONL);
    }

    /** The history checked as a run directory's is. */
    static CheckResult check(String jsonl) throws IOException {
        return RunReport.check(history(jsonl));
    }
}
