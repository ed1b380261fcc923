package dev.lockstorm.clusters.lab;

import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Command lines for node and client JVMs: small heaps, the node and worker classes on the class path. */
public final class Jvm {
    private Jvm() {
    }

    /** The java binary running this JVM. */
    public static String java() {
        return ProcessHandle.current().info().command().orElse("java");
    }

    /** This JVM's class path, entry by entry: the shaded jar, or the test class path. */
    public static List<Path> classpath() {
        return Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(s -> !s.isEmpty()).map(Path::of).toList();
    }

    /**
     * {@code java <small-heap flags> <props> -cp <this class path> mainClass args…}: node JVMs run
     * from the same jars as this one.
     */
    public static List<String> command(String heap, List<String> props, String mainClass, List<String> args) {
        return command(heap, props, List.of(), mainClass, args);
    }

    /** The same with {@code extraClasspath} (a user's jars and class directories) after this JVM's class path. */
    public static List<String> command(String heap, List<String> props, List<Path> extraClasspath, String mainClass, List<String> args) {
        List<Path> cp = new ArrayList<>(classpath());
        cp.addAll(extraClasspath);
        // on this machine, its classes shared from an archive when its kind has one (ClassArchive)
        ClassArchive.Launch launch = ClassArchive.launch(java(), cp.stream().map(Path::toString).toList(), mainClass, props);
        List<String> flags = new ArrayList<>(launch.flags());
        flags.addAll(props);
        return command(java(), launch.classpath(), heap, flags, mainClass, args);
    }

    /** A JVM command line with {@code java} and a class path of {@code classpath} (paths where it runs). */
    public static List<String> command(String java, List<String> classpath, String heap, List<String> props, String mainClass, List<String> args) {
        List<String> cmd = new ArrayList<>(List.of(java, "-Xms32m", "-Xmx" + heap, "-XX:+UseSerialGC",
                "-XX:TieredStopAtLevel=1", "-Xshare:auto",
                // a lab reuses PIDs of the machine's own JVMs: shared perf-data files would collide (warnings)
                "-XX:-UsePerfData"));
        cmd.addAll(props);
        cmd.add("-cp");
        cmd.add(String.join(File.pathSeparator, classpath));
        cmd.add(mainClass);
        cmd.addAll(args);
        return cmd;
    }
}
