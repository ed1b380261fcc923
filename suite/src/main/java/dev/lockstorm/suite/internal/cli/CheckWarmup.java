package dev.lockstorm.suite.internal.cli;

import dev.lockstorm.checker.CheckResult;
import dev.lockstorm.checker.Checker;
import dev.lockstorm.checker.Summary;
import dev.lockstorm.checker.history.History;
import dev.lockstorm.checker.io.HistoryFormat;
import dev.lockstorm.checker.io.HistoryReader;
import dev.lockstorm.checker.linear.SearchLimits;
import dev.lockstorm.checker.model.Models;
import dev.lockstorm.results.ResultsJson;

import java.io.IOException;
import java.io.StringReader;
import java.time.Duration;

/**
 * Runs a tiny check of each format and each kind of model, so that the class-data archive the
 * launcher writes at the first check after a build (bin/lockstorm) holds the classes every check
 * loads, not only those of the model that first check happened to use. Its results are thrown away.
 */
final class CheckWarmup {
    /** Set (to anything) by the launcher for the JVM that writes the archive. */
    static final String PROPERTY = "lockstorm.archive";

    private CheckWarmup() {
    }

    private static final String[][] HISTORIES = {
            {"jsonl", """
                    {"index":0,"time":1,"type":"invoke","process":0,"f":"acquire","value":null}
                    {"index":1,"time":2,"type":"ok","process":0,"f":"acquire","value":1}
                    {"index":2,"time":3,"type":"invoke","process":0,"f":"write","value":{"token":1,"value":1}}
                    {"index":3,"time":4,"type":"ok","process":0,"f":"write","value":null}
                    {"index":4,"time":5,"type":"info","process":"nemesis","f":"kill-client","value":[0]}
                    {"index":5,"time":6,"type":"invoke","process":1,"f":"read","value":{"token":null}}
                    {"index":6,"time":7,"type":"ok","process":1,"f":"read","value":{"value":1}}
                    """},
            {"edn", """
                    {:process 0, :type :invoke, :f :append, :key "0", :value "x"}
                    {:process 0, :type :ok, :f :append, :key "0", :value "x"}
                    {:process 1, :type :invoke, :f :get, :key "0", :value nil}
                    {:process 1, :type :ok, :f :get, :key "0", :value "x"}
                    """},
            {"edn", """
                    [{:process 0, :type :invoke, :f :cas, :value [0 1]}
                     {:process 0, :type :ok, :f :cas, :value [0 1]}
                     {:process 1, :type :invoke, :f :txn, :value [[:read :x nil]]}]
                    """},
            {"jepsen-log", "INFO  jepsen.util - 0\t:invoke\t:write\t1\nINFO  jepsen.util - 0\t:ok\t:write\t1\n"
                    + "INFO  jepsen.util - 1\t:invoke\t:read\tnil\nINFO  jepsen.util - 1\t:ok\t:read\t1\n"},
    };

    static void run() {
        for (String[] h : HISTORIES) {
            try {
                History history = HistoryReader.read(new StringReader(h[1]), "warm-up", HistoryFormat.fromName(h[0]));
                for (String model : Models.NAMES) {
                    try {
                        CheckResult r = Checker.check(history, Models.byName(model), SearchLimits.withTimeLimit(Duration.ofSeconds(5)));
                        Summary.of(r);
                        ResultsJson.toJson(r);
                    } catch (RuntimeException e) {
                        // a model that does not fit this history: its refusal is loaded too, which is the point
                    }
                }
            } catch (IOException | RuntimeException e) {
                // nothing here is the user's: a warm-up that fails only leaves the archive smaller
            }
        }
    }
}
