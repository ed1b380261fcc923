package dev.lockstorm.clusters.containers;

import dev.lockstorm.clusters.ssh.Ssh;
import org.apache.sshd.common.config.keys.PublicKeyEntry;
import org.apache.sshd.common.config.keys.writer.openssh.OpenSSHKeyPairResourceWriter;
import org.apache.sshd.common.keyprovider.FileKeyPairProvider;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.spec.ECGenParameterSpec;

/**
 * The key lockstorm logs in to its containers with: an ECDSA P-256 pair made on first use and kept
 * (the private key in OpenSSH's format, readable by this user alone) in the user's cache, so that no
 * {@code ssh-keygen} is needed. The containers are throw-away hosts on a network of the run's own,
 * so their host keys are not checked.
 *
 * <pre>{@code
 * ContainerKey key = ContainerKey.load(ContainerKey.defaultFile());
 * ContainerHosts.start(docker, run, images, Map.of(), key.publicLine(), List.of());
 * }</pre>
 */
public record ContainerKey(Path file, String publicLine) {
    static {
        Ssh.quietLogs(); // the key is MINA's first use in a run
    }

    /** {@code $XDG_CACHE_HOME/lockstorm/containers/key}, or under {@code ~/.cache}. */
    public static Path defaultFile() {
        String xdg = System.getenv("XDG_CACHE_HOME");
        Path cache = xdg == null || xdg.isBlank() ? Path.of(System.getProperty("user.home"), ".cache") : Path.of(xdg);
        return cache.resolve("lockstorm/containers/key");
    }

    /** The key in {@code file}, made there first when it is missing. */
    public static ContainerKey load(Path file) {
        try {
            if (!Files.exists(file)) make(file);
            // the private key must load as the SSH client will load it (a damaged file is named now, not as a failed login later)
            if (!new FileKeyPairProvider(file).loadKeys(null).iterator().hasNext()) throw new GeneralSecurityException("no key in it");
            return new ContainerKey(file, Files.readString(publicFile(file), StandardCharsets.US_ASCII).strip());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the containers' key " + file + ": " + e.getMessage(), e);
        } catch (GeneralSecurityException | IllegalArgumentException e) {
            throw new IllegalStateException("the containers' key " + file + " cannot be loaded (remove it to make a new one): " + e.getMessage(), e);
        }
    }

    private static Path publicFile(Path file) {
        return file.resolveSibling(file.getFileName() + ".pub");
    }

    private static void make(Path file) throws IOException, GeneralSecurityException {
        KeyPairGenerator g = KeyPairGenerator.getInstance("EC");
        g.initialize(new ECGenParameterSpec("secp256r1"));
        KeyPair pair = g.generateKeyPair();
        Files.createDirectories(file.getParent());
        Path tmp = Files.createTempFile(file.getParent(), "key", ".tmp", PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        try (var out = Files.newOutputStream(tmp)) {
            OpenSSHKeyPairResourceWriter.INSTANCE.writePrivateKey(pair, "lockstorm-containers", null, out);
        }
        Files.writeString(publicFile(file), PublicKeyEntry.toString(pair.getPublic()) + " lockstorm-containers\n", StandardCharsets.US_ASCII);
        Files.move(tmp, file, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
    }
}
