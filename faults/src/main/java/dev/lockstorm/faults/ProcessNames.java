package dev.lockstorm.faults;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The host a process runs on, read from its name as lockstorm writes it: a client's worker's
 * ({@link Worker}: {@code client-c3-p2} → c3), a server's after its family's word ({@code zk-n1},
 * {@code redis-n1}, {@code etcd-n1} → n1); a name that is a host already (Jepsen's {@code n1}) is
 * itself. lockstorm's events say their hosts; this reads a history whose events do not (an imported
 * or a hand-written one), and places a fault on the report's lanes.
 */
public final class ProcessNames {
    private static final Pattern HOST = Pattern.compile("(?:[a-z]+-)*([a-z]+\\d+)");

    private ProcessNames() {
    }

    /** The host of the process {@code name}; empty when the name reads as neither a process nor a host ("[reset] c1 refuses [n1]"). */
    public static Optional<String> host(String name) {
        Optional<Worker> worker = Worker.of(name);
        if (worker.isPresent()) return Optional.of(worker.get().host());
        Matcher m = HOST.matcher(name);
        return m.matches() ? Optional.of(m.group(1)) : Optional.empty();
    }
}
