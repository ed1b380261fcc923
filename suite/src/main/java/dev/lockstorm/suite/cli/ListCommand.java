package dev.lockstorm.suite.cli;

import dev.lockstorm.suite.scenario.Scenario;
import dev.lockstorm.suite.scenario.Scenarios;
import picocli.CommandLine.Command;

/** {@code lockstorm list}: the named scenarios. */
@Command(name = "list", mixinStandardHelpOptions = true, description = "Lists the named scenarios that 'lockstorm reproduce' runs.")
public final class ListCommand implements Runnable {
    @Override
    public void run() {
        for (Scenario s : Scenarios.all()) {
            System.out.printf("%-18s %s%n", s.name(), s.description());
            for (Scenario.Variant v : s.variants()) System.out.printf("%-18s   %s: expects %s%n", "", v.label(), v.expects());
        }
    }
}
