package dev.lockstorm.locks.internal.registry;

import dev.lockstorm.locks.internal.names.DidYouMean;

import dev.lockstorm.api.Checkpoints;
import dev.lockstorm.api.LockSystem;
import dev.lockstorm.api.ResourceType;

import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.function.Function;

/**
 * Every lock system and protected resource a run can use: lockstorm's own and a user's, all found
 * with {@link ServiceLoader} ({@code META-INF/services/dev.lockstorm.api.LockSystem} and
 * {@code …ResourceType}). Every list a user sees of them is made from here.
 *
 * <pre>{@code
 * Registry r = Registry.load(PluginClasspath.parse("acme-lock.jar", "--classpath"));
 * LockSystem s = r.system("acme-lock");     // or PluginException naming the known ones
 * r.source(s);                              // "built in", or the jar or directory it came from
 * }</pre>
 */
public final class Registry {
    /** Where built-in plug-ins come from, in listings. */
    public static final String BUILT_IN = "built in";

    /** A plug-in and where it came from. */
    public record Found<T>(T plugin, String name, String source) {
    }

    private final List<Path> classpath;
    private final Map<String, Found<LockSystem>> systems;
    private final Map<String, Found<ResourceType>> resources;

    private Registry(ClassLoader loader, List<Path> classpath) {
        this.classpath = List.copyOf(classpath);
        this.systems = find(LockSystem.class, LockSystem::name, loader);
        systems.values().forEach(Registry::checkPoints);
        this.resources = find(ResourceType.class, ResourceType::name, loader);
    }

    private static Registry own;

    /** What this JVM's own class path holds (lockstorm's, and in a test JVM or a worker the user's classes too). */
    public static synchronized Registry builtIn() {
        if (own == null) own = new Registry(Registry.class.getClassLoader(), List.of());
        return own;
    }

    /**
     * This JVM's plug-ins and those on {@code classpath}.
     *
     * @throws PluginException when two plug-ins share a name, a registration names a class that is not there, or
     *                         {@code classpath} is not empty and holds no plug-in
     */
    public static Registry load(List<Path> classpath) {
        if (classpath.isEmpty()) return builtIn();
        URL[] urls = new URL[classpath.size()];
        for (int i = 0; i < urls.length; i++) {
            try {
                urls[i] = classpath.get(i).toUri().toURL();
            } catch (MalformedURLException e) {
                throw new PluginException("class path entry " + classpath.get(i) + ": " + e.getMessage(), e);
            }
        }
        Registry r = new Registry(new URLClassLoader("lockstorm-plugins", urls, Registry.class.getClassLoader()), classpath);
        List<String> entries = classpath.stream().map(Path::toString).toList();
        boolean any = r.systems.values().stream().anyMatch(f -> entries.contains(f.source()))
                || r.resources.values().stream().anyMatch(f -> entries.contains(f.source()));
        if (!any) {
            throw new PluginException("no lock system or protected resource in " + PluginClasspath.join(classpath) + ": looked for"
                    + " META-INF/services/" + LockSystem.class.getName() + " (and " + ResourceType.class.getName()
                    + ") naming classes that implement them");
        }
        return r;
    }

    /**
     * Libraries the user's class path brings in another version than lockstorm runs (a plug-in built
     * against ZooKeeper 3.8 beside lockstorm's 3.9): one line each, naming the jar and both versions.
     * Worker JVMs put lockstorm's class path first, so lockstorm's version is the one loaded; a plug-in
     * built against the BOM (lockstorm-bom) gets lockstorm's versions and no warning.
     */
    public List<String> versionClashes() {
        List<String> out = new ArrayList<>();
        ClassLoader own = Registry.class.getClassLoader();
        for (Path entry : classpath) {
            PluginClasspath.artifacts(entry).forEach((artifact, version) -> {
                String[] ga = artifact.split(":");
                String ours = ownVersion(own, ga[0], ga[1]);
                if (ours != null && !ours.equals(version)) {
                    out.add(entry.getFileName() + " brings " + artifact + " " + version + ", but lockstorm runs " + ours
                            + " (its class path comes first in every worker): build against lockstorm-bom to test what runs");
                }
            });
        }
        return out;
    }

    private static String ownVersion(ClassLoader loader, String group, String artifact) {
        try (java.io.InputStream in = loader.getResourceAsStream("META-INF/maven/" + group + "/" + artifact + "/pom.properties")) {
            if (in == null) return null;
            java.util.Properties p = new java.util.Properties();
            p.load(in);
            return p.getProperty("version");
        } catch (java.io.IOException e) {
            return null;
        }
    }

    /** The user's class path entries beyond this JVM's own (what worker JVMs must add). */
    public List<Path> classpath() {
        return classpath;
    }

    public List<Found<LockSystem>> systems() {
        return List.copyOf(systems.values());
    }

    public List<String> systemNames() {
        return List.copyOf(systems.keySet());
    }

    /** The system called {@code name}; a {@link PluginException} naming the known ones if there is none. */
    public LockSystem system(String name) {
        return named(systems, "system", name);
    }

    /** Where {@code system} came from: {@link #BUILT_IN} or a jar or directory. */
    public String source(LockSystem system) {
        Found<LockSystem> f = systems.get(system.name());
        return f == null ? "?" : f.source();
    }

    public List<Found<ResourceType>> resources() {
        return List.copyOf(resources.values());
    }

    public List<String> resourceNames() {
        return List.copyOf(resources.keySet());
    }

    /** The resource type called {@code name}; a {@link PluginException} naming the known ones if there is none. */
    public ResourceType resource(String name) {
        return named(resources, "resource", name);
    }

    private <T> T named(Map<String, Found<T>> found, String kind, String name) {
        Found<T> f = found.get(name);
        if (f == null) {
            // a near miss is named; the whole list only when nothing is close
            String guess = DidYouMean.phrase(name, found.keySet());
            throw new PluginException("unknown " + kind + " '" + name + "'; " + (guess != null ? guess + " (one of " + found.size() + " known " + kind + "s)"
                    : "known: " + String.join(", ", found.keySet()))
                    + "; one of your own is found on --classpath or LOCKSTORM_CLASSPATH" + (classpath.isEmpty() ? " (none given)"
                    : " (looked in " + PluginClasspath.join(classpath) + ")"));
        }
        return f.plugin();
    }

    /** Built-ins first in registration order, then the user's by name. */
    private static <T> Map<String, Found<T>> find(Class<T> service, Function<T, String> nameOf, ClassLoader loader) {
        String file = "META-INF/services/" + service.getName();
        List<Found<T>> found = new ArrayList<>();
        try {
            for (T p : ServiceLoader.load(service, loader)) {
                String source = sourceOf(p.getClass());
                String name = nameOf.apply(p);
                if (name == null || !name.matches("[a-z][a-z0-9-]*")) {
                    throw new PluginException(p.getClass().getName() + " (" + source + ") is named '" + name
                            + "'; a name is lower-case words joined by dashes");
                }
                found.add(new Found<>(p, name, source));
            }
        } catch (ServiceConfigurationError e) {
            throw new PluginException(file + ": " + e.getMessage(), e);
        }
        // a stable sort: the built-ins keep their registration order
        found.sort(Comparator.comparing((Found<T> f) -> f.source().equals(BUILT_IN) ? "" : f.name()));
        Map<String, Found<T>> byName = new LinkedHashMap<>();
        for (Found<T> f : found) {
            Found<T> other = byName.putIfAbsent(f.name(), f);
            if (other != null) {
                throw new PluginException("two " + (service == LockSystem.class ? "lock systems" : "resources") + " are named '" + f.name()
                        + "': " + other.plugin().getClass().getName() + " from " + other.source() + ", and "
                        + f.plugin().getClass().getName() + " from " + f.source());
            }
        }
        return byName;
    }

    /** A system's checkpoints each name one point, none of lockstorm's own (whose places their names say): else the checker could not place a freeze there. */
    private static void checkPoints(Found<LockSystem> f) {
        Set<String> seen = new HashSet<>();
        for (Checkpoints.Point p : f.plugin().checkpoints()) {
            boolean own = Checkpoints.OWN.contains(p.name());
            if (own || !seen.add(p.name())) {
                throw new PluginException(f.plugin().getClass().getName() + " (" + f.source() + ") declares the checkpoint '" + p.name() + "' "
                        + (own ? "that is lockstorm's own (" + String.join(", ", Checkpoints.OWN) + ")" : "twice")
                        + "; each of a lock's checkpoints is declared once, under a name of its own");
            }
        }
    }

    private static String sourceOf(Class<?> c) {
        CodeSource own = Registry.class.getProtectionDomain().getCodeSource();
        CodeSource theirs = c.getProtectionDomain().getCodeSource();
        if (theirs == null || theirs.getLocation() == null) return "?";
        if (own != null && theirs.getLocation().equals(own.getLocation())) return BUILT_IN;
        try {
            return Path.of(theirs.getLocation().toURI()).toString();
        } catch (Exception e) {
            return theirs.getLocation().toString();
        }
    }
}
