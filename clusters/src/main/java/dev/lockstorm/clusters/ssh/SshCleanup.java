package dev.lockstorm.clusters.ssh;

import dev.lockstorm.clusters.lab.Cleanup;
import dev.lockstorm.clusters.lab.Shell;

import java.util.List;

/**
 * Finds, and removes, what a lockstorm run left on a remote host: its processes (found by the
 * {@code LOCKSTORM_RUN} mark in their environment; a stopped one is resumed, then killed), the
 * nemesis's nft tables, and the run's directory. {@code lockstorm cleanup --hosts} runs it after a
 * run that died; every remote run runs it on its hosts before it starts and when it ends. It
 * touches nothing that is not unmistakably lockstorm's; the jar cache under
 * {@code /var/lib/lockstorm/lib} stays.
 *
 * <pre>{@code
 * for (String left : SshCleanup.run(host, true)) System.out.println(host.name() + ": " + left);
 * }</pre>
 */
public final class SshCleanup {
    private SshCleanup() {
    }

    /** Everything of every run, under the default {@link SshLab#ROOT}. */
    public static List<String> run(SshHost host, boolean remove) {
        return run(host, remove, SshLab.ROOT, null);
    }

    /**
     * @param root where runs keep their directories on the host
     * @param run only this run's processes and directory, or null for every run's
     * @return a line for each thing found ("…: removed" when removed), empty when there was nothing
     */
    public static List<String> run(SshHost host, boolean remove, java.nio.file.Path root, String run) {
        String mark = SshLab.MARK + "=" + (run == null ? "" : run);
        String runs = root.resolve("runs").toString();
        String script = String.join("\n",
                "remove=" + (remove ? 1 : 0),
                "done=''; [ $remove = 1 ] && done=': removed'",
                // each table one quoted word, "family name"; $t unquoted gives nft the two
                "for t in " + String.join(" ", Cleanup.NFT_TABLES.stream().map(Shell::quote).toList()) + "; do",
                "  if command -v nft >/dev/null 2>&1 && nft list table $t >/dev/null 2>&1; then",
                "    echo \"nft table '$t'$done\"; [ $remove = 1 ] && nft delete table $t",
                "  fi",
                "done",
                // slow links: lockstorm's HTB root qdisc (handle 4c53:, "LS")
                "if command -v tc >/dev/null 2>&1; then",
                "  for d in $(tc qdisc show | awk '$2 == \"htb\" && $3 == \"" + Cleanup.SLOW_LINK_HANDLE + "\" && $4 == \"dev\" {print $5}' | sort -u); do",
                "    echo \"slow-link qdisc on $d$done\"; [ $remove = 1 ] && tc qdisc del dev $d root",
                "  done",
                "fi",
                "for p in /proc/[0-9]*; do",
                "  pid=${p#/proc/}",
                "  [ \"$pid\" = \"$$\" ] && continue",
                // an exact run's mark ends with a NUL; any run's is a prefix
                "  if tr '\\0' '\\n' < $p/environ 2>/dev/null | grep -q" + (run == null ? " " : "xF ") + Shell.quote(run == null ? "^" + mark : mark) + "; then",
                "    state=$(ps -o stat= -p $pid 2>/dev/null | cut -c1)",
                "    echo \"process $pid ($(cat $p/comm 2>/dev/null))$( [ \"$state\" = T ] && echo ', stopped')$done\"",
                "    [ $remove = 1 ] && { kill -CONT $pid 2>/dev/null; kill -KILL $pid 2>/dev/null; }",
                "  fi",
                "done",
                "for d in " + Shell.quote(runs) + "/" + (run == null ? "*" : Shell.quote(run)) + "; do",
                "  [ -d \"$d\" ] || continue",
                "  echo \"run directory $d$done\"; [ $remove = 1 ] && rm -rf \"$d\"",
                "done",
                "exit 0", "");
        String out = host.check(List.of("sh", "-s"), script);
        return out.lines().filter(l -> !l.isBlank()).toList();
    }
}
