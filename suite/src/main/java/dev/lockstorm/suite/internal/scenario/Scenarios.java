package dev.lockstorm.suite.internal.scenario;

import dev.lockstorm.checker.history.History;
import dev.lockstorm.checker.history.Op;
import dev.lockstorm.checker.history.OpType;
import dev.lockstorm.checker.io.HistoryFormat;
import dev.lockstorm.checker.io.HistoryReader;
import dev.lockstorm.clusters.redis.Persistence;
import dev.lockstorm.suite.internal.run.RunResult;
import dev.lockstorm.suite.internal.run.RunSpec;
import dev.lockstorm.api.Fencing;
import dev.lockstorm.suite.internal.nemesiskinds.DelayHolder;
import dev.lockstorm.suite.internal.nemesiskinds.DelayLastServer;
import dev.lockstorm.suite.internal.nemesiskinds.RepliesLost;
import dev.lockstorm.suite.internal.nemesiskinds.ExpiryReconnect;
import dev.lockstorm.suite.internal.nemesiskinds.Failover;
import dev.lockstorm.locks.db.TableLock;
import dev.lockstorm.locks.etcd.EtcdSystems;
import dev.lockstorm.locks.zookeeper.CuratorLock;
import dev.lockstorm.suite.internal.nemesiskinds.HoldWaiterRenewals;
import dev.lockstorm.suite.internal.nemesiskinds.IsolateHolder;
import dev.lockstorm.suite.internal.nemesiskinds.IsolateNode;
import dev.lockstorm.suite.internal.nemesiskinds.Kill;
import dev.lockstorm.suite.internal.nemesiskinds.NemesisKind;
import dev.lockstorm.suite.internal.nemesiskinds.PauseClient;
import dev.lockstorm.suite.internal.nemesiskinds.PauseInAcquire;
import dev.lockstorm.suite.internal.nemesiskinds.PauseInHold;
import dev.lockstorm.suite.internal.nemesiskinds.NemesisKinds;
import dev.lockstorm.suite.internal.nemesiskinds.FailoverPromote;
import dev.lockstorm.suite.internal.nemesiskinds.ServerClockAhead;
import dev.lockstorm.suite.internal.nemesiskinds.SplitBrain;
import dev.lockstorm.suite.internal.nemesiskinds.SplitClock;
import dev.lockstorm.suite.internal.nemesiskinds.SplitKill;
import dev.lockstorm.suite.internal.nemesiskinds.WaiterClockAhead;
import dev.lockstorm.suite.internal.nemesiskinds.WaiterClockFast;
import dev.lockstorm.suite.internal.workload.OnDoubt;
import dev.lockstorm.suite.internal.workload.Role;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Every named scenario. Each is a fixed recipe: system, clients, nemesis choreography, lease,
 * hold time and persistence; only the seed varies.
 */
public final class Scenarios {
    private Scenarios() {
    }

    public static List<Scenario> all() {
        return List.of(curatorGcPause(), curatorSuspendedVsLost(), curatorExpiryReconnect(), curatorRwWriterPause(), curatorRwReaderPause(),
                curatorRwDowngrade(), leaderGcPause(), redisGcPause(), redisRestart(), redisLateRelease(), redisLostReply(), sentinelFailover(), redlockClockJump(), redlockRestart(), redlockGcPause(), redlockLateReply(),
                springRedisRegistryPause(), springRedisRegistryRestart(), redissonWatchdog(), redissonWatchdogReconnect(), fencingTokenReset(), hazelcastSessionExpiry(), hazelcastCutOff(), hazelcastMemberRestart(), hazelcastSplitBrain(), dynamodbLeasePause(), dynamodbWaiterClockFast(), etcdLeasePause(), etcdLeasePartition(), etcdQueuedLeaseExpiry(), dbTableClockSkew(),
                dbTableGcPause(), dbTableSlowRelease(), shedlockClockSkew(), springJdbcClockSkew(), pgAdvisoryConnectionLoss(), mysqlGetLockConnectionLoss(),
                pgFailover());
    }

    public static Optional<Scenario> byName(String name) {
        return all().stream().filter(s -> s.name().equals(name)).findFirst();
    }

    static Scenario curatorGcPause() {
        // a ZooKeeper session expires some seconds into the freeze: the first double holder came at 10–19 s over seeds 1–5.
        // 10 of 10 seeds in each variant (2026-11-26) since pause-client freezes the client that holds at that moment: the miss
        // of seed 4 (the holder let go between the trigger and the choice) is now a missed fault, followed by another
        Recipe r = new Recipe("curator-gc-pause", "curator-mutex", 5, PauseClient.pastTheLease(), 4, 5, 1, 0, 25);
        return new Scenario(r.name, "Curator InterProcessMutex holder frozen past its ZooKeeper session: a double holder;"
                + " fencing reads and writes saves the resource", List.of(
                new Scenario.Variant("fencing none", seed -> r.spec(seed, Fencing.NONE, Persistence.NONE),
                        "a double holder (a lease limit) and lost updates", x -> leaseLimit(x) && x.check().lostUpdatesProven()),
                new Scenario.Variant("fencing all", seed -> r.spec(seed, Fencing.ALL, Persistence.NONE),
                        "a double holder, zero lost updates, stale writes rejected",
                        x -> leaseLimit(x) && x.check().noLostUpdates() && x.check().staleWritesRejected() >= 1).byHandOnly()));
    }

    static Scenario curatorRwWriterPause() {
        // 1 writer, 2 readers; holds of 1-2 s: the writer is frozen 150 ms into its hold (past the first half of its write),
        // its 4 s session expires, the waiting readers are admitted and read; the writer wakes after 8 s and sends the second half
        Recipe r = new Recipe("curator-rw-writer-pause", "curator-rw-lock", 3, new PauseInHold(Role.WRITER), 4, 5, 2, 1, 25);
        return new Scenario(r.name, "Curator InterProcessReadWriteLock writer frozen past its session between the two halves of its"
                + " write: the waiting readers are admitted beside it and read the write half done; fencing reads and writes rejects the"
                + " stale writer's second half", List.of(
                new Scenario.Variant("fencing none", seed -> r.readWrite(seed, Fencing.NONE, 2),
                        "a writer beside readers, a read of the write half done", x -> Proof.tornBy(x, Proof.Frozen.WRITER).isPresent())
                        .provedBy(x -> Proof.lineWithTornRead(x, Proof.Frozen.WRITER)).byHandOnly(),
                new Scenario.Variant("fencing all", seed -> r.readWrite(seed, Fencing.ALL, 2),
                        "a writer beside readers who read its write half done; its second half rejected as stale",
                        x -> Proof.tornBy(x, Proof.Frozen.WRITER).isPresent() && x.check().staleWritesRejected() >= 1 && x.check().noLostUpdates())
                        .provedBy(x -> Proof.lineWithTornRead(x, Proof.Frozen.WRITER))));
    }

    static Scenario curatorRwReaderPause() {
        // 2 writers, 1 reader: the reader is frozen 150 ms into its hold (between its two reads), its session expires, a waiting
        // writer is admitted and writes; the reader wakes after 8 s and reads again, most often in the middle of a write
        Recipe r = new Recipe("curator-rw-reader-pause", "curator-rw-lock", 3, new PauseInHold(Role.READER), 4, 5, 2, 1, 25);
        return new Scenario(r.name, "Curator InterProcessReadWriteLock reader frozen past its session: a waiting writer is admitted"
                + " and writes; the reader wakes and reads a write half done; fencing reads refuses the stale reader's read", List.of(
                new Scenario.Variant("fencing none", seed -> r.readWrite(seed, Fencing.NONE, 1),
                        "a writer admitted beside the frozen reader, who reads its write half done", x -> Proof.tornBy(x, Proof.Frozen.READER).isPresent())
                        .provedBy(x -> Proof.lineWithTornRead(x, Proof.Frozen.READER)).byHandOnly(),
                new Scenario.Variant("fencing all", seed -> r.readWrite(seed, Fencing.ALL, 1),
                        "a writer beside the frozen reader; the stale reader's read rejected, no write seen half done",
                        x -> tied(x) && x.check().fencing().rejectedReads() >= 1 && x.check().resource().tornReads().isEmpty()).byHandOnly()));
    }

    static Scenario curatorRwDowngrade() {
        // no faults: 3 writers, each downgrading in about half its cycles while the others wait for the write lock
        Recipe r = new Recipe("curator-rw-downgrade", "curator-rw-lock", 3, NemesisKinds.none(), 4, 5, 1, 0, 25);
        return new Scenario(r.name, "a regression run of CURATOR-621 (fixed in Curator 5.5.0): Curator InterProcessReadWriteLock writers"
                + " downgrade (take the read lock, give the write lock back) while other writers wait; no writer may be admitted beside the"
                + " downgraded reader", List.of(
                new Scenario.Variant("no faults", seed -> r.readWrite(seed, Fencing.NONE, 0),
                        "valid, with downgrades that another writer waited through",
                        x -> x.check().verdict() == dev.lockstorm.checker.Verdict.VALID && Proof.contendedDowngrades(x) >= 1).byHandOnly()));
    }

    static Scenario leaderGcPause() {
        // the same rhythm as curator-gc-pause: the leader's session expires some seconds into its freeze
        Recipe recipe = new Recipe("leader-gc-pause", "zk-election", 5, PauseClient.pastTheLease(), 4, 5, 1, 0, 25);
        Recipe latch = new Recipe("leader-gc-pause", "curator-leader-latch", 5, PauseClient.pastTheLease(), 4, 5, 1, 0, 25);
        return new Scenario(recipe.name, "the leader of a ZooKeeper election frozen past its session: the next candidate leads while the"
                + " old leader, resumed, still does leader work: two leaders; the term's token (its election node's czxid), checked on"
                + " reads and writes, saves the resource", List.of(
                new Scenario.Variant("election recipe, fencing none", seed -> recipe.spec(seed, Fencing.NONE, Persistence.NONE),
                        "two leaders (a lease limit) and lost updates", x -> leaseLimit(x) && x.check().lostUpdatesProven()),
                new Scenario.Variant("LeaderLatch, fencing none", seed -> latch.spec(seed, Fencing.NONE, Persistence.NONE),
                        "two leaders, a lease limit", x -> leaseLimit(x)),
                new Scenario.Variant("election recipe, fencing all", seed -> recipe.spec(seed, Fencing.ALL, Persistence.NONE),
                        "two leaders, zero lost updates, stale writes rejected",
                        x -> leaseLimit(x) && x.check().noLostUpdates() && x.check().staleWritesRejected() >= 1)));
    }

    static Scenario curatorSuspendedVsLost() {
        // the holder cut off every server for 10 s with a 5 s session, right after a grant; its holds last 9–10 s. The servers expire
        // the session and the next waiter takes the lock 5–6.5 s after the holder's grant; Curator reports SUSPENDED about a second
        // into the cut and LOST 7–8.5 s after the grant (docs/scenarios.md). A 3 s session left ~1 s between the grant and LOST, which
        // a loaded machine once closed in CI (three test forks on two cores)
        Recipe r = new Recipe("curator-suspended-vs-lost", "curator-mutex", 3, IsolateHolder.twoLeases(), 5, 6, 10, 9, 30);
        return new Scenario(r.name, "a careful Curator InterProcessMutex holder (--on-doubt stop) cut off the ensemble past its session:"
                + " one that takes its lock as gone only on LOST works on while the next holder has it; one that takes SUSPENDED as"
                + " gone stops first", List.of(
                // the holder asks every 100 ms and is told "yes" until LOST, after the next grant: a belief its release records
                new Scenario.Variant("gone on LOST only", seed -> r.builder(seed, Fencing.NONE, Persistence.NONE, Map.of("gone-on", "lost"))
                        .onDoubt(OnDoubt.STOP).build(), "a double holder after the fault, a lock defect: its client still said \"held\" after"
                        + " the next grant", x -> Proof.tied(x).filter(t -> !t.incident().cause().leaseLimit()).isPresent()),
                new Scenario.Variant("gone on SUSPENDED", seed -> r.builder(seed, Fencing.NONE, Persistence.NONE, Map.of("gone-on", "suspended"))
                        .onDoubt(OnDoubt.STOP).build(), "no double holder (with the holder cut off at least once)",
                        x -> doubles(x) == 0 && x.faults() >= 1)));
    }

    static Scenario curatorExpiryReconnect() {
        // 3 s sessions, holds of 3-4 s: the holder releases during the cut, a stale grant outlasts the old session; 45 s: three
        // shots (one takes 3.75 T and the wait for a grant), for on a busy machine a shot can miss (docs/scenarios.md)
        Recipe r = new Recipe("curator-expiry-reconnect", "curator-mutex", 3, new ExpiryReconnect(), 3, 5, 4, 3, 45);
        return new Scenario(r.name, "Curator InterProcessMutex waiters whose sessions their client gave up (LOST) while the servers had"
                + " not yet expired them (a new leader tracks sessions afresh): back on new sessions, a waiter finds its old queue node"
                + " first in line and takes the lock by it; when the old session expires the next waiter takes it too (CURATOR-604)",
                List.of(new Scenario.Variant("fencing none", seed -> r.spec(seed, Fencing.NONE, Persistence.NONE),
                        "a double holder, a waiter granted by a node its session does not own: a lock defect",
                        x -> unbackedDefect(x, CuratorLock.NOT_OWN_NODE))));
    }

    static Scenario redisGcPause() {
        Recipe r = new Recipe("redis-gc-pause", "redis-single", 5, PauseClient.pastTheLease(), 2, 4, 1);
        return new Scenario(r.name, "single Redis (SET NX PX), the holder frozen past the key's TTL: a double holder;"
                + " fencing reads and writes saves the resource", List.of(
                new Scenario.Variant("fencing none", seed -> r.spec(seed, Fencing.NONE, Persistence.NONE), "a double holder after the fault, a lease limit", x -> leaseLimit(x)),
                new Scenario.Variant("fencing all", seed -> r.spec(seed, Fencing.ALL, Persistence.NONE),
                        "a double holder, zero lost updates, stale writes rejected",
                        x -> leaseLimit(x) && x.check().noLostUpdates() && x.check().staleWritesRejected() >= 1)));
    }

    static Scenario redisRestart() {
        // waiting clients need ~2 s to find the restarted node (their connections died with it): holds of 3–5 s
        Recipe r = new Recipe("redis-restart", "redis-single", 5, new Kill(), 8, 3, 5, 3, 20);
        return new Scenario(r.name, "single Redis killed (-9) and restarted while a lock is held: without persistence the"
                + " key is gone and a second client takes the lock; with an fsynced append-only file it is not", List.of(
                new Scenario.Variant("persistence none", seed -> r.spec(seed, Fencing.NONE, Persistence.NONE), "a double holder after the fault", x -> tied(x)),
                new Scenario.Variant("persistence aof-always", seed -> r.spec(seed, Fencing.NONE, Persistence.AOF_ALWAYS),
                        "no double holder", x -> doubles(x) == 0 && x.faults() >= 1)));
    }

    static Scenario redisLateRelease() {
        // the holder cut off past the TTL while it runs on: its release is written, times out (2 s) and is recorded unknown;
        // TCP retransmits the written command with backoff (0.2, 0.4, 0.8 … s), so it reaches Redis at the first retransmission
        // after the heal, some seconds later, when another client holds the lock. Holds of at most 1.2 s, well inside the 4 s TTL:
        // a plain DEL then frees another's lock only when it arrives late, never as a blind release after the TTL
        Recipe r = new Recipe("redis-late-release", "redis-single", 5, new IsolateHolder(), 4, 8, 1, 0, 30);
        // and at least 0.7 s: the cut comes some tens of ms after the grant (hundreds under load), and must come before the
        // release is written; a hold drawn shorter released first (CI: a 6 ms hold, the cut 48 ms after its grant; then a
        // 490 ms hold, the cut in place 600 ms after its grant, with three test forks on two cores)
        Duration holdMin = Duration.ofMillis(700);
        Duration holdMax = Duration.ofMillis(1200);
        Map<String, String> deployedDel = Map.of("client", "deployed", "release", "del");
        return new Scenario(r.name, "single Redis, the holder cut off while it releases: its DEL times out, and the caller (and"
                + " lockstorm) records the release as unknown; the command was written, and when the network heals it is delivered"
                + " (TCP retransmission; Lettuce's default reconnect would send what it queued), freeing the lock another client holds"
                + " by then. A compare-and-delete release arrives late too, and frees nothing", List.of(
                new Scenario.Variant("DEL release, Lettuce as deployed", seed -> r.builder(seed, Fencing.NONE, Persistence.NONE, deployedDel)
                        .holds(holdMin, holdMax).keepCrashed(true).build(), "a double holder after a release delivered late",
                        x -> Proof.lateRelease(x).isPresent()),
                new Scenario.Variant("DEL release, no reconnect, the client closed", seed -> r.builder(seed, Fencing.NONE, Persistence.NONE,
                        Map.of("release", "del")).holds(holdMin, holdMax).build(), "a double holder after a release delivered late",
                        x -> Proof.lateRelease(x).isPresent()).byHandOnly(),
                new Scenario.Variant("compare-and-delete release, Lettuce as deployed", seed -> r.builder(seed, Fencing.NONE, Persistence.NONE,
                        Map.of("client", "deployed")).holds(holdMin, holdMax).keepCrashed(true).build(), "no double holder, the lock available under the fault",
                        x -> doubles(x) == 0 && Proof.grantsDuringFaults(x) >= 1)));
    }

    static Scenario redisLostReply() {
        // TTL 3 s, holds of at most 0.2 s and rests of 0-4 s, so that the lock is mostly free: a client that hears nothing (its
        // requests still arrive) for 6 s sends one SET (it times out after 2 s, its acquire with it, and the worker cannot
        // reopen until the heal), and a SET that meets a free lock takes it and is never told. With holds of up to 1 s the
        // lock was held 60% of the time, and in two clean-clone CIs all three SETs of seed 1 met another client's hold
        Recipe r = new Recipe("redis-lost-reply", "redis-single", 3, new RepliesLost(), 3, 3, 1, 0, 30);
        // every client's replies lost for 2.5 s from the moment the lock is free: the SET that takes it times out at 2 s and is
        // sent again, but the acknowledgements were lost too, so TCP delivers the second SET only with its retransmission of
        // the first request, 3 s after it (tried with a TTL of 3 s: the key had just expired, and the replay took it afresh);
        // a TTL of 4 s keeps the first grant standing then
        Recipe brief = new Recipe("redis-lost-reply", "redis-single", 3, RepliesLost.briefly(), 4, 3, 1, 0, 30);
        String refusedByOwn = dev.lockstorm.locks.redis.RedisSingleLock.REFUSED_BY_OWN;
        String foundOwn = dev.lockstorm.locks.redis.RedisSingleLock.FOUND_OWN;
        return new Scenario(r.name, "single Redis, a client's replies lost while its requests still arrive, the lock free: its SET NX"
                + " takes the lock on the server, its client times out and records the acquire as unknown, and the key holds the lock for"
                + " no one until its TTL runs out. The token taken in the same script shows the grant no client was told of; the"
                + " checker must not call it a double holder. A client that retries a timed-out command sends the SET again, and it is"
                + " refused by its own grant (a definite answer, and still a grant no client knows of); a script that knows the"
                + " client's value answers the replay with that grant", List.of(
                new Scenario.Variant("fault-testing client", seed -> r.builder(seed, Fencing.NONE, Persistence.NONE, Map.of())
                        .holds(Duration.ZERO, Duration.ofMillis(200)).rest(Duration.ofSeconds(2)).build(), "a grant no client was told of (a token skipped, the acquire unknown), no double holder",
                        x -> doubles(x) == 0 && Proof.lostGrant(x).isPresent())
                        .provedBy(x -> Proof.lostGrant(x).orElse("no grant went untold") + "; " + Proof.availability(x)),
                new Scenario.Variant("SET sent again after its timeout (retries as deployed)", seed -> brief.builder(seed, Fencing.NONE,
                        Persistence.NONE, Map.of("client", "deployed", "retry", "blind")).rest(Duration.ofSeconds(2)).build(),
                        "the SET sent again refused by its own grant: a token skipped, the acquires answered, no double holder",
                        x -> doubles(x) == 0 && Proof.replayRefusedOwnGrant(x, refusedByOwn).isPresent())
                        .provedBy(x -> Proof.replayRefusedOwnGrant(x, refusedByOwn).orElse("no SET sent again met its own grant") + "; "
                                + Proof.availability(x)),
                new Scenario.Variant("SET sent again to a script that knows its value", seed -> brief.builder(seed, Fencing.NONE,
                        Persistence.NONE, Map.of("client", "deployed", "retry", "idempotent")).rest(Duration.ofSeconds(2)).build(),
                        "the SET sent again given its own grant: no token skipped, no double holder",
                        x -> doubles(x) == 0 && Proof.untoldTokens(x).isEmpty() && Proof.noteInHistory(x, foundOwn).isPresent())
                        .provedBy(x -> Proof.noteInHistory(x, foundOwn).orElse("no SET sent again found its own grant") + "; tokens no"
                                + " client was told of: " + Proof.untoldTokens(x).stream().map(Proof.Gap::tokens).toList())));
    }

    static Scenario sentinelFailover() {
        // Sentinels that split their votes try again only after twice the failover timeout (10 s): the promotion then comes
        // ~12 s after the grant, so holds of 14-16 s outlast it (with 8-10 s the holder had let go once in a clean-clone bin/test)
        Recipe plain = new Recipe("sentinel-failover", "redis-sentinel", 3, new Failover(false), 20, 3, 16, 14, 30);
        Recipe cutWait = new Recipe("sentinel-failover", "redis-sentinel-wait", 3, new Failover(false), 20, 3, 10, 8, 30);
        // a Sentinel makes the frozen replica the new master's replica only once it has been up for 8 s and
        // answered its next INFO (every 10 s): ~15 s after the grant, so holds of 24-26 s leave the window open
        Recipe laggingWait = new Recipe("sentinel-failover", "redis-sentinel-wait", 3, new Failover(true), 30, 3, 26, 24, 30);
        return new Scenario(plain.name, "Redis master + 2 replicas + 3 Sentinels: a lock the master acknowledged but the replicas"
                + " never got, the master killed, a replica promoted: a double holder. WAIT 1 after acquiring refuses grants no replica"
                + " has (the window narrows), but when the replica that has it is down at failover, the lagging one is promoted"
                + " (the window stays)", List.of(
                new Scenario.Variant("replicas cut off, no WAIT", seed -> plain.spec(seed, Fencing.NONE, Persistence.NONE),
                        "a double holder after the fault", x -> tied(x)),
                new Scenario.Variant("replicas cut off, WAIT 1", seed -> cutWait.spec(seed, Fencing.NONE, Persistence.NONE),
                        "no double holder", x -> doubles(x) == 0 && x.faults() >= 1),
                // measured by hand (10 of 10 alone, a run takes 150 s): beside CI's other test fork starting servers, a CPU stall at
                // the failover can make the Sentinels (down after 1 s) lose the new master and fail over again, to the replica
                // that has the grant; a machine that busy is not the scenario's mechanism, so CI runs the other two variants
                new Scenario.Variant("one replica lagging, the other frozen at failover, WAIT 1",
                        seed -> laggingWait.spec(seed, Fencing.NONE, Persistence.NONE), "a double holder after the fault", x -> tied(x))
                        .byHandOnly()));
    }

    static Scenario redlockClockJump() {
        // holds of 1-2 s leave the waiter time to find n2's key gone after a jump, which lands within 0.3 s of a grant: with
        // holds from 0 s, a CI run's seed 1 (three test forks busy) had both jumps in holds that ended before it got there
        Recipe r = new Recipe("redlock-clock-jump", "redlock", 2, new SplitClock(), 6, 3, 2, 1, 20);
        return new Scenario(r.name, "Redlock on 3 masters; c1 reaches n1+n2, c2 reaches n2+n3; while one holds its majority,"
                + " n2's clock jumps past the TTL, the key expires there and the other client takes n2 and its own node", List.of(
                new Scenario.Variant("clock jump", seed -> r.spec(seed, Fencing.NONE, Persistence.NONE), "a double holder after the fault", x -> tied(x))));
    }

    static Scenario redlockRestart() {
        Recipe now = new Recipe("redlock-restart", "redlock", 2, new SplitKill(false), 8, 3, 4, 2, 20);
        Recipe late = new Recipe("redlock-restart", "redlock", 2, new SplitKill(true), 4, 3, 2);
        return new Scenario(now.name, "Redlock on 3 masters; c1 reaches n1+n2, c2 reaches n2+n3; n2 crashes while a lock is held there:"
                + " restarted at once without fsync it forgets the key and the other client gets a majority; with an fsynced"
                + " append-only file, or a restart delayed past the TTL, it does not", List.of(
                new Scenario.Variant("restart at once, persistence none", seed -> now.spec(seed, Fencing.NONE, Persistence.NONE),
                        "a double holder after the fault", x -> tied(x)),
                new Scenario.Variant("restart at once, persistence aof-always", seed -> now.spec(seed, Fencing.NONE, Persistence.AOF_ALWAYS),
                        "no double holder", x -> doubles(x) == 0 && x.faults() >= 1),
                new Scenario.Variant("restart after the TTL, persistence none", seed -> late.spec(seed, Fencing.NONE, Persistence.NONE),
                        "no double holder", x -> doubles(x) == 0 && x.faults() >= 1)));
    }

    static Scenario redlockGcPause() {
        Recipe after = new Recipe("redlock-gc-pause", "redlock", 2, PauseClient.pastTheLease(), 3, 3, 1);
        // c1 reaches its pause point only when it wins a majority, which c2 may keep from it for most of a run
        // (18 s once, with another scenario beside it): 30 s leaves the freeze room to end before the run does
        Recipe inside = new Recipe("redlock-gc-pause", "redlock", 2, new PauseInAcquire(), 3, 3, 1, 0, 30);
        return new Scenario(after.name, "Redlock on 3 masters: a holder frozen after acquiring, past the validity time, is a"
                + " double holder; a client frozen between its SETs and its elapsed-time check is refused by the validity check", List.of(
                new Scenario.Variant("paused after acquiring", seed -> after.spec(seed, Fencing.NONE, Persistence.NONE),
                        "a double holder after the fault", x -> tied(x)),
                new Scenario.Variant("paused inside acquire", seed -> inside.spec(seed, Fencing.NONE, Persistence.NONE),
                        "no double holder; the frozen client's majority refused for want of validity time",
                        x -> doubles(x) == 0 && x.faults() >= 1 && refusedForValidity(x))));
    }

    static Scenario redlockLateReply() {
        // a TTL of 2 s; a waiter's link to n3 delayed 1.2 s each way: its SETs to n1 and n2 answer at once, n3's after 2.4 s,
        // past the TTL, which a per-node timeout of 3 s (Redisson's default, not the page's few ms) waits for. Clients rest
        // about 2 s between cycles, so that the lock is free at times (a waiter that tries every ~5 s finds it free), and
        // hold it 1 s: another client takes n1 and n2 as their keys expire, and still holds when the late majority comes
        Recipe r = new Recipe("redlock-late-reply", "redlock", 3, new DelayLastServer(), 2, 3, 1, 1, 40);
        Duration rest = Duration.ofSeconds(2);
        // careful holders (--on-doubt stop): a grant that came with little validity left is let go when it runs out, so a
        // double holder here is the validity the client computed, not a hold that ignored it
        return new Scenario(r.name, "Redlock on 3 masters with a per-node timeout of seconds; a waiter's link to the last master"
                + " delayed past the TTL: its first two SETs succeed at once, the last answers after the TTL, when those keys have"
                + " expired and another client took them. The page's elapsed-time check refuses the late majority; a validity"
                + " counted from the last reply takes it: a double holder, though its holders are careful", List.of(
                // holds of up to 0.2 s: the delayed waiter's proof needs n1 and n2 free when its SETs go out, and with holds of up to
                // 3 s beside two rested clients a CI run's three attempts all met a held lock (locked 0 of 3 nodes)
                new Scenario.Variant("validity: TTL minus elapsed (the page)", seed -> r.builder(seed, Fencing.NONE, Persistence.NONE,
                        Map.of("node-timeout", "3000", "validity", "elapsed")).rest(rest).holds(Duration.ZERO, Duration.ofMillis(200))
                        .onDoubt(OnDoubt.STOP).build(),
                        "no double holder; the delayed waiter's late majority refused; the others granted during the fault",
                        x -> doubles(x) == 0 && refusedForValidity(x) && Proof.grantsDuringFaults(x) >= 1)
                        .provedBy(x -> validityRefusal(x).map(op -> op.who() + "'s acquire refused at " + History.when(op) + ": "
                                + op.extra().get("error")).orElse("no late majority refused") + "; " + Proof.availability(x)),
                new Scenario.Variant("validity: from the last reply", seed -> r.builder(seed, Fencing.NONE, Persistence.NONE,
                        Map.of("node-timeout", "3000", "validity", "from-reply")).rest(rest).onDoubt(OnDoubt.STOP).build(),
                        "a double holder after the fault",
                        x -> tied(x)).byHandOnly()));
    }

    static Scenario springRedisRegistryPause() {
        Recipe r = new Recipe("spring-redis-registry-pause", "spring-redis-registry", 3, PauseClient.pastTheLease(), 2, 3, 1);
        return new Scenario(r.name, "Spring Integration's RedisLockRegistry, the holder frozen past expireAfter: the key expires, a"
                + " waiter takes the lock, and the frozen holder learns of it only at unlock (\"released in the store due to"
                + " expiration\", spring-integration #2661); a scheduled renewal is frozen with its process and does not help", List.of(
                new Scenario.Variant("no renewal", seed -> r.spec(seed, Fencing.NONE, Persistence.NONE, Map.of("renewal", "none")),
                        "a double holder after the fault, the frozen holder told at its release that the lock was gone", x -> Proof.refusedRelease(x).isPresent()),
                new Scenario.Variant("scheduled renewal", seed -> r.spec(seed, Fencing.NONE, Persistence.NONE, Map.of("renewal", "scheduled")),
                        "a double holder after the fault, the frozen holder told at its release that the lock was gone", x -> Proof.refusedRelease(x).isPresent())
                        .byHandOnly()));
    }

    static Scenario springRedisRegistryRestart() {
        // redis-restart's rhythm: the registry's Lettuce connections reconnect on their own (its defaults), holds of 3-5 s
        Recipe r = new Recipe("spring-redis-registry-restart", "spring-redis-registry", 5, new Kill(), 8, 3, 5, 3, 20);
        return new Scenario(r.name, "Spring Integration's RedisLockRegistry on one Redis killed (-9) and restarted while a lock is"
                + " held: without persistence the lock's key is gone and a waiter takes the lock beside the holder; with an fsynced"
                + " append-only file it is not", List.of(
                new Scenario.Variant("persistence none", seed -> r.spec(seed, Fencing.NONE, Persistence.NONE), "a double holder after the fault",
                        x -> tied(x)).byHandOnly(),
                new Scenario.Variant("persistence aof-always", seed -> r.spec(seed, Fencing.NONE, Persistence.AOF_ALWAYS),
                        "no double holder", x -> doubles(x) == 0 && x.faults() >= 1).byHandOnly()));
    }

    static Scenario redissonWatchdog() {
        Recipe watchdog = new Recipe("redisson-watchdog", "redisson-watchdog", 3, PauseClient.pastTheLease(), 3, 3, 1);
        Recipe fenced = new Recipe("redisson-watchdog", "redisson-fenced", 3, PauseClient.pastTheLease(), 3, 3, 1);
        return new Scenario(watchdog.name, "Redisson RLock in watchdog mode: a holder frozen past the watchdog timeout stops renewing,"
                + " the key expires, a double holder; RFencedLock's token with fencing reads and writes saves the resource", List.of(
                new Scenario.Variant("RLock, fencing none", seed -> watchdog.spec(seed, Fencing.NONE, Persistence.NONE),
                        "a double holder after the fault, a lease limit", x -> leaseLimit(x)),
                new Scenario.Variant("RFencedLock, fencing all", seed -> fenced.spec(seed, Fencing.ALL, Persistence.NONE),
                        "a double holder, zero lost updates, stale writes rejected",
                        x -> leaseLimit(x) && x.check().noLostUpdates() && x.check().staleWritesRejected() >= 1)));
    }

    static Scenario redissonWatchdogReconnect() {
        // a 12 s watchdog timeout renews every 4 s; a 6 s cut always has a renewal sent into it that times out (2 s, no retry);
        // holds of 15-18 s outlast the timeout, so a watchdog that gave up after that failure would let the key expire mid-hold
        Recipe brief = new Recipe("redisson-watchdog-reconnect", "redisson-watchdog", 3, IsolateHolder.briefly(), 12, 6, 18, 15, 40);
        Recipe past = new Recipe("redisson-watchdog-reconnect", "redisson-watchdog", 3, new IsolateHolder(), 12, 6, 18, 15, 40);
        return new Scenario(brief.name, "Redisson RLock in watchdog mode, the holder cut off every server for half the watchdog"
                + " timeout: a renewal is sent into the cut and fails. Redisson #3194 reported renewals that stop after such a failure"
                + " (the key then expires mid-hold, with no fault in force); Redisson 4.7's renewal task logs the failure and renews"
                + " again. Cut off past the timeout, the key expires during the cut: a double holder", List.of(
                new Scenario.Variant("cut off for half the watchdog timeout", seed -> brief.spec(seed, Fencing.NONE, Persistence.NONE),
                        "no double holder, a renewal failed in the cut and the watchdog renewed after it",
                        x -> doubles(x) == 0 && renewalFailedInTheCut(x).isPresent())
                        .provedBy(x -> (doubles(x) == 0 ? "no double holder" : "a double holder") + "; "
                                + renewalFailedInTheCut(x).map(s -> "a renewal failed in the cut: " + s)
                                .orElse("no renewal failed while a cut was in force: the mechanism was not reached")),
                new Scenario.Variant("cut off past the watchdog timeout", seed -> past.spec(seed, Fencing.NONE, Persistence.NONE),
                        "a double holder after the fault", x -> tied(x)).byHandOnly()));
    }

    /** What Redisson 4.7's renewal task logs when a renewal fails (then it schedules the next one). */
    static final String RENEWAL_FAILED = "Can't update locks";

    /** A renewal failure logged while the holder was cut off, or as the renewal sent into the cut timed out (2 s). */
    private static Optional<String> renewalFailedInTheCut(RunResult r) {
        return Proof.loggedDuringFault(r, RENEWAL_FAILED, Duration.ofMillis(2500));
    }

    static Scenario fencingTokenReset() {
        Recipe r = new Recipe("fencing-token-reset", "redisson-fenced", 3, new Kill(), 6, 3, 2);
        return new Scenario(r.name, "Redisson RFencedLock on a Redis without persistence, restarted: its token counter starts"
                + " again, tokens go backwards and the fencing analysis reports it", List.of(
                new Scenario.Variant("persistence none", seed -> r.spec(seed, Fencing.WRITES, Persistence.NONE),
                        "tokens out of order", x -> x.check().tokenViolations() >= 1)));
    }

    static Scenario hazelcastSessionExpiry() {
        // the CP session's time to live is the servers' 5 s: a 5 s lease freezes the holder for 10 s
        Recipe r = new Recipe("hazelcast-session-expiry", "hazelcast-fenced-lock", 3, PauseClient.pastTheLease(), 5, 3, 1, 0, 25);
        return new Scenario(r.name, "Hazelcast's CP Subsystem FencedLock, the holder frozen past its CP session's time to live: the CP"
                + " group closes the session, releases the lock and grants it to a waiter with a higher fence; the fence, checked on"
                + " reads and writes, saves the resource",
                List.of(new Scenario.Variant("fencing none", seed -> r.spec(seed, Fencing.NONE, Persistence.NONE),
                                "a double holder after the fault", x -> tied(x)),
                        new Scenario.Variant("fencing all", seed -> r.spec(seed, Fencing.ALL, Persistence.NONE),
                                "a double holder, zero lost updates, stale writes rejected",
                                x -> tied(x) && x.check().noLostUpdates() && x.check().staleWritesRejected() >= 1)));
    }

    static Scenario hazelcastCutOff() {
        // the CP session's time to live is the servers' 5 s: the holder, cut off for 10 s, holds 8-9 s
        Recipe holder = new Recipe("hazelcast-cut-off", "hazelcast-fenced-lock", 3, new IsolateHolder(), 5, 3, 9, 8, 40);
        Recipe member = new Recipe("hazelcast-cut-off", "hazelcast-fenced-lock", 3, new IsolateNode(), 5, 3, 2, 1, 30);
        return new Scenario(holder.name, "Hazelcast's CP Subsystem FencedLock: the holder cut off every member past its CP session's time"
                + " to live works on while the group closes its session and grants the lock to a waiter (the fence, checked on reads"
                + " and writes, saves the resource); one member cut off the others and every client is a minority: the majority goes"
                + " on granting, and no lock defect (when the cut member led the CP group, the new leader keeps the holder's session"
                + " one heartbeat past its end, so the holder may lose it: a lease limit)", List.of(
                new Scenario.Variant("holder cut off, fencing none", seed -> holder.spec(seed, Fencing.NONE, Persistence.NONE),
                        "a double holder after the fault", x -> tied(x)),
                new Scenario.Variant("holder cut off, fencing all", seed -> holder.spec(seed, Fencing.ALL, Persistence.NONE),
                        "a double holder, zero lost updates, stale writes rejected",
                        x -> tied(x) && x.check().noLostUpdates() && x.check().staleWritesRejected() >= 1).byHandOnly(),
                new Scenario.Variant("a member cut off", seed -> member.spec(seed, Fencing.NONE, Persistence.NONE),
                        "no lock defect (a double holder only as a lease limit), the lock granted while the member was cut off",
                        x -> Proof.defects(x) == 0 && Proof.grantsDuringFaults(x) >= 1)));
    }

    static Scenario hazelcastMemberRestart() {
        // right after a grant a member (drawn) is killed (-9) and started again a second later, once a run; holds of 1-2 s
        Recipe r = new Recipe("hazelcast-member-restart", "hazelcast-fenced-lock", 3, new Kill(true), 5, 5, 2, 1, 25);
        return new Scenario(r.name, "Hazelcast's CP Subsystem FencedLock (no CP persistence): a CP member killed (-9) right after a"
                + " grant and started again. The other two are a majority of the CP group and go on granting; the restarted member"
                + " comes back empty and is promoted into the CP group once the group has removed the member it was (after 10 s here;"
                + " Hazelcast's default is 4 hours)", List.of(
                new Scenario.Variant("one member restarted", seed -> r.spec(seed, Fencing.ALL, Persistence.NONE),
                        "no double holder, every client granted the lock again after the restart", x -> doubles(x) == 0 && x.faults() >= 1
                        && x.notLive().isEmpty()).byHandOnly()));
    }

    static Scenario hazelcastSplitBrain() {
        // one split of 6 leases (30 s) after the first grant: each side takes the other for dead (10 s without heartbeats), and
        // the minority's client is granted again 10-19 s into the split
        Recipe cp = new Recipe("hazelcast-split-brain", "hazelcast-fenced-lock", 3, new SplitBrain(), 5, 3, 2, 1, 30);
        Recipe unsafe = new Recipe("hazelcast-split-brain", "hazelcast-fenced-lock-unsafe", 3, new SplitBrain(), 5, 3, 2, 1, 30);
        return new Scenario(cp.name, "Hazelcast's FencedLock through a split brain: one member and the holder's client apart from the"
                + " other two members and clients for 30 s. With the CP Subsystem the majority alone goes on: the holder, cut off,"
                + " loses its session there (a lease limit) and fences stay in order; with it off (\"unsafe mode\", hazelcast #17260)"
                + " both sides grant the lock from their own copy of it: double grants nothing explains, fences repeated or going"
                + " back", List.of(
                new Scenario.Variant("CP Subsystem, fencing all", seed -> cp.spec(seed, Fencing.ALL, Persistence.NONE),
                        "double holders only where the holder was cut off, fences in order, stale writes rejected",
                        x -> tied(x) && Proof.defectsDuringFaults(x) == 0 && x.check().tokenViolations() == 0 && x.check().noLostUpdates()
                                && x.check().staleWritesRejected() >= 1),
                new Scenario.Variant("CP Subsystem off (unsafe mode), fencing all", seed -> unsafe.spec(seed, Fencing.ALL, Persistence.NONE),
                        "both sides grant the lock: a lock defect during the split, fences out of order",
                        x -> Proof.defectsDuringFaults(x) >= 1 && x.check().tokenViolations() >= 1)));
    }

    static Scenario dynamodbLeasePause() {
        Recipe plain = new Recipe("dynamodb-lease-pause", "dynamodb-lock", 3, PauseClient.pastTheLease(), 3, 3, 1);
        Recipe fenced = new Recipe("dynamodb-lease-pause", "dynamodb-lock-fenced", 3, PauseClient.pastTheLease(), 3, 3, 1);
        return new Scenario(plain.name, "Amazon's DynamoDB lock client, the holder frozen past its lease: its heartbeats stop, a waiter"
                + " that watched the lock item unchanged for the lease takes it over, and the holder, resumed, works on until its next"
                + " heartbeat is refused; the lock has no token, and a counter on the lock item, raised only under the grant, saves the"
                + " resource", List.of(
                new Scenario.Variant("no token, fencing none", seed -> plain.spec(seed, Fencing.NONE, Persistence.NONE),
                        "a double holder (a lease limit) and lost updates", x -> leaseLimit(x) && x.check().lostUpdatesProven()),
                new Scenario.Variant("the lock item's counter, fencing all", seed -> fenced.spec(seed, Fencing.ALL, Persistence.NONE),
                        "a double holder, zero lost updates, stale writes rejected",
                        x -> leaseLimit(x) && x.check().noLostUpdates() && x.check().staleWritesRejected() >= 1)));
    }

    static Scenario dynamodbWaiterClockFast() {
        // holds of 1-2 s, heartbeats every second: at 5× a waiter's 3 s watch lasts 0.6 s, shorter than the gap between heartbeats
        Recipe plain = new Recipe("dynamodb-waiter-clock-fast", "dynamodb-lock", 3, new WaiterClockFast(), 3, 3, 2, 1, 25);
        Recipe fenced = new Recipe("dynamodb-waiter-clock-fast", "dynamodb-lock-fenced", 3, new WaiterClockFast(), 3, 3, 2, 1, 25);
        return new Scenario(plain.name, "Amazon's DynamoDB lock client, the waiting clients' monotonic clocks running 5× fast while another"
                + " holds and heartbeats: a waiter times the holder's lease on its own clock, sees it run out between two heartbeats and takes"
                + " the lock over from a live holder; the lock item's counter, checked on reads and writes, saves the resource", List.of(
                new Scenario.Variant("no token, fencing none", seed -> plain.spec(seed, Fencing.NONE, Persistence.NONE),
                        "a double holder after the fault", x -> tied(x)),
                new Scenario.Variant("the lock item's counter, fencing all", seed -> fenced.spec(seed, Fencing.ALL, Persistence.NONE),
                        "a double holder, zero lost updates, stale writes rejected",
                        x -> tied(x) && x.check().noLostUpdates() && x.check().staleWritesRejected() >= 1).byHandOnly()));
    }

    static Scenario etcdLeasePause() {
        Recipe r = new Recipe("etcd-lease-pause", "etcd-lock", 3, PauseClient.pastTheLease(), 2, 3, 1);
        return new Scenario(r.name, "etcd's Lock API, the holder frozen past its lease's TTL: etcd revokes the lease, deletes the lock key"
                + " and grants the lock to a waiter; the key's create revision as a fencing token, checked on reads and writes, saves the resource",
                List.of(new Scenario.Variant("fencing none", seed -> r.spec(seed, Fencing.NONE, Persistence.NONE),
                                "a double holder after the fault, a lease limit", x -> leaseLimit(x)),
                        new Scenario.Variant("fencing all", seed -> r.spec(seed, Fencing.ALL, Persistence.NONE),
                                "a double holder, zero lost updates, stale writes rejected",
                                x -> leaseLimit(x) && x.check().noLostUpdates() && x.check().staleWritesRejected() >= 1)));
    }

    static Scenario etcdLeasePartition() {
        // the holder runs on behind the cut: holds longer than the TTL and jetcd's keep-alive deadline
        Recipe r = new Recipe("etcd-lease-partition", "etcd-lock", 3, new IsolateHolder(), 2, 3, 5, 4, 20);
        return new Scenario(r.name, "etcd's Lock API, the holder cut off from every member past its TTL while it runs on: the lease"
                + " expires, a waiter is granted the lock, and the holder learns of it only from its keep-alive; fencing all saves the resource",
                List.of(new Scenario.Variant("fencing none", seed -> r.spec(seed, Fencing.NONE, Persistence.NONE),
                                "a double holder after the fault, a lease limit", x -> leaseLimit(x)),
                        new Scenario.Variant("fencing all", seed -> r.spec(seed, Fencing.ALL, Persistence.NONE),
                                "a double holder, zero lost updates, stale writes rejected",
                                x -> leaseLimit(x) && x.check().noLostUpdates() && x.check().staleWritesRejected() >= 1).byHandOnly()));
    }

    static Scenario etcdQueuedLeaseExpiry() {
        // every hold outlasts the waiters' stalled renewals (TTL + 1.5 s) and their leases' expiry
        Recipe lock = new Recipe("etcd-queued-lease-expiry", "etcd-lock", 3, new HoldWaiterRenewals(), 2, 2, 5, 4, 18);
        Recipe txn = new Recipe("etcd-queued-lease-expiry", "etcd-txn-lock", 3, new HoldWaiterRenewals(), 2, 2, 5, 4, 18);
        return new Scenario(lock.name, "etcd's Lock API, the waiters' lease renewals stalled while they are queued behind a holder until"
                + " their leases expire: when the holder releases, etcd (3.4.3 in Jepsen's 2020 analysis, etcd #11456; still 3.4.23)"
                + " grants the lock to such a waiter, whose key is gone, beside the next valid waiter; a client that reads its key after"
                + " the grant and gives back a grant without one is safe, and so is a hand-written transaction lock, which cannot put"
                + " a key under an expired lease", List.of(
                new Scenario.Variant("Lock API", seed -> lock.spec(seed, Fencing.NONE, Persistence.NONE),
                        "a double holder: a waiter granted the lock after its lease expired, a lock defect",
                        x -> unbackedDefect(x, EtcdSystems.GRANTED_EXPIRED)),
                new Scenario.Variant("Lock API, the key verified after the grant", seed -> lock.spec(seed, Fencing.NONE, Persistence.NONE,
                        Map.of("verify-key", "true")), "grants after the lease expired given back, no double holder",
                        x -> doubles(x) == 0 && grantedAfterLeaseExpired(x)),
                new Scenario.Variant("transaction lock", seed -> txn.spec(seed, Fencing.NONE, Persistence.NONE),
                        "no double holder", x -> doubles(x) == 0 && x.faults() >= 1)));
    }

    static Scenario dbTableClockSkew() {
        // holds well inside the lease: only a clock can make a live holder's row look expired
        Recipe pg = new Recipe("db-table-clock-skew", "db-table-pg", 3, new WaiterClockAhead(), 3, 3, 2, 1, 20);
        Recipe maria = new Recipe("db-table-clock-skew", "db-table-mariadb", 3, new WaiterClockAhead(), 3, 3, 2, 1, 20);
        Recipe pgServer = new Recipe("db-table-clock-skew", "db-table-pg", 3, new ServerClockAhead(), 3, 3, 2, 1, 20);
        Map<String, String> clientClock = Map.of("expiry-clock", "client");
        return new Scenario(pg.name, "a lock table whose rows expire after the lease: a waiting client's clock jumps a minute ahead while"
                + " another holds; judged by the clients' clocks, the holder's fresh row looks a minute old and the waiter deletes it and"
                + " takes the lock; judged by the database's clock, nothing changes, until the database's own clock jumps", List.of(
                new Scenario.Variant("PostgreSQL, client clock", seed -> pg.spec(seed, Fencing.NONE, Persistence.NONE, clientClock),
                        "a double holder after the fault", x -> tied(x)),
                new Scenario.Variant("PostgreSQL, database clock", seed -> pg.spec(seed, Fencing.NONE, Persistence.NONE),
                        "no double holder", x -> doubles(x) == 0 && x.faults() >= 1),
                new Scenario.Variant("MariaDB, client clock", seed -> maria.spec(seed, Fencing.NONE, Persistence.NONE, clientClock),
                        "a double holder after the fault", x -> tied(x)).byHandOnly(),
                new Scenario.Variant("PostgreSQL, database clock, its server's clock a minute ahead",
                        seed -> pgServer.spec(seed, Fencing.NONE, Persistence.NONE), "a double holder after the fault", x -> tied(x))));
    }

    static Scenario dbTableSlowRelease() {
        // the holder's links delayed 2.5 ± 0.25 s each way right after its grant (lease 4 s, holds of at most 1 s): its release's
        // DELETE reaches the server before the row expires, and the commit two delays later, so the deleted row stays locked for
        // some 5 s; a waiter's insert, begun meanwhile, waits on the unique index with its row's time already taken
        Recipe r = new Recipe("db-table-slow-release", "db-table-pg", 5, DelayHolder.longer(), 4, 4, 1, 0, 30);
        return new Scenario(r.name, "the lock table on PostgreSQL, the holder's links delayed: its release's DELETE holds the row"
                + " uncommitted for seconds, a waiter's INSERT waits on the unique index with its row's time taken before the wait,"
                + " and is granted a lease that has already run out, which the next waiter deletes as expired: a lock defect of the"
                + " recipe as usually written (found by --nemesis delay). Stamping the row again once the insert has it closes"
                + " it", List.of(
                new Scenario.Variant("row stamped as the insert begins", seed -> r.spec(seed, Fencing.NONE, Persistence.NONE, Map.of("stamp", "insert")),
                        "a double holder whose first grant came late, its row's time taken before its insert waited",
                        // both variants measured by hand: whether a waiter's insert begins early in the slow release's window
                        // is timing-dependent (4 of 10 seeds on 2026-11-26); the delay itself is tested in CI by CutStylesIT
                        x -> Proof.noted(x, TableLock.LATE_GRANT).isPresent()).byHandOnly(),
                new Scenario.Variant("row stamped again after the wait", seed -> r.spec(seed, Fencing.NONE, Persistence.NONE, Map.of("stamp", "after-wait")),
                        "no lock defect, and a grant whose insert waited past half the lease, its row stamped again",
                        x -> x.check().defectIncidents() == 0 && Proof.noteInHistory(x, TableLock.RESTAMPED).isPresent())
                        .provedBy(x -> Proof.noteInHistory(x, TableLock.RESTAMPED).orElse("no insert waited that long") + "; "
                                + Proof.line(x)).byHandOnly()));
    }

    static Scenario dbTableGcPause() {
        Recipe r = new Recipe("db-table-gc-pause", "db-table-pg", 3, PauseClient.pastTheLease(), 2, 3, 1);
        return new Scenario(r.name, "a lock table on PostgreSQL (the database's clock), the holder frozen past the lease: a waiter deletes"
                + " its row as expired and takes the lock; the sequence's token, checked on reads and writes, saves the resource", List.of(
                new Scenario.Variant("fencing none", seed -> r.spec(seed, Fencing.NONE, Persistence.NONE),
                        "a double holder (a lease limit) and lost updates", x -> leaseLimit(x) && x.check().lostUpdatesProven()),
                new Scenario.Variant("fencing all", seed -> r.spec(seed, Fencing.ALL, Persistence.NONE),
                        "a double holder, zero lost updates, stale writes rejected",
                        x -> leaseLimit(x) && x.check().noLostUpdates() && x.check().staleWritesRejected() >= 1)));
    }

    static Scenario shedlockClockSkew() {
        Recipe r = new Recipe("shedlock-clock-skew", "shedlock-jdbc", 3, new WaiterClockAhead(), 3, 3, 2, 1, 20);
        return new Scenario(r.name, "ShedLock's JDBC provider on PostgreSQL (lockAtMostFor 3 s), a waiting client's clock a minute ahead"
                + " while another holds: by the client's clock the holder's lock_until has passed and the waiter takes the lock;"
                + " with usingDbTime() the database's clock decides", List.of(
                new Scenario.Variant("client time", seed -> r.spec(seed, Fencing.NONE, Persistence.NONE), "a double holder after the fault", x -> tied(x)),
                new Scenario.Variant("usingDbTime()", seed -> r.spec(seed, Fencing.NONE, Persistence.NONE, Map.of("db-time", "true")),
                        "no double holder", x -> doubles(x) == 0 && x.faults() >= 1)));
    }

    static Scenario springJdbcClockSkew() {
        Recipe spring = new Recipe("spring-jdbc-clock-skew", "spring-jdbc-registry", 3, new WaiterClockAhead(), 3, 3, 2, 1, 20);
        Recipe table = new Recipe("spring-jdbc-clock-skew", "db-table-pg", 3, new WaiterClockAhead(), 3, 3, 2, 1, 20);
        return new Scenario(spring.name, "Spring Integration's JdbcLockRegistry on PostgreSQL (time to live 3 s), a waiting client's clock a"
                + " minute ahead while another holds: the registry stamps and judges CREATED_DATE by each application's clock (it has no"
                + " database-time mode), so the waiter takes the lock over; a lock table judged by the database's clock, beside it, does not",
                List.of(new Scenario.Variant("JdbcLockRegistry", seed -> spring.spec(seed, Fencing.NONE, Persistence.NONE),
                                "a double holder after the fault", x -> tied(x)),
                        new Scenario.Variant("a lock table, the database's clock", seed -> table.spec(seed, Fencing.NONE, Persistence.NONE),
                                "no double holder", x -> doubles(x) == 0 && x.faults() >= 1)));
    }

    static Scenario pgAdvisoryConnectionLoss() {
        return connectionLoss("pg-advisory-connection-loss", "pg-advisory", "PostgreSQL's pg_try_advisory_lock");
    }

    static Scenario mysqlGetLockConnectionLoss() {
        return connectionLoss("mysql-get-lock-connection-loss", "mysql-get-lock", "MariaDB's GET_LOCK");
    }

    static Scenario pgFailover() {
        // holds (2–3 s) shorter than the lease (4 s); two of them outlast a row the replica kept from before the cut
        Recipe r = new Recipe("pg-failover", "db-table-pg-ha", 3, new FailoverPromote(), 4, 3, 3, 2, 25);
        return new Scenario(r.name, "the lock table on a PostgreSQL primary with a streaming replica: the replica cut off, a client"
                + " granted the lock on the primary, the primary killed and the replica promoted: the grant is not in the new primary's"
                + " table and another client takes the lock; with synchronous commit the grant waits for the replica and never"
                + " comes", List.of(
                new Scenario.Variant("synchronous_commit=local", seed -> r.spec(seed, Fencing.NONE, Persistence.NONE,
                        Map.of("synchronous-commit", "local")), "a double holder after the fault", x -> tied(x)),
                new Scenario.Variant("synchronous_commit=on", seed -> r.spec(seed, Fencing.NONE, Persistence.NONE),
                        "no double holder", x -> doubles(x) == 0 && x.faults() >= 2)));
    }

    /**
     * A session lock's holder cut off its database for 4 s while it holds for 5–6 s: the server ends
     * the session after its keepalives go unanswered (2–3 s into the cut) and frees the lock: a lease
     * limit of a session-bound lock. The holder, cut off, cannot confirm its session (its "still
     * held?" is a round trip) and says no. The {@code -seq} system's token with fencing all saves the resource.
     */
    private static Scenario connectionLoss(String name, String system, String what) {
        Recipe bare = new Recipe(name, system, 3, new IsolateHolder(), 3, 6, 8, 7, 25);
        Recipe fenced = new Recipe(name, system + "-seq", 3, new IsolateHolder(), 3, 6, 8, 7, 25);
        Scenario.Variant fencedVariant = new Scenario.Variant("sequence token, fencing all", seed -> fenced.spec(seed, Fencing.ALL, Persistence.NONE),
                "a double holder, zero lost updates, stale writes rejected",
                x -> leaseLimit(x) && x.check().noLostUpdates() && x.check().staleWritesRejected() >= 1);
        return new Scenario(name, what + " held on one session, the holder cut off the server while it holds: the server ends the"
                + " session once its keepalives go unanswered and frees the lock, which another client takes while the first still"
                + " believes it holds; a sequence value taken after the grant as the token, checked on reads and writes, saves the resource",
                List.of(new Scenario.Variant("no token, fencing none", seed -> bare.spec(seed, Fencing.NONE, Persistence.NONE),
                                "a double holder after the fault, a lease limit", x -> leaseLimit(x)),
                        // the sequence token as db-table-gc-pause's fenced variant uses it, which CI runs
                        fencedVariant.byHandOnly()));
    }

    /**
     * The fixed part of a scenario's runs.
     *
     * @param leaseS     session timeout or TTL
     * @param intervalS  time between faults
     * @param holdMaxS   longest hold
     * @param holdMinS   shortest hold
     * @param timeLimitS how long the clients and the nemesis run
     */
    private record Recipe(String name, String system, int clients, NemesisKind nemesis, int leaseS, int intervalS, int holdMaxS,
                          int holdMinS, int timeLimitS) {
        Recipe(String name, String system, int clients, NemesisKind nemesis, int leaseS, int intervalS, int holdMaxS) {
            this(name, system, clients, nemesis, leaseS, intervalS, holdMaxS, 0, 20);
        }

        RunSpec spec(long seed, Fencing fencing, Persistence persistence) {
            return spec(seed, fencing, persistence, Map.of());
        }

        /** The run with some of the system's own options set. */
        RunSpec spec(long seed, Fencing fencing, Persistence persistence, Map<String, String> options) {
            return builder(seed, fencing, persistence, options).build();
        }

        /** A read-write lock's run with {@code readers} of its clients reading (the others write). */
        RunSpec readWrite(long seed, Fencing fencing, int readers) {
            return builder(seed, fencing, Persistence.NONE, Map.of()).readers(readers).build();
        }

        /** The run's builder, for a scenario that sets more. */
        RunSpec.Builder builder(long seed, Fencing fencing, Persistence persistence, Map<String, String> options) {
            RunSpec.Builder b = RunSpec.builtIn(system);
            options.forEach(b::option);
            return b.clients(clients).timeLimit(Duration.ofSeconds(timeLimitS)).nemesis(nemesis)
                    .fencing(fencing).seed(seed).lease(Duration.ofSeconds(leaseS)).nemesisInterval(Duration.ofSeconds(intervalS))
                    .holds(Duration.ofSeconds(holdMinS), Duration.ofSeconds(holdMaxS)).persistence(persistence)
                    .command(List.of("bin/lockstorm", "reproduce", name, "--seed", Long.toString(seed)));
        }
    }

    private static int doubles(RunResult r) {
        return r.check().doubleHolderCount();
    }

    /** A double holder that the run's fault explains: granted while the fault was in force during the hold ({@link Proof#tied}). */
    private static boolean tied(RunResult r) {
        return Proof.tied(r).isPresent();
    }

    /**
     * A double holder tied to the fault, and every incident a lease limit: a correct lock whose lease
     * the fault outran, its holder told so when it asked (a "yes" after the other's grant would be a
     * lock defect).
     */
    private static boolean leaseLimit(RunResult r) {
        return tied(r) && Proof.defects(r) == 0;
    }

    /** A double holder whose incident has a grant noted with {@code note}, which its client noted as unbacked: a lock defect. */
    private static boolean unbackedDefect(RunResult r, String note) {
        return Proof.noted(r, note).filter(t -> !t.incident().cause().leaseLimit()).isPresent();
    }

    /** Whether a client's log says etcd granted it the lock although its lock key (and lease) had expired while it waited. */
    private static boolean grantedAfterLeaseExpired(RunResult r) {
        return clientLogsSay(r, EtcdSystems.GRANTED_EXPIRED);
    }

    /** Whether some client's log has {@code line} in it. */
    private static boolean clientLogsSay(RunResult r, String line) {
        try (var logs = Files.newDirectoryStream(r.dir().resolve("logs"), "client-*.log")) {
            for (Path log : logs) {
                if (Files.readString(log).contains(line)) return true;
            }
            return false;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Whether a Redlock acquire was refused after a fault began because its majority came with no validity time left. */
    private static boolean refusedForValidity(RunResult r) {
        return validityRefusal(r).isPresent();
    }

    /** The first Redlock acquire refused after a fault began because its majority came with no validity time left. */
    private static Optional<Op> validityRefusal(RunResult r) {
        History h = HistoryReader.read(r.dir().resolve("history.jsonl"), HistoryFormat.JSONL);
        long firstFault = r.check().faults().stream().mapToLong(f -> f.start().time()).min().orElse(Long.MAX_VALUE);
        return h.ops().stream().filter(op -> op.type() == OpType.FAIL && "acquire".equals(op.f()) && op.time() >= firstFault
                && op.extra().get("error") instanceof String e && (e.contains(dev.lockstorm.locks.redis.Redlock.VALIDITY_SPENT)
                || e.matches("(?s).*locked [2-9] of \\d+ nodes, validity left -.*"))).findFirst();
    }
}
