package dev.lockstorm.suite.internal.cli;

import dev.lockstorm.api.LockSystem;
import dev.lockstorm.clusters.containers.Docker;
import dev.lockstorm.clusters.containers.Images;
import dev.lockstorm.clusters.lab.LabException;
import dev.lockstorm.locks.internal.registry.PluginException;
import dev.lockstorm.locks.internal.registry.Registry;
import dev.lockstorm.suite.internal.cluster.ServerKind;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code lockstorm images build|list}: the containers backend's images, built ahead of a run (a run builds what it misses). */
@Command(name = "images", mixinStandardHelpOptions = true,
        description = {"Builds (build) or lists (list) the images of the containers backend (--backend containers): one per server family"
                + " on a Debian bookworm base, each tagged with a digest of its inputs and reused while they stay the same.",
                "Where no image registry answers, the base is made once with debootstrap from Debian's mirror, which needs root"
                        + " (apt-get install debootstrap); every later build and run needs only a Docker engine this user may use.",
                "Exit code 0; 3 when there is no engine or an image cannot be built."})
public final class ImagesCommand implements Callable<Integer> {
    @Parameters(paramLabel = "build|list", description = "build: make every image that is missing; list: say which are there.")
    String action;

    @Option(names = "--system", split = ",", paramLabel = "SYSTEM",
            description = "Only the images these lock systems' runs need (their server family's, and the common one of the clients), not every"
                    + " family's. Repeat or separate with ','.")
    List<String> systems;

    @Mixin
    Plugins plugins = new Plugins();

    /** The package of every image: the common one's first, then each server family's. */
    static List<String> families() {
        return withCommon(ServerKind.packages());
    }

    /** The packages of the images {@code systems}' runs need: the common one's first, then each of their server families'. */
    static List<String> families(List<LockSystem> systems) {
        return withCommon(systems.stream().map(s -> ServerKind.of(s.topology()).programAndPackage().get(1)).distinct().toList());
    }

    private static List<String> withCommon(List<String> families) {
        List<String> packages = new ArrayList<>(List.of(Images.COMMON));
        packages.addAll(families.stream().filter(p -> !p.equals(Images.COMMON)).toList());
        return packages;
    }

    @Override
    public Integer call() {
        if (!action.equals("build") && !action.equals("list")) {
            System.err.println("lockstorm images: expected build or list, got '" + action + "'");
            return Main.BAD_INPUT;
        }
        List<String> packages;
        try {
            if (systems == null) {
                packages = families();
            } else {
                Registry registry = plugins.registry();
                List<LockSystem> chosen = new ArrayList<>();
                for (String s : systems) chosen.add(registry.system(s));
                packages = families(chosen);
            }
        } catch (PluginException | IllegalArgumentException e) {
            System.err.println("lockstorm images: " + e.getMessage());
            return Main.BAD_INPUT;
        }
        try {
            Docker docker = Docker.require();
            Images images = new Images(docker, System.err);
            if (action.equals("list")) {
                if (!images.hasBase()) {
                    System.out.println("images: no base image " + Images.BASE + " yet (lockstorm images build makes it)");
                    return 0;
                }
                for (String p : packages) {
                    String tag = images.tag(p);
                    System.out.println("images: " + tag + (docker.exists("image", tag) ? "" : " (not built)"));
                }
                return 0;
            }
            long t0 = System.nanoTime();
            for (String tag : images.all(packages)) System.out.println("images: " + tag);
            System.out.printf("images: " + (systems == null ? "every image" : "the images of " + String.join(", ", systems)) + " there (%.0f s)%n", (System.nanoTime() - t0) / 1e9);
            return 0;
        } catch (LabException e) {
            System.err.println("lockstorm images: " + e.getMessage());
            return Main.BAD_INPUT;
        }
    }
}
