package dev.lockstorm.clusters.containers;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** What a container gets mounted so that a class path is where it is here. */
@Tag("unit")
class ContainerHostsTest {
    @TempDir
    Path dir;

    @Test
    void eachJarsDirectoryAndEachClassDirectoryOnceWithoutThoseInsideAnother() throws Exception {
        Path repo = Files.createDirectories(dir.resolve("m2/org/a/1.0"));
        Path a = Files.writeString(repo.resolve("a-1.0.jar"), "");
        Path b = Files.writeString(repo.resolve("b-1.0.jar"), "");
        Path classes = Files.createDirectories(dir.resolve("project/target/classes"));
        Path tests = Files.createDirectories(dir.resolve("project/target"));
        Path gone = dir.resolve("never/built.jar");
        assertEquals(List.of(repo, tests), ContainerHosts.mountsFor(List.of(a, b, classes, tests, gone)));
    }

    @Test
    void aJarInTheImagesOwnSystemDirectoriesIsNotMountedOverThem() throws Exception {
        // /usr/share/java (Debian's packaged jars) would hide the image's own: such an entry is copied instead
        List<Path> system = List.of(Path.of("/usr/lib/jvm"), Path.of("/etc"), Path.of("/"));
        for (Path p : system) {
            if (Files.isDirectory(p)) assertEquals(List.of(), ContainerHosts.mountsFor(List.of(p)), p.toString());
        }
    }
}
