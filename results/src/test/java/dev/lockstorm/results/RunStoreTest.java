package dev.lockstorm.results;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Runs started in the same millisecond each get their own directory; latest follows the newest. */
@Tag("unit")
class RunStoreTest {
    @TempDir
    Path root;

    @Test
    void runsStartedTogetherNeverShareADirectory() throws Exception {
        RunStore store = new RunStore(root);
        Set<Path> dirs = new HashSet<>();
        Path last = null;
        for (int i = 0; i < 200; i++) {
            last = store.newRun("redis-single");
            assertTrue(dirs.add(last), "a fresh directory each time: " + last);
            Files.writeString(last.resolve("history.jsonl"), "");
        }
        assertEquals(last.getFileName(), Files.readSymbolicLink(root.resolve("redis-single/latest")));
        assertEquals(200, store.runs().size());
        try (var files = Files.list(root.resolve("redis-single"))) {
            assertEquals(201, files.count(), "200 runs and latest, no temporary link left");
        }
    }
}
