package dev.lockstorm.suite.internal.plugins;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;

/** Builds a user's plug-in jar in a test: Java sources compiled against this class path, plus service registrations. */
public final class PluginJar {
    private PluginJar() {
    }

    /**
     * @param sources  class name → source
     * @param services service interface → the lines of its registration file
     */
    public static Path build(Path dir, String name, Map<String, String> sources, Map<String, String> services) throws IOException {
        Path src = Files.createDirectories(dir.resolve(name + "-src"));
        Path classes = Files.createDirectories(dir.resolve(name + "-classes"));
        List<String> args = new ArrayList<>(List.of("-d", classes.toString(), "-cp", System.getProperty("java.class.path")));
        for (Map.Entry<String, String> e : sources.entrySet()) {
            Path f = src.resolve(e.getKey().replace('.', '/') + ".java");
            Files.createDirectories(f.getParent());
            Files.writeString(f, e.getValue());
            args.add(f.toString());
        }
        if (!sources.isEmpty()) {
            JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            if (javac.run(null, null, err, args.toArray(String[]::new)) != 0) {
                throw new IllegalStateException("the test's plug-in does not compile:\n" + err.toString(StandardCharsets.UTF_8));
            }
        }
        for (Map.Entry<String, String> e : services.entrySet()) {
            Path f = classes.resolve("META-INF/services/" + e.getKey());
            Files.createDirectories(f.getParent());
            Files.writeString(f, e.getValue() + "\n");
        }
        Path jar = dir.resolve(name + ".jar");
        try (OutputStream out = Files.newOutputStream(jar); JarOutputStream j = new JarOutputStream(out); Stream<Path> files = Files.walk(classes)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                j.putNextEntry(new JarEntry(classes.relativize(f).toString().replace('\\', '/')));
                j.write(Files.readAllBytes(f));
                j.closeEntry();
            }
        }
        return jar;
    }

    /** A lock system {@code name} on one Redis server, delegating to lockstorm's own SET NX PX lock. */
    public static String redisSystem(String pkg, String cls, String name) {
        return """
                package %s;

                import dev.lockstorm.api.*;

                public final class %s implements LockSystem {
                    public String name() { return "%s"; }
                    public String description() { return "a plug-in of the test: SET NX PX on one Redis"; }
                    public Topology topology() { return Topology.REDIS_SINGLE; }
                    public boolean fencingToken() { return true; }
                    public LockClient newClient(ClientContext c) { return new dev.lockstorm.locks.redis.RedisSingleLock(c.connect(), c.lease()); }
                }
                """.formatted(pkg, cls, name);
    }
}
