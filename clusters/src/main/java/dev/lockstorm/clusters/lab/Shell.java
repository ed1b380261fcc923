package dev.lockstorm.clusters.lab;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Turns arguments into POSIX shell words: an SSH exec request carries one shell line, and a few
 * commands run on a host are shell lines of their own ({@code sh -c}).
 */
public final class Shell {
    private Shell() {
    }

    public static String join(List<String> argv) {
        return argv.stream().map(Shell::quote).collect(Collectors.joining(" "));
    }

    /** {@code env K=V … argv}, or argv alone when there is no environment to set. */
    public static String withEnv(Map<String, String> env, List<String> argv) {
        if (env.isEmpty()) return join(argv);
        StringBuilder sb = new StringBuilder("env");
        env.forEach((k, v) -> sb.append(' ').append(quote(k + "=" + v)));
        return sb.append(' ').append(join(argv)).toString();
    }

    /** Words made only of safe characters stay as they are; anything else goes in single quotes. */
    public static String quote(String word) {
        if (!word.isEmpty() && word.chars().allMatch(c -> Character.isLetterOrDigit(c) || "-_./=:,@+%".indexOf(c) >= 0)) return word;
        return "'" + word.replace("'", "'\\''") + "'";
    }
}
