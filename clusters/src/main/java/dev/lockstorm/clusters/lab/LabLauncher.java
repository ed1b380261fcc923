package dev.lockstorm.clusters.lab;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Starts a command inside a fresh lab from Java, as {@code bin/lab} does from the shell: new
 * network, mount and PID namespaces whose PID 1 ({@code lab-init.sh}, shipped in this jar) runs
 * the command and reaps orphans. When the command exits or the lab's PID 1 is killed, the kernel
 * removes every process, host and rule made inside.
 *
 * <pre>{@code
 * Optional<String> why = LabLauncher.unavailable();        // not root, no unshare, …
 * Process p = new ProcessBuilder(LabLauncher.command(List.of("java", "-cp", cp, "my.Main"))).start();
 * }</pre>
 */
public final class LabLauncher {
    private static final String INIT = "lab-init.sh";

    private LabLauncher() {
    }

    /** The command line that runs {@code command} inside a new lab. */
    public static List<String> command(List<String> command) {
        List<String> cmd = new ArrayList<>(List.of("unshare", "--net", "--mount", "--propagation", "private", "--pid", "--fork",
                "--kill-child", "--mount-proc", "env", "LOCKSTORM_LAB=1", "bash", "-c", initScript(), "lab-init"));
        cmd.addAll(command);
        return cmd;
    }

    /** Why no lab can be made on this machine (not root, a tool missing), or empty when one can. */
    public static Optional<String> unavailable() {
        List<String> missing = new ArrayList<>();
        for (String[] tool : new String[][]{{"unshare", "util-linux"}, {"ip", "iproute2"}, {"nft", "nftables"}}) {
            if (!onPath(tool[0])) missing.add(tool[1]);
        }
        if (!missing.isEmpty()) {
            return Optional.of("a lab needs " + String.join(", ", missing) + ", not found on PATH; install "
                    + (missing.size() == 1 ? "it" : "them") + " (Debian: apt-get install -y " + String.join(" ", missing) + ")");
        }
        String uid = Commands.run("id", "-u").output().strip();
        if (!"0".equals(uid)) {
            return Optional.of("a lab needs root to create network, mount and PID namespaces; this process runs as uid " + uid);
        }
        return Optional.empty();
    }

    static boolean onPath(String tool) {
        String path = System.getenv("PATH");
        if (path == null) return false;
        for (String dir : path.split(java.io.File.pathSeparator)) {
            if (java.nio.file.Files.isExecutable(java.nio.file.Path.of(dir, tool))) return true;
        }
        return false;
    }

    /** The text of lab-init.sh (passed to {@code bash -c}, so that nothing is unpacked to disk). */
    static String initScript() {
        try (InputStream in = LabLauncher.class.getResourceAsStream(INIT)) {
            if (in == null) throw new IllegalStateException(INIT + " is missing from the lockstorm-clusters jar");
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
