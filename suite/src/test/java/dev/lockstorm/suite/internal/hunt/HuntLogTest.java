package dev.lockstorm.suite.internal.hunt;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A hunt's record read back as written, refused when not understood, and the records of its shards merged. */
@Tag("unit")
class HuntLogTest {
    private static HuntLog.Run run(String at, long position, String nemesis, String defect, Map<String, Integer> exercised) {
        return new HuntLog.Run("/store/redis-single/" + at, position, position / 3 + 1, nemesis, position % 2 == 1, at, defect == null ? "valid" : "invalid",
                defect, exercised);
    }

    @Test
    void aRecordIsReadBackAsWritten(@TempDir Path dir) throws Exception {
        HuntLog log = new HuntLog("redis-single", List.of("1/2"), List.of())
                .with(run("2026-11-29T04:00:00.000Z", 0, "pause-client", null, Map.of("holder-paused", 3)))
                .with(run("2026-11-29T04:01:00.000Z", 2, "kill-at:before-release", "a grant nothing explains", Map.of()));
        log.write(dir);
        assertEquals(log, HuntLog.read(dir.resolve(HuntLog.FILE)));
        // written again after a run, in one move: never half a file
        log.with(run("2026-11-29T04:02:00.000Z", 4, "clock", null, Map.of())).write(dir);
        assertEquals(3, HuntLog.read(dir.resolve(HuntLog.FILE)).runs().size());
    }

    @Test
    void aRunsDirectoryIsKeptRelativeToItsStoreSoThatAStoreCopiedElsewhereStillLeadsToItsRuns(@TempDir Path copied) throws Exception {
        Path dir = Files.createDirectories(copied.resolve("hunts/20261129T040000.000"));
        HuntLog.Run relative = new HuntLog.Run("redis-single/20261129T040001.000", 0, 1, "pause-client", false, "2026-11-29T04:00:01.000Z", "valid",
                null, Map.of());
        new HuntLog("redis-single", List.of("1/2"), List.of(relative)).write(dir);
        assertTrue(Files.readString(dir.resolve(HuntLog.FILE)).contains("\"dir\" : \"redis-single/20261129T040001.000\""));
        assertEquals(copied.resolve("redis-single/20261129T040001.000").toString(), HuntLog.read(dir.resolve(HuntLog.FILE)).runs().get(0).dir());
    }

    @Test
    void aRecordThatIsNotUnderstoodIsRefusedNamingTheFileAndTheKey(@TempDir Path dir) throws Exception {
        new HuntLog("redis-single", List.of("1/1"), List.of(run("2026-11-29T04:00:00.000Z", 0, "pause-client", null, Map.of()))).write(dir);
        Path f = dir.resolve(HuntLog.FILE);
        Files.writeString(f, Files.readString(f).replace("\"verdict\"", "\"outcome\""));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> HuntLog.read(f));
        assertTrue(e.getMessage().contains(f.toString()) && e.getMessage().contains("verdict"), e.getMessage());
        Files.writeString(f, Files.readString(f).replace("\"lockstorm_hunt\" : 1", "\"lockstorm_hunt\" : 7"));
        e = assertThrows(IllegalArgumentException.class, () -> HuntLog.read(f));
        assertTrue(e.getMessage().contains("version 7"), e.getMessage());
    }

    @Test
    void theShardsRecordsMergeIntoOneWithTheFirstDefectByTimeAndTheMomentsSummed() {
        HuntLog one = new HuntLog("redis-single", List.of("1/2"), List.of(
                run("2026-11-29T04:00:00.000Z", 0, "pause-client", null, Map.of("holder-paused", 2)),
                run("2026-11-29T04:03:00.000Z", 2, "clock", "later defect", Map.of())));
        HuntLog two = new HuntLog("redis-single", List.of("2/2"), List.of(
                run("2026-11-29T04:00:30.000Z", 1, "kill-client", null, Map.of("holder-paused", 1, "holder-killed", 1)),
                run("2026-11-29T04:02:00.000Z", 3, "partition", "first defect", Map.of())));
        HuntLog merged = HuntLog.merge(List.of(two, one));
        assertEquals(List.of("1/2", "2/2"), merged.shards());
        assertEquals(List.of(0L, 1L, 3L, 2L), merged.runs().stream().map(HuntLog.Run::position).toList(), "in the order they started");
        assertEquals("first defect", merged.firstDefect().orElseThrow().defect());
        assertEquals(Map.of("holder-paused", 3, "holder-killed", 1), merged.exercised());
        assertEquals("all 2 shards", merged.coverage());
        assertEquals("shards 1/3, 3/3; missing 2/3", HuntLog.merge(List.of(
                new HuntLog("redis-single", List.of("1/3"), List.of()), new HuntLog("redis-single", List.of("3/3"), List.of()))).coverage());
    }

    @Test
    void recordsOfDifferentLocksOrOfOneShardTwiceAreNotMerged() {
        HuntLog a = new HuntLog("redis-single", List.of("1/2"), List.of());
        assertThrows(IllegalArgumentException.class, () -> HuntLog.merge(List.of(a, new HuntLog("redlock", List.of("2/2"), List.of()))));
        assertThrows(IllegalArgumentException.class, () -> HuntLog.merge(List.of(a, a)));
        assertThrows(IllegalArgumentException.class, () -> HuntLog.merge(List.of()));
    }
}
