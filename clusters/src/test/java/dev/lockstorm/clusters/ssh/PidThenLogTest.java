package dev.lockstorm.clusters.ssh;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** A started command's pid, found among what a login shell's start-up files print before it. */
@Tag("unit")
class PidThenLogTest {

    @Test
    void thePidLineIsFoundAmongOtherLinesInAnyChunksAndKeptOutOfTheLog() throws Exception {
        String stderr = "pyenv: cannot rehash: /root/.pyenv/shims isn't writable\nLOCKSTORM-PID 4242\nserver started\n";
        byte[] bytes = stderr.getBytes(StandardCharsets.UTF_8);
        for (int chunk : new int[]{1, 3, 7, bytes.length}) {
            ByteArrayOutputStream log = new ByteArrayOutputStream();
            SshHost.PidThenLog p = new SshHost.PidThenLog(log);
            for (int i = 0; i < bytes.length; i += chunk) p.write(bytes, i, Math.min(chunk, bytes.length - i));
            assertEquals(4242, p.pid(Duration.ofSeconds(1)), "chunks of " + chunk);
            assertEquals("pyenv: cannot rehash: /root/.pyenv/shims isn't writable\nserver started\n", log.toString(StandardCharsets.UTF_8));
        }
    }

    @Test
    void noPidLineBeforeTheStreamEndsIsNoPid() throws Exception {
        SshHost.PidThenLog p = new SshHost.PidThenLog(new ByteArrayOutputStream());
        p.write("bash: java: command not found\n".getBytes(StandardCharsets.UTF_8));
        p.close();
        assertEquals(-1, p.pid(Duration.ofSeconds(1)));
    }
}
