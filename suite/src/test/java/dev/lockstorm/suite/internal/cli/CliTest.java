package dev.lockstorm.suite.internal.cli;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The CLI end to end, in this JVM: exit codes, summaries, results.json. */
@Tag("unit")
class CliTest {
    private static final Path CORPUS = Path.of("../checker/src/test/resources/corpus");

    @TempDir
    Path dir;

    @RegisterExtension
    final ConsoleCapture console = new ConsoleCapture();

    private Path file(String name, String text) throws Exception {
        Path p = dir.resolve(name);
        Files.writeString(p, text);
        return p;
    }

    @Test
    void validHistoryExitsZeroAndWritesResults() throws Exception {
        Path h = file("ok.jsonl", """
                {"type":"invoke","process":0,"f":"acquire","value":null}
                {"type":"ok","process":0,"f":"acquire","value":1}
                {"type":"invoke","process":0,"f":"release","value":null}
                {"type":"ok","process":0,"f":"release","value":null}
                """);
        assertEquals(0, Main.run("check", "--out", dir.resolve("res").toString(), h.toString()));
        assertTrue(console.out().contains("ok.jsonl: VALID"), console.out());
        String json = Files.readString(dir.resolve("res/results.json"));
        assertTrue(json.startsWith("{\"verdict\":\"valid\""), json);
        assertTrue(json.contains("\"model\":\"fenced-mutex\""), json);
    }

    @Test
    void doubleHolderExitsOneWithAnExplanation() throws Exception {
        Path h = file("bad.jsonl", """
                {"type":"invoke","process":0,"f":"acquire","value":null,"time":1000000000}
                {"type":"ok","process":0,"f":"acquire","value":1,"time":1100000000}
                {"type":"invoke","process":1,"f":"acquire","value":null,"time":1200000000}
                {"type":"ok","process":1,"f":"acquire","value":2,"time":1300000000}
                {"type":"invoke","process":0,"f":"release","value":null,"time":2000000000}
                {"type":"ok","process":0,"f":"release","value":null,"time":2100000000}
                """);
        assertEquals(1, Main.run("check", h.toString()));
        assertTrue(console.out().contains("INVALID"), console.out());
        assertTrue(console.out().contains("process 1 acquired at 1.300 s (token 2) while process 0 held the lock since 1.100 s (token 1)"
                + " and had not invoked release until 2.000 s"), console.out());
        assertTrue(console.out().contains("double holders: 1"), console.out());
    }

    @Test
    void searchOutOfTimeExitsTwo() {
        Path hard = CORPUS.resolve("porcupine-etcd/etcd_002.log"); // valid, ~70,000 states
        assertEquals(2, Main.run("check", "--time-limit", "0.001", hard.toString()));
        assertTrue(console.out().contains("unknown — time limit reached"), console.out());
    }

    @Test
    void badInputExitsThreeNamingFileAndLine() throws Exception {
        Path h = file("broken.jsonl", "{\"type\":\"invoke\",\"process\":0,\"f\":\"read\"}\n{\"type\":\"ok\",\"process\":5,\"f\":\"read\"}\n");
        assertEquals(3, Main.run("check", h.toString()));
        assertTrue(console.err().contains("broken.jsonl:2: ok by process 5 without an invocation"), console.err());
    }

    @Test
    void imagesForSomeSystemsAreTheirFamiliesAndTheClientsAndAnUnknownSystemIsNamed() {
        var registry = dev.lockstorm.locks.internal.registry.Registry.builtIn();
        String common = dev.lockstorm.clusters.containers.Images.COMMON;
        assertEquals(java.util.List.of(common, "redis-server"),
                ImagesCommand.families(java.util.List.of(registry.system("redis-single"), registry.system("redlock"), registry.system("curator-mutex"))),
                "the clients' image first, each family once; ZooKeeper's servers run on the clients' image");
        assertEquals(java.util.List.of(common, "etcd-server", "postgresql"),
                ImagesCommand.families(java.util.List.of(registry.system("etcd-lock"), registry.system("db-table-pg"))));
        assertTrue(ImagesCommand.families().containsAll(java.util.List.of(common, "redis-server", "etcd-server", "postgresql", "mariadb-server", "nodejs")),
                "without --system, every family's");
        assertEquals(3, Main.run("images", "build", "--system", "redis-singel"));
        assertTrue(console.err().contains("redis-singel") && console.err().contains("redis-single"), "the bad name, and what was meant: " + console.err());
    }

    @Test
    void replayAndShrinkOfWhatIsNoRunAndABadScheduleExitThreeSayingWhy() throws Exception {
        assertEquals(3, Main.run("replay", dir.resolve("nothing-here").toString()));
        assertTrue(console.err().contains("nothing-here holds no spec.json (or command.txt) and history.jsonl: not a run directory"), console.err());
        console.reset();
        assertEquals(3, Main.run("shrink", dir.toString(), "--tries", "0"));
        assertTrue(console.err().contains("--tries must be at least 1, not 0"), console.err());
        console.reset();
        assertEquals(3, Main.run("replay", dir.toString(), "--backend", "docker"));
        assertTrue(console.err().contains("--backend: expected lab or containers, got 'docker'"), console.err());
        console.reset();
        Path bad = file("schedule.json", "{\"steps\":[{\"kind\":\"kill\",\"target\":\"n1\",\"at_ms\":0},{\"kind\":\"pause\",\"at_ms\":5}]}");
        assertEquals(3, Main.run("run", "--system", "redis-single", "--schedule", bad.toString()));
        assertTrue(console.err().contains(bad + ": step 2: expected \"target\" as a name"), console.err());
        console.reset();
        // a step aimed at a host the run does not have
        Path elsewhere = file("elsewhere.json", "{\"steps\":[{\"kind\":\"kill\",\"target\":\"n7\",\"at_ms\":0}]}");
        assertEquals(3, Main.run("run", "--system", "redis-single", "--schedule", elsewhere.toString()));
        assertTrue(console.err().contains("step 1 (kill: kill n7, at 0.0 s) names n7, which this run does not have"), console.err());
    }

    @Test
    void aRunDirectoryGivenMustBeEmptySoThatNoHistoryIsOverwritten() throws Exception {
        Path taken = Files.createDirectories(dir.resolve("taken"));
        Files.writeString(taken.resolve("history.jsonl"), "{}\n");
        assertEquals(3, Main.run("run", "--system", "redis-single", "--run-dir", taken.toString()));
        assertTrue(console.err().contains("--run-dir " + taken + ": expected an empty directory; it holds files already"), console.err());
        assertEquals("{}\n", Files.readString(taken.resolve("history.jsonl")));
        console.reset();
        assertEquals(3, Main.run("run", "--system", "redis-single", "--run-dir", dir.resolve("absent").toString()));
        assertTrue(console.err().contains("expected an empty directory made beforehand; there is none"), console.err());
    }

    @Test
    void aSpecFileDescribesTheWholeRunAndABadOneIsNamed() throws Exception {
        Path spec = file("spec.json", "{\"lockstorm_spec\": 1, \"system\": \"redis-single\"}");
        assertEquals(3, Main.run("run", "--spec", spec.toString(), "--clients", "3"));
        assertTrue(console.err().contains("--clients: --spec " + spec + " describes the whole run"), console.err());
        console.reset();
        assertEquals(3, Main.run("run", "--spec", spec.toString()));
        assertTrue(console.err().contains(spec + ": key \"options\" is missing"), console.err());
    }

    @Test
    void unknownOptionsAndModelsExitThree() throws Exception {
        Path h = file("x.jsonl", "");
        assertEquals(3, Main.run("check", "--model", "semaphore", h.toString()));
        assertTrue(console.err().contains("unknown model 'semaphore'"), console.err());
        assertEquals(3, Main.run("check", "--frobnicate", h.toString()));
        assertEquals(3, Main.run("check", "--format", "xml", h.toString()));
        assertEquals(3, Main.run("check"));
    }

    @Test
    void functionOutsideTheModelIsBadInput() throws Exception {
        Path h = file("f.jsonl", "{\"type\":\"invoke\",\"process\":0,\"f\":\"renew\"}\n");
        assertEquals(3, Main.run("check", "--model", "mutex", h.toString()));
        assertTrue(console.err().contains("f.jsonl:1: f \"renew\" is not an operation of model mutex"), console.err());
    }

    @Test
    void corpusFormatsAreDetected() {
        assertEquals(1, Main.run("check", CORPUS.resolve("porcupine-etcd/etcd_000.log").toString()));
        assertTrue(console.out().contains("linearizability (register): invalid"), console.out());
        assertEquals(0, Main.run("check", CORPUS.resolve("porcupine-kv/c10-ok.txt").toString()));
        assertEquals(0, Main.run("check", CORPUS.resolve("knossos/multi-register/good/multi-register.edn").toString()));
    }

    private static final String VALID = """
            {"type":"invoke","process":0,"f":"acquire","value":null}
            {"type":"ok","process":0,"f":"acquire","value":1}
            """;
    private static final String DOUBLE = """
            {"type":"invoke","process":"c1","f":"acquire","value":null}
            {"type":"ok","process":"c1","f":"acquire","value":1}
            {"type":"invoke","process":"c2","f":"acquire","value":null}
            {"type":"ok","process":"c2","f":"acquire","value":2}
            """;

    @Test
    void everyFileIsCheckedAndTheWorstExitWins() throws Exception {
        Path ok = file("ok.jsonl", VALID);
        Path invalid = file("bad.jsonl", DOUBLE);
        Path broken = file("broken.jsonl", "{\"type\":\"ok\"\n");
        // a bad file does not stop the others; bad input wins over invalid, which wins over valid
        assertEquals(3, Main.run("check", broken.toString(), invalid.toString(), ok.toString()));
        assertTrue(console.out().contains("bad.jsonl: INVALID") && console.out().contains("ok.jsonl: VALID"), console.out());
        assertTrue(console.err().contains("broken.jsonl:1:"), console.err());
        assertEquals(1, Main.run("check", ok.toString(), invalid.toString()));
    }

    @Test
    void invalidWinsOverUnknown() throws Exception {
        Path invalid = file("bad.jsonl", DOUBLE);
        Path hard = CORPUS.resolve("porcupine-etcd/etcd_002.log"); // valid, ~70,000 states
        assertEquals(2, Main.run("check", "--time-limit", "0.001", hard.toString()));
        assertEquals(1, Main.run("check", "--time-limit", "0.001", hard.toString(), invalid.toString()));
    }

    @Test
    void resultsOfFilesWithOneNameDoNotOverwriteEachOther() throws Exception {
        Path a = Files.createDirectories(dir.resolve("runA")).resolve("history.jsonl");
        Path b = Files.createDirectories(dir.resolve("runB")).resolve("history.jsonl");
        Files.writeString(a, VALID);
        Files.writeString(b, DOUBLE);
        Path res = dir.resolve("res");
        assertEquals(1, Main.run("check", "--out", res.toString(), a.toString(), b.toString()));
        assertTrue(Files.readString(res.resolve("1-history.jsonl/results.json")).startsWith("{\"verdict\":\"valid\""));
        assertTrue(Files.readString(res.resolve("2-history.jsonl/results.json")).startsWith("{\"verdict\":\"invalid\""));
    }

    @Test
    void absurdTimeLimitsAreRefusedInWords() throws Exception {
        Path ok = file("ok.jsonl", VALID);
        for (String t : new String[]{"1e12", "Infinity", "NaN", "-1"}) {
            assertEquals(3, Main.run("check", "--time-limit", t, ok.toString()), t);
            assertTrue(console.err().contains("--time-limit must be a number of seconds above 0 and at most 604800"), console.err());
        }
        assertTrue(!console.err().contains("Exception"), console.err());
    }

    @Test
    void benchCheckerRefusesImpossibleShapes() {
        assertEquals(3, Main.run("bench", "checker", "--clients", "0"));
        assertTrue(console.err().contains("--clients must be at least 1, not 0"), console.err());
        assertEquals(3, Main.run("bench", "checker", "--crash-rate", "1.5"));
        assertTrue(console.err().contains("--crash-rate must be a fraction from 0 to below 1, not 1.5"), console.err());
        assertTrue(!console.err().contains("Exception"), console.err());
    }

    @Test
    void benchHerdRefusesWaitersThatAreNotPositiveNumbers() {
        // refused before any lab is needed
        assertEquals(3, Main.run("bench", "herd", "--waiters", "0"));
        assertTrue(console.err().contains("--waiters: 0 is out of range; expected 1 to 1000"), console.err());
        assertEquals(3, Main.run("bench", "herd", "--waiters", "10,ten"));
        assertTrue(console.err().contains("--waiters: 'ten' is not a whole number"), console.err());
        assertEquals(3, Main.run("bench", "herd", "--systems", "redis-single"));
        assertTrue(console.err().contains("--systems: 'redis-single' is not one of zk-unique, zk-children, zk-recipe, curator-mutex"), console.err());
        assertTrue(!console.err().contains("Exception"), console.err());
    }

    @Test
    void offlineDemoWritesARunLikeTheLiveOne() throws Exception {
        assertEquals(0, Main.run("demo", "--offline", "--store", dir.toString()));
        assertTrue(console.out().contains("found the double holder"), console.out());
        Path run = dir.resolve("demo/latest").toRealPath();
        assertTrue(console.out().contains("report: " + run.resolve("report.html")), console.out());
        for (String f : new String[]{"history.jsonl", "results.json", "summary.txt", "junit.xml", "report.html"}) {
            assertTrue(Files.exists(run.resolve(f)), f);
        }
        String json = Files.readString(run.resolve("results.json"));
        // the real demo run's findings: the holder frozen twice past its session, each freeze a lease limit that lost an update
        assertTrue(json.contains("\"incident_count\":2") && json.contains("\"lease_limits\":2") && json.contains("\"lock_defects\":0")
                && json.contains("\"lost_updates\":2"), json);
    }

    @Test
    void reportOfAMissingDirectorySaysSoInOneLine() {
        assertEquals(3, Main.run("report", dir.resolve("nope").toString()));
        assertEquals(1, console.err().strip().lines().count(), console.err());
        assertTrue(console.err().contains("does not exist"), console.err());
        assertEquals(3, Main.run("report", dir.toString()));
        assertTrue(console.err().contains("holds no history.jsonl"), console.err());
    }

    @Test
    void benchPrintsFigures() {
        assertEquals(0, Main.run("bench", "checker", "--events", "20000", "--corpus", CORPUS.toString()));
        assertTrue(console.out().contains("events/s") && console.out().contains("230 verdicts as expected"), console.out());
    }

    @Test
    void helpEverywhere() {
        assertEquals(0, Main.run(new String[0]));
        assertTrue(console.out().contains("Usage: lockstorm"), console.out());
        assertEquals(0, Main.run("--help"));
        assertEquals(0, Main.run("help", "check"));
        assertEquals(3, Main.run("frobnicate"));
        console.reset();
        assertEquals(0, Main.run("check", "--help"));
        // every model the checker has, from its one list
        for (String model : dev.lockstorm.checker.model.Models.NAMES) assertTrue(console.out().contains(model), model + ": " + console.out());
        assertEquals(0, Main.run("bench", "checker", "--help"));
        assertTrue(console.out().contains("--time-limit"));
    }

    @Test
    void doctorPrintsATableOfWhatARunNeeds() {
        int code = Main.run("doctor");
        for (String check : new String[]{"root", "unshare", "nft (nftables)", "redis-server", "etcd", "gcc (clock faults)", "ZooKeeper jars"}) {
            assertTrue(console.out().contains(check), check + " in " + console.out());
        }
        // bin/test installs everything a run needs, so on a machine it prepared the doctor is satisfied
        assertEquals(0, code, console.out());
        assertTrue(console.out().contains("doctor: ready for a run"));
    }

    @Test
    void huntRejectsBadInputBeforeRunningAnything() {
        assertEquals(3, Main.run("hunt", "--system", "no-such-lock"));
        assertTrue(console.err().contains("no-such-lock"), console.err());
        assertEquals(3, Main.run("hunt", "--system", "redis-single", "--each", "1s"));
        assertTrue(console.err().contains("--each must be at least 5s"), console.err());
        assertEquals(3, Main.run("hunt", "--system", "redis-single", "--lease", "0s"));
        assertTrue(console.err().contains("--lease must be positive"), console.err());
        assertEquals(3, Main.run("hunt", "--system", "redis-single", "--option", "colour=red"));
        assertTrue(console.err().contains("--option colour"), console.err());
    }

    @Test
    void aHuntSaysTheLeaseItsRunsAskForHalfARunsUnlessTold() {
        String store = dir.resolve("store").toString();
        // a budget no run fits in: the hunt says what it would run and starts nothing
        assertEquals(0, Main.run("hunt", "--system", "redis-single", "--budget", "1s", "--store", store));
        assertTrue(console.out().contains("each run's lease is 2 s, a hunt's default (--lease sets it)"), console.out());
        assertEquals(0, Main.run("hunt", "--system", "redis-single", "--budget", "1s", "--lease", "2500ms", "--store", store));
        assertTrue(console.out().contains("each run's lease is 2500 ms (--lease)"), console.out());
    }

    @Test
    void aHuntOfANamedResourceHoldsItsReadsAndWritesToFencingUnlessTold() {
        String store = dir.resolve("store").toString();
        // a budget no run fits in: what the hunt would hold the resource to is said before anything starts
        assertEquals(0, Main.run("hunt", "--system", "redis-single", "--resource", "counter", "--budget", "1s", "--store", store));
        assertTrue(console.out().contains("hunt: --fencing all, a hunt of a named resource's default"), console.out());
        assertTrue(console.out().contains("no lock or resource defect in redis-single"), console.out());
        console.reset();
        assertEquals(0, Main.run("hunt", "--system", "redis-single", "--resource", "counter", "--fencing", "none", "--budget", "1s", "--store", store));
        assertTrue(console.out().contains("no lock defect in redis-single") && !console.out().contains("--fencing all"), console.out());
        console.reset();
        assertEquals(0, Main.run("hunt", "--system", "redis-single", "--budget", "1s", "--store", store));
        assertTrue(console.out().contains("no lock defect in redis-single") && !console.out().contains("--fencing all"),
                "without a resource named, the lock alone: " + console.out());
    }

    @Test
    void aMistypedOptionCommandOrNemesisIsNamedWithWhatItWasProbablyMeantToBe() {
        assertEquals(3, Main.run("run", "--sytem", "redis-single"));
        assertTrue(console.err().contains("unknown option '--sytem'; did you mean --system?"), console.err());
        assertEquals(3, Main.run("runn", "--system", "redis-single"));
        assertTrue(console.err().contains("unknown command 'runn'; did you mean run?"), console.err());
        assertEquals(3, Main.run("run", "--system", "redis-single", "--nemesis", "pauze-client"));
        assertTrue(console.err().contains("unknown nemesis 'pauze-client'; did you mean pause-client?"), console.err());
    }

    @Test
    void userMistakesAreSaidInWordsWithoutAStackTrace() throws Exception {
        assertEquals(3, Main.run("serve", "--port", "99999"));
        assertTrue(console.err().contains("--port must be 0 to 65535 (0 picks a free one), not 99999"), console.err());
        try (java.net.ServerSocket taken = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            assertEquals(3, Main.run("serve", "--port", String.valueOf(taken.getLocalPort()), "--store", dir.resolve("store").toString()));
            assertTrue(console.err().contains("on 127.0.0.1 is in use; choose another with --port"), console.err());
        }
        assertEquals(3, Main.run("check", dir.toString()));
        assertTrue(console.err().contains("is a directory; expected a history file"), console.err());
        java.nio.file.Path file = java.nio.file.Files.writeString(dir.resolve("history.jsonl"), "");
        assertEquals(3, Main.run("report", file.toString()));
        assertTrue(console.err().contains("is a file; expected a run directory") && console.err().contains("lockstorm check " + file), console.err());
        assertTrue(!console.err().contains("\tat "), "no stack trace: " + console.err());
    }

    @Test
    void runRejectsAnExpectationThatIsNone() {
        assertEquals(3, Main.run("run", "--system", "redis-single", "--expect", "safe"));
        assertTrue(console.err().contains("--expect safe: expected one of valid, invalid"), console.err());
    }

    @Test
    void runEndsOnlyAtAFindingThatStaysShown() {
        assertEquals(3, Main.run("run", "--system", "redis-single", "--until", "no-defect"));
        assertTrue(console.err().contains("--until no-defect: a run ends only at what stays shown once shown; expected one of invalid,"), console.err());
        assertEquals(3, Main.run("run", "--system", "redis-single", "--until", "soon"));
        assertTrue(console.err().contains("--until soon: expected one of valid, invalid"), console.err());
    }

    @Test
    void matrixAndReproduceRejectBadOptionsBeforeRunningAnything() {
        assertEquals(3, Main.run("matrix", "--systems", "redis-single,etcd"));
        assertTrue(console.err().contains("unknown system 'etcd'"), console.err());
        assertEquals(3, Main.run("matrix", "--nemeses", "none,flood"));
        assertTrue(console.err().contains("unknown nemesis 'flood'"), console.err());
        assertEquals(3, Main.run("reproduce", "redis-restart", "--seeds", "0"));
        assertTrue(console.err().contains("--seeds must be at least 1"), console.err());
        assertEquals(3, Main.run("reproduce", "no-such-scenario"));
        assertEquals(3, Main.run("run", "--system", "redis-single", "--nemesis", "hold-waiter-renewals"));
        assertTrue(console.err().contains("--nemesis hold-waiter-renewals stalls etcd lease renewals; redis-single has none"), console.err());
        assertEquals(3, Main.run("run", "--system", "etcd-lock", "--nemesis", "hold-waiter-renewals", "--clients", "1"));
        assertTrue(console.err().contains("needs a holder and a waiter"), console.err());
    }

    @Test
    void listNamesEveryScenario() {
        assertEquals(0, Main.run("list"));
        for (String s : new String[]{"redis-restart", "redlock-clock-jump", "redlock-restart", "redlock-gc-pause", "redisson-watchdog",
                "fencing-token-reset", "etcd-lease-pause", "etcd-lease-partition", "etcd-queued-lease-expiry", "isolate-holder",
                "hold-waiter-renewals"}) {
            assertTrue(console.out().contains(s), s + " in " + console.out());
        }
    }

    @Test
    void cleanupFindsNothingLeftByEarlierRuns() {
        assertEquals(0, Main.run("cleanup", "--dry-run"));
        assertTrue(console.out().contains("cleanup: nothing left behind by earlier runs"), console.out());
    }

    @Test
    void doctorOnRemoteHostsNamesEachHostAndWhatFailed() throws Exception {
        assertEquals(3, Main.run("doctor", "--hosts", "n1,n2:ssh"));
        assertTrue(console.err().contains("--hosts: host 'n2:ssh': the port 'ssh' is not a number"), console.err());
        Path hosts = file("hosts", "# staging\n127.0.0.1:1   # nothing listens here\n\nroot@bad host\n");
        assertEquals(3, Main.run("doctor", "--hosts-file", hosts.toString()));
        assertTrue(console.err().contains(hosts + ":4: host 'root@bad host': expected host, user@host, host:port or user@host:port"), console.err());
        assertEquals(3, Main.run("doctor", "--hosts", "127.0.0.1:1", "--no-host-key-check"));
        assertTrue(console.out().contains("root@127.0.0.1:1: not reachable: cannot connect: Connection refused"), console.out());
        assertTrue(console.out().contains("doctor: not every host is ready"), console.out());
    }

    @Test
    void runOnRemoteHostsRefusesBadInputBeforeAnyServerStarts() {
        String store = dir.resolve("remote-store").toString();
        assertEquals(3, Main.run("run", "--system", "curator-mutex", "--client-hosts", "k1", "--store", store));
        assertTrue(console.err().contains("--client-hosts needs --hosts"), console.err());
        assertEquals(3, Main.run("run", "--system", "curator-mutex", "--hosts", "a,b", "--store", store));
        assertTrue(console.err().contains("--hosts: 3 hosts needed (ZooKeeper, 3 nodes: n1, n2, n3), 2 given"), console.err());
        assertEquals(3, Main.run("run", "--system", "redis-sentinel", "--hosts", "a,b,c", "--store", store));
        assertTrue(console.err().contains("--hosts: 6 hosts needed (Redis master + 2 replicas + 3 Sentinels: n1, n2, n3, s1, s2, s3), 3 given"),
                console.err());
        assertEquals(3, Main.run("run", "--system", "curator-mutex", "--hosts", "a,b,c", "--nemesis", "isolate-holder", "--store", store));
        assertTrue(console.err().contains("--nemesis isolate-holder cuts clients off servers"), console.err());
        assertTrue(console.err().contains("name client hosts with --client-hosts"), console.err());
        assertEquals(3, Main.run("run", "--system", "dynamodb-lock", "--hosts", "a", "--client-hosts", "k1,k2", "--nemesis", "waiter-clock-fast",
                "--store", store));
        assertTrue(console.err().contains("--nemesis waiter-clock-fast makes clients' monotonic clocks run fast"), console.err());
        // a host that cannot be reached: exit 3 naming it, and no server started anywhere
        assertEquals(3, Main.run("run", "--system", "redis-single", "--hosts", "127.0.0.1:1", "--no-host-key-check", "--time-limit", "5s",
                "--store", store));
        assertTrue(console.err().contains("root@127.0.0.1:1: cannot connect"), console.err());
        assertFalse(console.out().contains("lockstorm: starting"), console.out());
        assertEquals(3, Main.run("reproduce", "redis-gc-pause", "--hosts", "a,b", "--client-hosts", "x:port"));
        assertTrue(console.err().contains("--client-hosts: host 'x:port': the port 'port' is not a number"), console.err());
    }

    @Test
    void theContainersBackendRefusesBadInputBeforeAnyContainerStarts() {
        String store = dir.resolve("containers-store").toString();
        assertEquals(3, Main.run("run", "--system", "redis-single", "--backend", "vms", "--store", store));
        assertTrue(console.err().contains("--backend: expected lab or containers, got 'vms' (remote machines are --hosts)"), console.err());
        assertEquals(3, Main.run("run", "--system", "redis-single", "--backend", "containers", "--hosts", "a", "--store", store));
        assertTrue(console.err().contains("--backend containers makes its own hosts: leave out --hosts and --client-hosts"), console.err());
        // each client has a container of its own, so a nemesis that cuts one client's links fits; a fast monotonic clock does not
        assertEquals(3, Main.run("run", "--system", "dynamodb-lock", "--backend", "containers", "--nemesis", "waiter-clock-fast", "--store", store));
        assertTrue(console.err().contains("--nemesis waiter-clock-fast makes clients' monotonic clocks run fast") && console.err().contains(
                "run it in the lab (--backend lab)"), console.err());
        assertEquals(3, Main.run("cleanup", "--backend", "vms"));
        assertTrue(console.err().contains("--backend: expected lab or containers, got 'vms'"), console.err());
    }

    @Test
    void clusterBenchOutsideALabSaysHowToRunIt() {
        assertEquals(3, Main.run("bench", "cluster", "--rounds", "1"));
        assertTrue(console.err().contains("not inside a lab"), console.err());
    }

    @Test
    void reportRecheksARunKilledMidWrite() throws Exception {
        Path run = dir.resolve("zk-recipe").resolve("20260101T000000.000");
        Files.createDirectories(run);
        String history;
        try (var in = getClass().getResourceAsStream("/dev/lockstorm/suite/gc-pause-example.jsonl")) {
            history = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        }
        // the run was killed while writing its last line
        Files.writeString(run.resolve("history.jsonl"), history + "{\"index\":20,\"time\":130000000");
        assertEquals(1, Main.run("report", run.toString()));
        assertTrue(console.err().contains("the last line was cut off mid-write"), console.err());
        assertTrue(Files.readString(run.resolve("history.jsonl")).endsWith("130000000"), "the history is never rewritten");
        for (String f : new String[]{"results.json", "report.html", "junit.xml"}) assertTrue(Files.exists(run.resolve(f)), f);
        assertTrue(Files.readString(run.resolve("junit.xml")).contains("<failure"), "the double holder is a failing test case");
    }
    @Test
    void aPlainCheckSkipsPicocliAndSaysTheSameAsIt() throws Exception {
        Path bad = file("bad.jsonl", """
                {"type":"invoke","process":0,"f":"acquire","value":null}
                {"type":"ok","process":0,"f":"acquire","value":1}
                {"type":"invoke","process":1,"f":"acquire","value":null}
                {"type":"ok","process":1,"f":"acquire","value":2}
                """);
        String[][] plain = {
                {"check", bad.toString()},
                {"check", "--model", "mutex", bad.toString()},
                {"check", "--model=fenced-mutex", "--time-limit", "5", bad.toString(), bad.toString()},
                {"check", "--model", "semaphore", bad.toString()},
                {"check", "--time-limit", "0", bad.toString()},
        };
        for (String[] args : plain) {
            int viaPicocli = Main.run(args);
            String said = console.out().replaceAll("\\d+ ms", "T ms") + console.err();
            console.reset();
            java.util.OptionalInt quick = CheckCommand.quick(args);
            assertTrue(quick.isPresent(), String.join(" ", args));
            assertEquals(viaPicocli, quick.getAsInt(), String.join(" ", args));
            assertEquals(said, console.out().replaceAll("\\d+ ms", "T ms") + console.err(), String.join(" ", args));
            console.reset();
        }
        // what is not plain is left to picocli, which words the error or the help
        for (String[] args : new String[][] {{"check"}, {"check", "--help"}, {"check", "--model"}, {"check", "--frob", bad.toString()},
                {"check", "--model", "mutex", "--model", "kv", bad.toString()}, {"check", "--time-limit", "soon", bad.toString()}}) {
            assertTrue(CheckCommand.quick(args).isEmpty(), String.join(" ", args));
        }
    }
}
