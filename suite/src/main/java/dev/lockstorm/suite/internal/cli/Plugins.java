package dev.lockstorm.suite.internal.cli;

import dev.lockstorm.locks.internal.registry.PluginClasspath;
import dev.lockstorm.locks.internal.registry.Registry;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** {@code --classpath}: a user's jars with lock systems and resources, beside those of {@code LOCKSTORM_CLASSPATH}. */
final class Plugins {
    @Option(names = "--classpath", paramLabel = "JARS_OR_DIRS",
            description = "Adds jars and class directories (separated by ':'; dir/* for every jar in dir) with your own lock systems and"
                    + " protected resources, registered in META-INF/services; the client JVMs get them too. LOCKSTORM_CLASSPATH adds to it.")
    String classpath;

    /** The class path entries of the environment and the option, checked. */
    List<Path> entries() {
        List<Path> all = new ArrayList<>(PluginClasspath.fromEnvironment());
        for (Path p : PluginClasspath.parse(classpath, "--classpath")) if (!all.contains(p)) all.add(p);
        return all;
    }

    /** Every system and resource: lockstorm's and those on the class path; a library there in another version than lockstorm's is warned about. */
    Registry registry() {
        Registry r = Registry.load(entries());
        r.versionClashes().forEach(w -> System.err.println("lockstorm: warning: " + w));
        return r;
    }

    /**
     * The registry for help texts: lockstorm's and {@code LOCKSTORM_CLASSPATH}'s; lockstorm's alone when
     * that cannot be loaded (help must not fail).
     */
    static Registry forHelp() {
        try {
            return Registry.load(PluginClasspath.fromEnvironment());
        } catch (RuntimeException e) {
            return Registry.builtIn();
        }
    }

    /** The system names {@code --system} lists in its help. */
    static final class SystemNames implements Iterable<String> {
        @Override
        public java.util.Iterator<String> iterator() {
            return forHelp().systemNames().iterator();
        }
    }

    /** The resource names {@code --resource} lists in its help. */
    static final class ResourceNames implements Iterable<String> {
        @Override
        public java.util.Iterator<String> iterator() {
            return forHelp().resourceNames().iterator();
        }
    }
}
