package dev.lockstorm.suite.internal.cli;

import dev.lockstorm.api.LockOption;
import dev.lockstorm.api.LockSystem;
import dev.lockstorm.api.ResourceType;
import dev.lockstorm.locks.internal.registry.PluginException;
import dev.lockstorm.locks.internal.registry.Registry;
import dev.lockstorm.suite.internal.nemesiskinds.NemesisKind;
import dev.lockstorm.suite.internal.nemesiskinds.NemesisKinds;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

import java.util.concurrent.Callable;

/** {@code lockstorm systems}: every lock system and protected resource, lockstorm's and the user's. */
@Command(name = "systems", mixinStandardHelpOptions = true,
        description = {"Lists every lock system a run can test, built in or from --classpath / LOCKSTORM_CLASSPATH: its servers, whether"
                + " it gives a fencing token, where it came from and its options; then the protected resources.",
                "Exit code 3 when the class path cannot be used (the message says why)."})
public final class SystemsCommand implements Callable<Integer> {
    @Mixin
    Plugins plugins;

    @Override
    public Integer call() {
        Registry r;
        try {
            r = plugins.registry();
        } catch (PluginException e) {
            System.err.println("lockstorm systems: " + e.getMessage());
            return Main.BAD_INPUT;
        }
        int width = Math.max(20, r.systemNames().stream().mapToInt(String::length).max().orElse(0) + 2);
        // where each came from only when some came from elsewhere than lockstorm itself (a column that never changes says nothing)
        boolean sources = r.systems().stream().map(Registry.Found::source).distinct().count() > 1
                || r.resources().stream().map(Registry.Found::source).distinct().count() > 1;
        String row = "%-" + width + "s %-40s " + (sources ? "%-6s %s" : "%s%.0s") + "%n";
        System.out.printf(row, "system", "servers", "token", "from");
        for (Registry.Found<LockSystem> f : r.systems()) {
            LockSystem s = f.plugin();
            System.out.printf(row, s.name(), s.topology().describe(), s.fencingToken() ? "yes" : "no", f.source());
            System.out.printf("%-" + width + "s   %s%n", "", s.description());
            for (LockOption o : s.options()) {
                String takes = o.choices().isEmpty() ? "" : " (" + String.join(" | ", o.choices()) + ")";
                System.out.printf("%-" + width + "s   --option %s=%s%s   %s%n", "", o.name(), o.defaultValue(), takes, o.description());
            }
            if (!s.checkpoints().isEmpty()) {
                System.out.printf("%-" + width + "s   checkpoints in its acquire (pause-at:, kill-at:): %s%n", "", String.join(", ",
                        s.checkpoints().stream().map(p -> p.name() + " (" + p.place().wire() + ")").toList()));
            }
        }
        System.out.println();
        String resourceRow = (sources ? "%-" + width + "s %s" : "%s%.0s") + "%n";
        System.out.printf(resourceRow, "resource", "from");
        for (Registry.Found<ResourceType> f : r.resources()) {
            System.out.printf(resourceRow, f.name(), f.source());
            System.out.printf("%-" + width + "s   %s%n", "", f.plugin().description());
            if (f.plugin().where() == ResourceType.Where.SERVICE) {
                System.out.printf("%-" + width + "s   runs as a service of its own on host r1 (--nemesis %s reach it)%n", "",
                        String.join(", ", NemesisKinds.USER.stream().filter(NemesisKind::needsResourceService).map(NemesisKind::name).toList()));
            }
            if (f.plugin().program().isPresent()) {
                var p = f.plugin().program().get();
                System.out.printf("%-" + width + "s   calls a program of its own on r1, port %d: %s%n", "", p.port(),
                        p.mainClass() != null ? p.mainClass() : String.join(" ", p.command()));
            }
            if (f.plugin().servers().isPresent()) {
                System.out.printf("%-" + width + "s   keeps its data in servers of its own on d1 …: %s%n", "", f.plugin().servers().get().describe());
            }
            if (!f.plugin().checkpoints().isEmpty()) {
                System.out.printf("%-" + width + "s   checkpoints (pause-at:, kill-at:): %s%n", "", String.join(", ", f.plugin().checkpoints()));
            }
        }
        return 0;
    }
}
