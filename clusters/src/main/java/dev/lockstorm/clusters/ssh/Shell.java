package dev.lockstorm.clusters.ssh;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** Turns an argument list into one POSIX shell line, which is what an SSH exec request carries. */
final class Shell {
    private Shell() {
    }

    static String join(List<String> argv) {
        return argv.stream().map(Shell::quote).collect(Collectors.joining(" "));
    }

    /** {@code env K=V … argv}, or argv alone when there is no environment to set. */
    static String withEnv(Map<String, String> env, List<String> argv) {
        if (env.isEmpty()) return join(argv);
        StringBuilder sb = new StringBuilder("env");
        env.forEach((k, v) -> sb.append(' ').append(quote(k + "=" + v)));
        return sb.append(' ').append(join(argv)).toString();
    }

    /** Words made only of safe characters stay as they are; anything else goes in single quotes. */
    static String quote(String word) {
        if (!word.isEmpty() && word.chars().allMatch(c -> Character.isLetterOrDigit(c) || "-_./=:,@+%".indexOf(c) >= 0)) return word;
        return "'" + word.replace("'", "'\\''") + "'";
    }
}
