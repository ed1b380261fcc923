package dev.lockstorm.clusters.containers;

import org.apache.sshd.common.keyprovider.FileKeyPairProvider;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The containers' login key: made once, private to its user, loadable by the SSH client, and named when it is damaged. */
@Tag("unit")
class ContainerKeyTest {
    @TempDir
    Path dir;

    @Test
    void aKeyIsMadeOnceAndLoadsAsTheSshClientLoadsIt() throws Exception {
        Path file = dir.resolve("cache/lockstorm/containers/key");
        ContainerKey made = ContainerKey.load(file);
        assertTrue(made.publicLine().startsWith("ecdsa-sha2-nistp256 AAAA"), made.publicLine());
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
        assertTrue(new FileKeyPairProvider(file).loadKeys(null).iterator().hasNext());
        assertEquals(made, ContainerKey.load(file), "the same key the second time");
    }

    @Test
    void aDamagedKeyIsNamed() throws Exception {
        Path file = dir.resolve("key");
        ContainerKey.load(file);
        Files.writeString(file, "-----BEGIN OPENSSH PRIVATE KEY-----\nnot a key\n-----END OPENSSH PRIVATE KEY-----\n");
        RuntimeException e = assertThrows(RuntimeException.class, () -> ContainerKey.load(file));
        assertTrue(e.getMessage().contains(file.toString()) && e.getMessage().contains("remove it to make a new one"), e.getMessage());
    }
}
