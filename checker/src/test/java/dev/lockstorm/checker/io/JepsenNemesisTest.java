package dev.lockstorm.checker.io;

import dev.lockstorm.checker.history.History;
import dev.lockstorm.checker.history.Op;
import dev.lockstorm.checker.lock.FaultSpan;
import dev.lockstorm.checker.lock.FaultSpans;
import dev.lockstorm.faults.FaultEffect;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.StringReader;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A Jepsen history's nemesis operations, each recorded as what it set out to do and what it did, read as one fault step each. */
@Tag("unit")
class JepsenNemesisTest {

    private static History edn(String text) throws IOException {
        return HistoryReader.read(new StringReader(text), "h.edn", HistoryFormat.EDN);
    }

    private static List<Op> nemesis(History h) {
        return h.ops().stream().filter(o -> !o.isClient()).toList();
    }

    @Test
    void aFaultBeginsWhereJepsenSetOutAndEndsWhereItWasUndone() throws IOException {
        History h = edn("""
                {:type :invoke, :f :acquire, :value nil, :process 0, :time 1000}
                {:type :info, :f :pause, :value :primaries, :process :nemesis, :time 2000}
                {:type :ok, :f :acquire, :value nil, :process 0, :time 3000}
                {:type :info, :f :pause, :value {"n1" :paused}, :process :nemesis, :time 4000}
                {:type :info, :f :resume, :value :all, :process :nemesis, :time 5000}
                {:type :invoke, :f :release, :value nil, :process 0, :time 6000}
                {:type :info, :f :resume, :value {"n1" :resumed}, :process :nemesis, :time 7000}
                {:type :ok, :f :release, :value nil, :process 0, :time 8000}
                """);
        List<Op> steps = nemesis(h);
        assertEquals(2, steps.size(), "one event a step: " + steps);
        Op paused = steps.get(0);
        assertEquals("start-pause", paused.f(), "combined.clj's :pause is lockstorm's freeze");
        assertEquals(2000, paused.time(), "a fault begins before it acts: where Jepsen set out");
        assertEquals(1, paused.index(), "before the grant it came ahead of");
        assertEquals(Map.of("n1", "paused"), paused.value(), "what it did");
        assertEquals("primaries", paused.extra("intent"), "what it set out to do is kept");
        Op resumed = steps.get(1);
        assertEquals("stop-pause", resumed.f());
        assertEquals(7000, resumed.time(), "a fault ends once undone: where Jepsen was done");
        assertEquals(4, resumed.index(), "after the release invoked meanwhile");
        List<FaultSpan> spans = FaultSpans.of(h);
        assertEquals(1, spans.size(), spans.toString());
        assertInstanceOf(FaultEffect.Freeze.class, spans.get(0).effect());
        assertEquals(List.of("n1"), spans.get(0).hosts(), "the hosts of Jepsen's map by host");
        assertEquals(7000, spans.get(0).end().time());
    }

    @Test
    void aPartitionsGrudgeComesOutOfItsIsolatedAndKillsPairTheSameWay() throws IOException {
        History h = edn("""
                [{:type :info, :f :start-partition, :value :majority, :process :nemesis, :time 1}
                 {:type :info, :f :start-partition, :value [:isolated {"n1" #{"n2" "n3"}, "n2" #{"n1"}, "n3" #{"n1"}}], :process :nemesis, :time 2}
                 {:type :info, :f :kill, :value :all, :process :nemesis, :time 3}
                 {:type :info, :f :kill, :value {"n1" :killed, "n2" :killed}, :process :nemesis, :time 4}
                 {:type :info, :f :start, :value :all, :process :nemesis, :time 5}
                 {:type :info, :f :start, :value {"n1" :started, "n2" :started}, :process :nemesis, :time 6}
                 {:type :info, :f :stop-partition, :value nil, :process :nemesis, :time 7}
                 {:type :info, :f :stop-partition, :value :network-healed, :process :nemesis, :time 8}]
                """);
        List<FaultSpan> spans = FaultSpans.of(h);
        assertEquals(3, spans.size(), spans.toString());
        FaultEffect.Cut cut = assertInstanceOf(FaultEffect.Cut.class, spans.get(0).effect());
        assertEquals(List.of("n2", "n3"), cut.refuses().get("n1").stream().sorted().toList());
        assertEquals(1, spans.get(0).start().time());
        assertEquals(8, spans.get(0).end().time());
        assertEquals(List.of("n1", "n2"), spans.subList(1, 3).stream().map(FaultSpan::target).toList());
        assertEquals(List.of(3L, 6L), List.of(spans.get(1).start().time(), spans.get(1).end().time()));
    }

    @Test
    void aNemesisOperationWithoutItsPartnerStandsAsItIs() throws IOException {
        History h = HistoryReader.read(new StringReader("""
                INFO  jepsen.util - :nemesis\t:info\t:start-partition\t:majority
                INFO  jepsen.util - 0\t:invoke\t:read\tnil
                INFO  jepsen.util - :nemesis\t:info\t:stop-partition\tnil
                INFO  jepsen.util - :nemesis\t:info\t:stop-partition\t:network-healed
                INFO  jepsen.util - 0\t:ok\t:read\t1
                INFO  jepsen.util - :nemesis\t:info\t:bump-clock\tnil
                """), "h.log", HistoryFormat.JEPSEN_LOG);
        List<Op> steps = nemesis(h);
        assertEquals(List.of("start-partition", "stop-partition", "bump-clock"), steps.stream().map(Op::f).toList());
        assertEquals(List.of(0, 2, 4), steps.stream().map(Op::index).toList(), "the read invoked before the heal was done stays before it");
        assertNull(steps.get(2).value());
    }

    @Test
    void theOldPartitionersStartAndStopAreAPartitionWhenWhatWasDoneSaysSo() throws IOException {
        // knossos's histories: the partitioner set out with :start, said what it cut in words, and healed with :stop
        History h = edn("""
                [{:process :nemesis, :type :info, :f :start, :value nil, :time 1}
                 {:process :nemesis, :type :info, :f :start, :value "Cut off {:n2 #{:n3 :n1}, :n3 #{:n2}, :n1 #{:n2}}", :time 2}
                 {:process :nemesis, :type :info, :f :stop, :value nil, :time 3}
                 {:process :nemesis, :type :info, :f :stop, :value "fully connected", :time 4}
                 {:process :nemesis, :type :info, :f :start, :value nil, :time 5}
                 {:process :nemesis, :type :info, :f :start, :value "Cut off [:n3 #[:n1], :n1 #[:n3]]", :time 6}
                 {:process :nemesis, :type :info, :f :stop, :value nil, :time 7}
                 {:process :nemesis, :type :info, :f :stop, :value :network-healed, :time 8}
                 {:process :nemesis, :type :info, :f :start, :value :all, :time 9}
                 {:process :nemesis, :type :info, :f :start, :value {"n1" :started}, :time 10}]
                """);
        List<Op> steps = nemesis(h);
        assertEquals(List.of("start-partition", "stop-partition", "start-partition", "stop-partition", "start"),
                steps.stream().map(Op::f).toList(), "a :start that cut is a partition; one that started a server stays a restart");
        List<FaultSpan> spans = FaultSpans.of(h);
        FaultEffect.Cut first = assertInstanceOf(FaultEffect.Cut.class, spans.get(0).effect());
        assertEquals(List.of("n1", "n3"), first.refuses().get("n2").stream().map(String::valueOf).sorted().toList(), "the grudge printed in EDN");
        assertEquals(List.of(1L, 4L), List.of(spans.get(0).start().time(), spans.get(0).end().time()));
        FaultEffect.Cut second = assertInstanceOf(FaultEffect.Cut.class, spans.get(1).effect());
        assertEquals(List.of("n1"), second.refuses().get("n3").stream().map(String::valueOf).toList(), "the grudge printed as pairs, each set as #[…]");
        assertEquals(List.of(5L, 8L), List.of(spans.get(1).start().time(), spans.get(1).end().time()));
    }

    @Test
    void aPrintedGrudgeThatCannotBeReadLeavesTheEventUnderItsOwnWord() throws IOException {
        History h = edn("""
                [{:process :nemesis, :type :info, :f :start, :value nil, :time 1}
                 {:process :nemesis, :type :info, :f :start, :value "Cut off {:n2", :time 2}]
                """);
        assertEquals(List.of("start"), nemesis(h).stream().map(Op::f).toList());
    }

    @Test
    void jepsensClockWordsAreAClockOfEachNodeMovedAsItSetOutToMoveIt() throws IOException {
        // the combined nemesis: what was done is a report; the old clock nemesis: an offset in seconds
        History h = edn("""
                [{:process :nemesis, :type :info, :f :bump-clock, :value {"n1" 4000, "n2" -250}, :time 1}
                 {:process :nemesis, :type :info, :f :bump-clock, :value {:mode :bump, :targets ["n1" "n2"]}, :time 2}
                 {:process :nemesis, :type :info, :f :strobe, :value {"n3" {:delta 200, :period 10, :duration 5}}, :time 3}
                 {:process :nemesis, :type :info, :f :strobe, :value {"n3" 0.1}, :time 4}
                 {:process :nemesis, :type :info, :f :reset-clock, :value ["n1"], :time 5}
                 {:process :nemesis, :type :info, :f :reset-clock, :value {:mode :reset, :targets ["n1"]}, :time 6}
                 {:process :nemesis, :type :info, :f :reset, :value nil, :time 7}
                 {:process :nemesis, :type :info, :f :reset, :value {"n2" 0.0, "n3" 0.0}, :time 8}]
                """);
        List<Op> steps = nemesis(h);
        assertEquals(List.of("clock-jump", "clock-jump", "start-clock-strobe", "clock-reset", "clock-reset"), steps.stream().map(Op::f).toList());
        assertEquals(Map.of("process", "n1", "delta_ms", 4000L), steps.get(0).value(), "a bump as it set out: its delta in ms");
        assertEquals(List.of(1L, 1L, 3L, 6L, 8L), steps.stream().map(Op::time).toList(), "a move where Jepsen set out, a reset where it was done");
        List<FaultSpan> spans = FaultSpans.of(h);
        assertEquals(3, spans.size(), spans.toString());
        FaultEffect.Clock n1 = assertInstanceOf(FaultEffect.Clock.class, spans.get(0).effect());
        assertEquals(new FaultEffect.Move.Jump(4000), n1.move());
        assertEquals(List.of("n1"), spans.get(0).hosts());
        assertEquals(6L, spans.get(0).end().time(), "n1's clock until n1 was reset");
        assertEquals(6L, spans.get(0).setRight(), "and set right then");
        assertEquals(new FaultEffect.Move.Jump(-250), ((FaultEffect.Clock) spans.get(1).effect()).move());
        assertEquals(new FaultEffect.Move.Strobe(200, 10L), ((FaultEffect.Clock) spans.get(2).effect()).move());
        assertEquals(List.of(8L, 8L), List.of(spans.get(1).end().time(), spans.get(2).end().time()), "the old reset names the nodes in what it did");
    }

    @Test
    void aClockJepsenSetAheadOnAServerExplainsALeaseThatRanOutAndOneSetBackDoesNot() throws IOException {
        for (long delta : new long[]{60_000, -60_000}) {
            History h = edn("""
                    [{:process 0, :type :invoke, :f :acquire, :value nil, :time 1000}
                     {:process 0, :type :ok, :f :acquire, :value nil, :time 2000}
                     {:process :nemesis, :type :info, :f :bump-clock, :value {"n1" %d}, :time 3000}
                     {:process :nemesis, :type :info, :f :bump-clock, :value {:mode :bump, :targets ["n1"]}, :time 4000}
                     {:process 1, :type :invoke, :f :acquire, :value nil, :time 5000}
                     {:process 1, :type :ok, :f :acquire, :value nil, :time 6000}
                     {:process 0, :type :invoke, :f :release, :value nil, :time 7000}
                     {:process 0, :type :ok, :f :release, :value nil, :time 8000}]
                    """.formatted(delta));
            dev.lockstorm.checker.CheckResult r = dev.lockstorm.checker.Checker.check(h, new dev.lockstorm.checker.model.Mutex(),
                    dev.lockstorm.checker.linear.SearchLimits.withTimeLimit(java.time.Duration.ofSeconds(10)));
            assertEquals(1, r.incidents().size());
            dev.lockstorm.checker.lock.Incident.Cause cause = r.incidents().get(0).cause();
            assertEquals(delta > 0, cause.leaseLimit(), cause.why());
            assertTrue(cause.why().contains(delta > 0 ? "a server's clock moved" : "did not move ahead"), cause.why());
        }
    }
}
