package dev.lockstorm.faults;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A client's worker process as lockstorm names it, in its log's name and in the faults aimed at it:
 * {@code client-<host>-p<process>}, the process number the history gives the worker it started as.
 * The run writes the name and the checker and the report read it back, through this one record.
 */
public record Worker(String host, int process) {
    private static final Pattern NAME = Pattern.compile("client-(.+)-p(\\d+)");

    /** The worker {@code name} names, or empty when it names none (a server's process, a client host). */
    public static Optional<Worker> of(String name) {
        Matcher m = NAME.matcher(name);
        return m.matches() ? Optional.of(new Worker(m.group(1), Integer.parseInt(m.group(2)))) : Optional.empty();
    }

    /** {@code client-c3-p2}. */
    public String name() {
        return "client-" + host + "-p" + process;
    }
}
