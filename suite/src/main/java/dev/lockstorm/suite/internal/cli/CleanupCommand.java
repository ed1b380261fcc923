package dev.lockstorm.suite.internal.cli;

import dev.lockstorm.clusters.lab.Cleanup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.util.List;
import java.util.concurrent.Callable;

/** {@code lockstorm cleanup}: removes whatever an earlier run could have left outside its lab. */
@Command(name = "cleanup", mixinStandardHelpOptions = true,
        description = {"Finds and removes what an earlier run could have left outside its lab: nft rules, mounts,"
                + " stopped processes. There should be nothing; this checks.", "Exit code 0."})
public final class CleanupCommand implements Callable<Integer> {
    @Option(names = "--dry-run", description = "Reports what would be removed, and removes nothing.")
    boolean dryRun;

    @Override
    public Integer call() {
        List<String> found = Cleanup.run(!dryRun);
        if (found.isEmpty()) System.out.println("cleanup: nothing left behind by earlier runs");
        else found.forEach(f -> System.out.println("cleanup: " + f));
        return 0;
    }
}
