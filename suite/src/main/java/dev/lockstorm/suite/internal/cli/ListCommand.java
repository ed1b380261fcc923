package dev.lockstorm.suite.internal.cli;

import dev.lockstorm.suite.internal.nemesiskinds.NemesisKind;
import dev.lockstorm.suite.internal.nemesiskinds.NemesisKinds;
import dev.lockstorm.suite.internal.scenario.Scenario;
import dev.lockstorm.suite.internal.scenario.Scenarios;
import picocli.CommandLine.Command;

import java.util.List;

/** {@code lockstorm list}: the named scenarios, then the nemeses and systems a run takes. */
@Command(name = "list", mixinStandardHelpOptions = true,
        description = "Lists the named scenarios that 'lockstorm reproduce' runs, then the nemeses and lock systems 'lockstorm run' takes.")
public final class ListCommand implements Runnable {
    @Override
    public void run() {
        List<Scenario> scenarios = Scenarios.all();
        int width = scenarios.stream().mapToInt(s -> s.name().length()).max().orElse(10) + 2;
        System.out.println("scenarios (lockstorm reproduce NAME):");
        for (Scenario s : scenarios) {
            System.out.printf("  %-" + width + "s %s%n", s.name(), s.description());
            for (Scenario.Variant v : s.variants()) System.out.printf("  %-" + width + "s   %s: expects %s%n", "", v.label(), v.expects());
        }
        System.out.println();
        System.out.println("nemeses (lockstorm run --nemesis NAME):");
        for (NemesisKind k : NemesisKinds.all()) {
            System.out.printf("  %-" + width + "s %s%s%n", k.name(), k.description(), k.choreography() ? " (a scenario's)" : "");
        }
        System.out.println();
        System.out.println("systems (lockstorm run --system NAME; 'lockstorm systems' describes them):");
        System.out.println("  " + String.join(", ", Plugins.forHelp().systemNames()));
    }
}
