package dev.lockstorm.clusters.lab;

import java.util.ArrayList;
import java.util.List;

/** Command lines for node and client JVMs: this JVM's java and class path, small heaps. */
public final class Jvm {
    private Jvm() {
    }

    /** The java binary running this JVM. */
    public static String java() {
        return ProcessHandle.current().info().command().orElse("java");
    }

    /**
     * {@code java <small-heap flags> <props> -cp <this class path> mainClass args…}: node JVMs run
     * from the same jars as this one (the shaded jar, or the test class path).
     */
    public static List<String> command(String heap, List<String> props, String mainClass, List<String> args) {
        return command(heap, props, List.of(), mainClass, args);
    }

    /** The same with {@code extraClasspath} (a user's jars and class directories) after this JVM's class path. */
    public static List<String> command(String heap, List<String> props, List<java.nio.file.Path> extraClasspath, String mainClass,
                                       List<String> args) {
        List<String> cmd = new ArrayList<>(List.of(java(), "-Xms32m", "-Xmx" + heap, "-XX:+UseSerialGC",
                "-XX:TieredStopAtLevel=1", "-Xshare:auto",
                // a lab reuses PIDs of the machine's own JVMs: shared perf-data files would collide (warnings)
                "-XX:-UsePerfData"));
        cmd.addAll(props);
        cmd.add("-cp");
        StringBuilder cp = new StringBuilder(System.getProperty("java.class.path"));
        for (java.nio.file.Path p : extraClasspath) cp.append(java.io.File.pathSeparatorChar).append(p);
        cmd.add(cp.toString());
        cmd.add(mainClass);
        cmd.addAll(args);
        return cmd;
    }
}
