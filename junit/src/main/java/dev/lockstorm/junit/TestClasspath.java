package dev.lockstorm.junit;

import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarFile;
import java.util.jar.Manifest;

/**
 * This JVM's class path, spelled out: the helper and the client JVMs run from it, so that the
 * user's lock systems are found there. A build tool may start tests with a single jar whose
 * manifest names the real class path (Surefire's "manifest-only jar", deleted when the tests end);
 * its entries are read out, so nothing depends on that jar.
 */
final class TestClasspath {
    private TestClasspath() {
    }

    static String current() {
        String cp = System.getProperty("java.class.path");
        String[] entries = cp.split(File.pathSeparator);
        if (entries.length != 1 || !entries[0].endsWith(".jar")) return cp;
        Path jar = Path.of(entries[0]).toAbsolutePath();
        try (JarFile j = new JarFile(jar.toFile())) {
            Manifest m = j.getManifest();
            String classPath = m == null ? null : m.getMainAttributes().getValue("Class-Path");
            if (classPath == null || classPath.isBlank()) return cp;
            List<String> out = new ArrayList<>();
            URI base = jar.getParent().toUri();
            for (String e : classPath.trim().split("\\s+")) {
                Path p = Path.of(base.resolve(e));
                if (Files.exists(p)) out.add(p.toString());
            }
            return String.join(File.pathSeparator, out);
        } catch (IOException | IllegalArgumentException e) {
            return cp;
        }
    }
}
