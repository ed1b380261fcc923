package dev.lockstorm.locks.internal.registry;

import java.io.File;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.io.InputStream;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * The entries of a user's class path ({@code --classpath}, {@code LOCKSTORM_CLASSPATH}): jars and
 * class directories separated by {@code :}, and {@code dir/*} for every jar in a directory, as
 * {@code java -cp} takes them. Every entry must exist; a jar must be a readable jar.
 */
public final class PluginClasspath {
    /** The environment variable that adds entries to every command's class path. */
    public static final String ENV = "LOCKSTORM_CLASSPATH";

    private PluginClasspath() {
    }

    /**
     * The entries of {@code spec}, as absolute paths; {@code origin} names where it came from in errors.
     *
     * @throws PluginException naming an entry that does not exist or is not a jar or directory
     */
    public static List<Path> parse(String spec, String origin) {
        List<Path> out = new ArrayList<>();
        if (spec == null || spec.isBlank()) return out;
        for (String raw : spec.split(File.pathSeparator)) {
            if (raw.isBlank()) continue;
            if (raw.endsWith("/*") || raw.equals("*")) {
                out.addAll(jarsIn(Path.of(raw.equals("*") ? "." : raw.substring(0, raw.length() - 2)), origin, raw));
                continue;
            }
            Path p = Path.of(raw).toAbsolutePath().normalize();
            if (!Files.exists(p)) throw new PluginException(origin + ": class path entry " + p + " does not exist");
            if (Files.isRegularFile(p)) requireJar(p, origin);
            else if (!Files.isDirectory(p)) throw new PluginException(origin + ": class path entry " + p + " is neither a jar nor a directory");
            out.add(p);
        }
        return List.copyOf(out);
    }

    /** The entries {@link #ENV} names (none when it is unset). */
    public static List<Path> fromEnvironment() {
        return parse(System.getenv(ENV), ENV);
    }

    /** The entries as one {@code java -cp} string. */
    public static String join(List<Path> entries) {
        return String.join(File.pathSeparator, entries.stream().map(Path::toString).toList());
    }

    /**
     * The Maven artifacts a jar says it holds ({@code META-INF/maven/GROUP/ARTIFACT/pom.properties}):
     * "group:artifact" → version; empty for a directory or a jar built without them.
     */
    public static Map<String, String> artifacts(Path entry) {
        Map<String, String> out = new TreeMap<>();
        if (!Files.isRegularFile(entry)) return out;
        try (ZipFile z = new ZipFile(entry.toFile())) {
            var it = z.entries().asIterator();
            while (it.hasNext()) {
                ZipEntry e = it.next();
                if (!e.getName().startsWith("META-INF/maven/") || !e.getName().endsWith("/pom.properties")) continue;
                Properties p = new Properties();
                try (InputStream in = z.getInputStream(e)) {
                    p.load(in);
                }
                String g = p.getProperty("groupId");
                String a = p.getProperty("artifactId");
                String v = p.getProperty("version");
                if (g != null && a != null && v != null) out.put(g + ":" + a, v);
            }
        } catch (IOException e) {
            // a jar that cannot be read was refused by parse already; nothing to say here
        }
        return out;
    }

    private static List<Path> jarsIn(Path dir, String origin, String raw) {
        Path d = dir.toAbsolutePath().normalize();
        if (!Files.isDirectory(d)) throw new PluginException(origin + ": class path entry " + raw + ": " + d + " is not a directory");
        List<Path> jars = new ArrayList<>();
        try (DirectoryStream<Path> s = Files.newDirectoryStream(d, "*.{jar,JAR}")) {
            for (Path p : s) {
                requireJar(p, origin);
                jars.add(p);
            }
        } catch (IOException e) {
            throw new PluginException(origin + ": cannot list " + d + ": " + e.getMessage(), e);
        }
        if (jars.isEmpty()) throw new PluginException(origin + ": class path entry " + raw + ": no jar in " + d);
        jars.sort(null);
        return jars;
    }

    private static void requireJar(Path p, String origin) {
        try (ZipFile z = new ZipFile(p.toFile())) {
            z.size();
        } catch (IOException e) {
            throw new PluginException(origin + ": class path entry " + p + " is not a readable jar (" + e.getMessage() + ")", e);
        }
    }
}
