package dev.lockstorm.clusters.lab;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The archive cache with a real JVM: recorded once per kind, built after, mapped by the next JVM (-Xshare:on fails otherwise). */
class ClassArchiveTest {
    @TempDir
    Path tmp;
    private Path jar;
    private Path dir;

    /** A program of its own, in a jar, that touches enough JDK classes for an archive worth building. */
    public static final class Hello {
        public static void main(String[] args) throws Exception {
            java.util.concurrent.ConcurrentHashMap<String, Integer> m = new java.util.concurrent.ConcurrentHashMap<>();
            java.util.stream.IntStream.range(0, 100).forEach(i -> m.merge(Integer.toString(i % 7), i, Integer::sum));
            System.out.println("hello " + java.time.Instant.EPOCH + " " + new java.text.DecimalFormat("0.00").format(m.size()));
        }
    }

    @BeforeEach
    void cacheHere() throws IOException {
        System.setProperty("lockstorm.cds.dir", tmp.resolve("cache").toString());
        // on, whatever the environment says (bin/test turns archives off for the lab tiers)
        System.setProperty("lockstorm.cds", "on");
        jar = tmp.resolve("hello.jar");
        String name = Hello.class.getName().replace('.', '/') + ".class";
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar)); InputStream in = Hello.class.getClassLoader().getResourceAsStream(name)) {
            out.putNextEntry(new JarEntry(name));
            in.transferTo(out);
        }
        // a test's class directory, which the JVM cannot archive: it goes after the jars
        dir = Files.createDirectories(tmp.resolve("classes"));
        Files.writeString(dir.resolve("a-resource.txt"), "not empty");
    }

    @AfterEach
    void cacheBack() {
        System.clearProperty("lockstorm.cds.dir");
        System.clearProperty("lockstorm.cds");
    }

    @Test
    void theFirstJvmOfAKindRecordsAndTheNextMapsTheArchiveBuiltAfterIt() throws Exception {
        List<String> cp = List.of(dir.toString(), jar.toString());
        ClassArchive.Launch first = ClassArchive.launch(Jvm.java(), cp, Hello.class.getName(), List.of());
        assertTrue(first.flags().get(0).startsWith("-XX:DumpLoadedClassList="), first.toString());
        assertEquals(List.of(jar.toString(), dir.toString()), first.classpath(), "jars first");
        // another of the same kind starting meanwhile runs as it would have without the cache
        assertEquals(new ClassArchive.Launch(List.of(), cp), ClassArchive.launch(Jvm.java(), cp, Hello.class.getName(), List.of()));
        // another kind records for itself
        ClassArchive.Launch other = ClassArchive.launch(Jvm.java(), cp, Hello.class.getName(), List.of("-D" + ClassArchive.KIND + "=x"));
        assertTrue(other.flags().get(0).startsWith("-XX:DumpLoadedClassList="), other.toString());
        assertTrue(!other.flags().equals(first.flags()));

        assertEquals("hello", run(first, List.of()).split(" ")[0]);
        assertEquals(1, ClassArchive.buildPending(), "the kind that recorded, not the one whose JVM never ran");
        ClassArchive.Launch next = ClassArchive.launch(Jvm.java(), cp, Hello.class.getName(), List.of());
        assertTrue(next.flags().get(0).startsWith("-XX:SharedArchiveFile="), next.toString());
        // -Xshare:on: a JVM that cannot map the archive fails to start
        assertEquals("hello", run(next, List.of("-Xshare:on")).split(" ")[0]);
        assertEquals(0, ClassArchive.buildPending(), "nothing left to build");
    }

    @Test
    void offMeansEveryJvmRunsAsItWould() {
        System.setProperty("lockstorm.cds", "off");
        List<String> cp = List.of(dir.toString(), jar.toString());
        assertEquals(new ClassArchive.Launch(List.of(), cp), ClassArchive.launch(Jvm.java(), cp, Hello.class.getName(), List.of()));
        assertEquals(0, ClassArchive.buildPending());
    }

    @Test
    void aClassPathWithoutJarsRunsAsItWould() {
        List<String> cp = List.of(dir.toString(), tmp.resolve("missing.jar").toString());
        assertEquals(new ClassArchive.Launch(List.of(), cp), ClassArchive.launch(Jvm.java(), cp, Hello.class.getName(), List.of()));
    }

    @Test
    void aJarRebuiltIsAnotherClassPath() throws Exception {
        List<String> cp = List.of(jar.toString());
        ClassArchive.Launch first = ClassArchive.launch(Jvm.java(), cp, Hello.class.getName(), List.of());
        run(first, List.of());
        ClassArchive.buildPending();
        assertTrue(Files.setLastModifiedTime(jar, java.nio.file.attribute.FileTime.fromMillis(System.currentTimeMillis() + 5000)) != null);
        ClassArchive.Launch after = ClassArchive.launch(Jvm.java(), cp, Hello.class.getName(), List.of());
        assertTrue(after.flags().get(0).startsWith("-XX:DumpLoadedClassList="), "a new key records again: " + after);
    }

    private String run(ClassArchive.Launch launch, List<String> more) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Jvm.java()));
        cmd.addAll(launch.flags());
        cmd.addAll(more);
        cmd.addAll(List.of("-cp", String.join(java.io.File.pathSeparator, launch.classpath()), Hello.class.getName()));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), out);
        return out;
    }
}
