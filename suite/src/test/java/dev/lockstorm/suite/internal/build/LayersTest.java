package dev.lockstorm.suite.internal.build;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The suite's packages are layers (docs/architecture.md, "Modules"): each names only packages below
 * it, so that a room can be read, tested and split off without the ones above it. A package that
 * names one above it (in an import, a qualified name or a Javadoc link) closes a cycle, which this
 * test prints.
 */
@Tag("unit")
class LayersTest {
    private static final Path SOURCES = Path.of("src/main/java/dev/lockstorm/suite/internal");
    private static final Pattern NAMED = Pattern.compile("dev\\.lockstorm\\.suite\\.internal\\.([a-z]+)");

    /** Package → the other suite packages its sources name. */
    private static Map<String, Set<String>> graph() throws IOException {
        Map<String, Set<String>> uses = new TreeMap<>();
        try (Stream<Path> files = Files.walk(SOURCES)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                String pkg = SOURCES.relativize(f).getName(0).toString();
                Set<String> out = uses.computeIfAbsent(pkg, k -> new TreeSet<>());
                Matcher m = NAMED.matcher(Files.readString(f));
                while (m.find()) if (!m.group(1).equals(pkg)) out.add(m.group(1));
            }
        }
        return uses;
    }

    /** A path from {@code from} back to itself, or an empty list. */
    private static List<String> cycleThrough(String from, Map<String, Set<String>> uses) {
        Deque<List<String>> paths = new ArrayDeque<>();
        paths.add(List.of(from));
        Set<String> seen = new TreeSet<>();
        while (!paths.isEmpty()) {
            List<String> path = paths.poll();
            for (String next : uses.getOrDefault(path.get(path.size() - 1), Set.of())) {
                List<String> longer = new ArrayList<>(path);
                longer.add(next);
                if (next.equals(from)) return longer;
                if (seen.add(next)) paths.add(longer);
            }
        }
        return List.of();
    }

    @Test
    void noPackageOfTheSuiteNamesOneThatNamesItBack() throws IOException {
        Map<String, Set<String>> uses = graph();
        assertTrue(uses.keySet().containsAll(List.of("cli", "run", "nemesiskinds", "replay", "workload")), "packages read: " + uses.keySet());
        for (String pkg : uses.keySet()) assertEquals(List.of(), cycleThrough(pkg, uses), "a cycle of packages, " + pkg + " first: " + uses);
    }

    @Test
    void theRunAndTheFaultsItPlaysKnowNothingOfTheToolsAboveThem() throws IOException {
        Map<String, Set<String>> uses = graph();
        Set<String> tools = Set.of("cli", "hunt", "matrix", "replay", "scenario", "bench");
        for (String lower : List.of("run", "nemesiskinds", "workload", "cluster")) {
            Set<String> named = new TreeSet<>(uses.getOrDefault(lower, Set.of()));
            named.retainAll(tools);
            assertEquals(Set.of(), named, lower + " names a tool above it");
        }
    }
}
