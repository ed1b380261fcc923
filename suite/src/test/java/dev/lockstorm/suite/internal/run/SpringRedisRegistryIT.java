package dev.lockstorm.suite.internal.run;

import dev.lockstorm.checker.CheckResult;
import dev.lockstorm.checker.Summary;
import dev.lockstorm.checker.history.History;
import dev.lockstorm.checker.history.Op;
import dev.lockstorm.checker.history.OpType;
import dev.lockstorm.locks.internal.registry.Registry;
import dev.lockstorm.results.RunReport;
import dev.lockstorm.suite.internal.nemesiskinds.PauseClient;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Spring Integration's RedisLockRegistry, its holder frozen past {@code expireAfter}: the key expires
 * under it and another client takes the lock (with renewal scheduled too: a frozen renewal task
 * renews nothing); the holder learns of it only at its unlock, which says the lock "was released in
 * the store due to expiration" (a release that found the lock gone: {@code info}, since its lease
 * ended at some point up to then). With renewal the registry cannot tell its holder before then.
 */
@Tag("lab")
class SpringRedisRegistryIT {
    @ParameterizedTest
    @ValueSource(strings = {"none", "scheduled"})
    void aHolderFrozenPastExpireAfterLosesTheLockAndHearsOfItAtUnlock(String renewal) throws Exception {
        RunSpec spec = RunSpec.builder(Registry.builtIn().system("spring-redis-registry")).option("renewal", renewal)
                .option("lock-type", renewal.equals("none") ? "spin" : "pub-sub").clients(3).timeLimit(Duration.ofSeconds(20)).seed(1)
                .nemesis(new PauseClient()).command(List.of("SpringRedisRegistryIT", renewal)).build();
        RunResult r = LabRuns.run(spec);
        CheckResult c = r.check();
        assertTrue(c.doubleHolderCount() >= 1, Summary.of(c));
        // without renewal the holder can know that its time to live ran out: lease limits only. With renewal the registry
        // gives it no way to ask and it believes it holds (a failed renewal is only logged): asked after the other's
        // grant, that belief is a defect; asked before, while frozen, the incident is the freeze's lease limit
        if (renewal.equals("none")) assertTrue(c.leaseLimitIncidents() >= 1 && c.defectIncidents() == 0, Summary.of(c));
        History h = RunReport.history(r.dir());
        boolean told = h.ops().stream().anyMatch(op -> op.isClient() && "release".equals(op.f()) && op.type() == OpType.INFO
                && String.valueOf(op.extra("error")).contains("released in the store due to expiration"));
        assertTrue(told, "the frozen holder's unlock said the lock had expired: " + Summary.of(c));
    }
}
