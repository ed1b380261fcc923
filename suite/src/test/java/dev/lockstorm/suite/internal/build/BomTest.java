package dev.lockstorm.suite.internal.build;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;

/**
 * The BOM a user's build imports pins the client libraries at the versions lockstorm's own build
 * uses (so a plug-in is tested with what the CLI runs): every library it names has the reactor's
 * version, and every lockstorm module is in it.
 */
@Tag("unit")
class BomTest {
    private static final Pattern DEPENDENCY = Pattern.compile(
            "<dependency>\\s*<groupId>([^<]+)</groupId>\\s*<artifactId>([^<]+)</artifactId>\\s*<version>([^<]+)</version>");
    private static final Pattern PROPERTY = Pattern.compile("<([a-z.]+\\.version)>([^<]+)</\\1>");

    private static String read(String path) throws IOException {
        // surefire runs in the module's directory
        return Files.readString(Path.of("..").resolve(path));
    }

    private static Map<String, String> managed(String pom) {
        Map<String, String> props = new LinkedHashMap<>();
        Matcher own = Pattern.compile("<artifactId>lockstorm(?:-bom)?</artifactId>\\s*<version>([^<]+)</version>").matcher(pom);
        if (own.find()) props.put("project.version", own.group(1));
        Matcher p = PROPERTY.matcher(pom);
        while (p.find()) props.put(p.group(1), p.group(2));
        String dm = pom.substring(pom.indexOf("<dependencyManagement>"), pom.indexOf("</dependencyManagement>"));
        Map<String, String> out = new LinkedHashMap<>();
        Matcher m = DEPENDENCY.matcher(dm);
        while (m.find()) {
            String v = m.group(3);
            if (v.startsWith("${") && props.containsKey(v.substring(2, v.length() - 1))) v = props.get(v.substring(2, v.length() - 1));
            out.put(m.group(1) + ":" + m.group(2), v);
        }
        return out;
    }

    @Test
    void theBomPinsTheClientLibrariesAtTheReactorsVersions() throws IOException {
        Map<String, String> reactor = managed(read("pom.xml"));
        Map<String, String> bom = managed(read("bom/pom.xml"));
        String version = reactor.get("dev.lockstorm:lockstorm-api");
        assertNotNull(version);
        int libraries = 0;
        for (Map.Entry<String, String> e : bom.entrySet()) {
            if (e.getKey().startsWith("dev.lockstorm:")) continue;
            libraries++;
            assertEquals(reactor.get(e.getKey()), e.getValue(), e.getKey() + ": the BOM's version differs from the reactor's");
        }
        assertFalse(libraries == 0, "the BOM names no client library");
        for (String module : new String[]{"api", "checker", "clusters", "nemesis", "locks", "results", "suite", "junit"}) {
            assertEquals(version, bom.get("dev.lockstorm:lockstorm-" + module), "lockstorm-" + module + " in the BOM");
        }
    }
}
