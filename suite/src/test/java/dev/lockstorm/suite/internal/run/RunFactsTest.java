package dev.lockstorm.suite.internal.run;

import dev.lockstorm.api.Checkpoints;
import dev.lockstorm.api.ClientContext;
import dev.lockstorm.api.LockClient;
import dev.lockstorm.api.LockSystem;
import dev.lockstorm.api.Topology;
import dev.lockstorm.suite.internal.nemesiskinds.AtCheckpoint;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The run event's facts of a lock's own checkpoints: what the checker judges a freeze aimed at one by. */
class RunFactsTest {
    /** A lock on one Redis whose acquire marks {@code points}; it is never started here. */
    private static LockSystem marking(List<Checkpoints.Point> points) {
        return new LockSystem() {
            public String name() { return "acme-points"; }
            public String description() { return "a lock of the test"; }
            public Topology topology() { return Topology.REDIS_SINGLE; }
            public boolean fencingToken() { return false; }
            public List<Checkpoints.Point> checkpoints() { return points; }
            public LockClient newClient(ClientContext context) { throw new UnsupportedOperationException("never started"); }
        };
    }

    @Test
    void theRunEventPlacesEveryPointTheLockDeclares() {
        RunSpec spec = RunSpec.builder(marking(List.of(Checkpoints.Point.beforeGrant("after-get"), Checkpoints.Point.afterGrant("after-setnx"))))
                .nemesis(new AtCheckpoint("after-get", false)).build();
        assertEquals(Map.of("after-get", "before-grant", "after-setnx", "after-grant"), Runner.runFacts(spec).get("checkpoints"));
        assertNull(Runner.unplacedPoint(spec), "a declared point is placed");
        // a lock that declares none says nothing of them
        assertFalse(Runner.runFacts(RunSpec.builder(marking(List.of())).build()).containsKey("checkpoints"));
    }

    @Test
    void aRunAimedAtAPointNobodyPlacesSaysHowItsFreezesWillBeJudged() {
        String why = Runner.unplacedPoint(RunSpec.builder(marking(List.of())).nemesis(new AtCheckpoint("after-setnx", false)).build());
        assertTrue(why != null && why.startsWith("acme-points does not declare the checkpoint after-setnx (LockSystem.checkpoints)")
                && why.contains("judges it as one after"), why);
        // lockstorm's own points and the resource's are placed by what they are
        for (String point : List.of(Checkpoints.AFTER_GRANT, Checkpoints.BEFORE_ACQUIRE)) {
            assertNull(Runner.unplacedPoint(RunSpec.builder(marking(List.of())).nemesis(new AtCheckpoint(point, false)).build()), point);
        }
    }
}
