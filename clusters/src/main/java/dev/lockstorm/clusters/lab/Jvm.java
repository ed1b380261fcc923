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
        List<String> cmd = new ArrayList<>(List.of(java(), "-Xms32m", "-Xmx" + heap, "-XX:+UseSerialGC",
                "-XX:TieredStopAtLevel=1", "-Xshare:auto"));
        cmd.addAll(props);
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(mainClass);
        cmd.addAll(args);
        return cmd;
    }
}
