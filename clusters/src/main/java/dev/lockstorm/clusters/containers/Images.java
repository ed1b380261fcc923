package dev.lockstorm.clusters.containers;

import dev.lockstorm.clusters.lab.Commands;
import dev.lockstorm.clusters.lab.LabException;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The images the containers backend runs: {@code lockstorm/host-common:DIGEST} for JVM servers and the
 * clients, on a Debian bookworm base with what every host needs, and one per server family
 * ({@code lockstorm/host-redis-server:DIGEST}, …) built on the common one with the Debian packages the
 * lab uses, all from {@code host.Dockerfile}. An image is tagged with a digest of its inputs (the
 * Dockerfile, the start script, the packages, and the image it is built on: the base image's id, or the
 * common image's tag), so a changed input makes a new image and an unchanged one is reused. Nothing is
 * pulled except {@code debian:bookworm-slim}, where a registry answers; where none does (this
 * project's machines), the base is made with debootstrap from Debian's mirror, which needs root.
 *
 * <pre>{@code
 * Images images = new Images(Docker.require(), System.err);
 * String redis = images.host("redis-server");   // built now if missing
 * }</pre>
 */
public final class Images {
    /** The base every host image is built on. */
    public static final String BASE = "lockstorm/base:bookworm";
    /** The registry's image that serves as the base where a registry answers. */
    static final String SLIM = "debian:bookworm-slim";
    static final String MIRROR = "http://deb.debian.org/debian";
    /** A package every host has already: a host for it is the common image. */
    public static final String COMMON = "openjdk-17-jre-headless";
    /** What every host has: sshd (the backend drives hosts over SSH), a JRE, nft for partitions, ip and ps. */
    static final String EVERY_HOST = "openssh-server " + COMMON + " nftables iproute2 procps";
    private static final Duration BUILD = Duration.ofMinutes(15);

    private final Docker docker;
    private final PrintStream progress;

    public Images(Docker docker, PrintStream progress) {
        this.docker = docker;
        this.progress = progress;
    }

    /** The image of a host that needs Debian package {@code pkg} (the server family's), built when missing. */
    public String host(String pkg) {
        String tag = tag(pkg);
        if (docker.exists("image", tag)) return tag;
        // a family's image is built on the common one, which is made first
        build(pkg, tag, pkg.equals(COMMON) ? BASE : host(COMMON));
        return tag;
    }

    /**
     * Every family's image, built when missing: what {@code images build} does. The common image comes first; the families'
     * are then built side by side, since each mostly waits on Debian's mirror and on unpacking (six families cold: 176 s one
     * after the other, see docs/containers.md).
     */
    public List<String> all(List<String> packages) {
        if (packages.stream().anyMatch(p -> !p.equals(COMMON))) host(COMMON);
        ExecutorService builders = Executors.newFixedThreadPool(Math.max(1, packages.size()), r -> {
            Thread t = new Thread(r, "images-build");
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<String>> built = new ArrayList<>();
            for (String p : packages) built.add(builders.submit(() -> host(p)));
            List<String> tags = new ArrayList<>();
            for (Future<String> f : built) {
                try {
                    tags.add(f.get());
                } catch (ExecutionException e) {
                    // a build's own failure (a LabException naming the image and the cause), as if built here
                    if (e.getCause() instanceof RuntimeException r) throw r;
                    throw new IllegalStateException(e.getCause());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new LabException("interrupted while building the images");
                }
            }
            return tags;
        } finally {
            builders.shutdownNow();
        }
    }

    /** The tag the image of {@code pkg}'s hosts has with today's inputs (the base must exist). */
    public String tag(String pkg) {
        if (pkg.equals(COMMON)) return "lockstorm/host-common:" + digest(packages(pkg), base());
        // the common image's tag digests its own inputs, so a family's tag is known before the common image is built
        return "lockstorm/host-" + pkg + ":" + digest(packages(pkg), tag(COMMON));
    }

    /** Whether the base is here. */
    public boolean hasBase() {
        return docker.exists("image", BASE);
    }

    /** The base image's id, made first when it is missing. */
    private String base() {
        if (!hasBase()) makeBase();
        return docker.check("image", "inspect", "--format", "{{.Id}}", BASE).strip();
    }

    /** The packages an image for {@code pkg}'s hosts adds to the image it is built on (Node's npm beside it, for dynalite). */
    static String packages(String pkg) {
        if (pkg.equals(COMMON)) return EVERY_HOST;
        return pkg.equals("nodejs") ? "nodejs npm" : pkg;
    }

    /** The base: Debian's slim image where a registry answers, else bookworm made with debootstrap and imported. */
    void makeBase() {
        if (docker.run(List.of("pull", "-q", SLIM), null, Duration.ofMinutes(5)).ok()) {
            docker.check("tag", SLIM, BASE);
            progress.println("containers: base image " + BASE + " from " + SLIM);
            return;
        }
        if (!"0".equals(Commands.run("id", "-u").output().strip())) {
            throw new LabException("no base image " + BASE + " and no registry to pull " + SLIM + " from: make it once as root with"
                    + " 'bin/lockstorm images build' (debootstrap bookworm from " + MIRROR + ", then docker import)");
        }
        if (!Commands.run("sh", "-c", "command -v debootstrap").ok()) {
            progress.println("containers: installing debootstrap (apt-get install -y debootstrap), to make the base image " + BASE);
            Commands.Result apt = Commands.run(List.of("apt-get", "install", "-y", "-q", "debootstrap"), null, Duration.ofMinutes(5));
            if (!apt.ok() || !Commands.run("sh", "-c", "command -v debootstrap").ok()) {
                throw new LabException("no base image " + BASE + ", no registry to pull " + SLIM + " from, and debootstrap, which makes it,"
                        + " is not installed and 'apt-get install -y debootstrap' failed (exit " + apt.exit() + "): " + tail(apt.output()));
            }
        }
        long t0 = System.nanoTime();
        Path root = null;
        try {
            root = Files.createTempDirectory("lockstorm-bookworm");
            progress.println("containers: making " + BASE + " with debootstrap from " + MIRROR + " (once; ~30 s here)");
            Path tree = root;
            Commands.Result r = whileSaying("making " + BASE, () -> Commands.run(List.of("debootstrap", "--variant=minbase", "bookworm", tree.toString(), MIRROR), null, BUILD));
            if (!r.ok()) throw new LabException("debootstrap bookworm failed (exit " + r.exit() + "): " + tail(r.output()));
            Commands.Result imp = Commands.run(List.of("sh", "-c", "tar -C \"$1\" -c . | docker import - \"$2\"", "sh", root.toString(), BASE), null, BUILD);
            if (!imp.ok()) throw new LabException("docker import of the bookworm tree failed: " + tail(imp.output()));
            progress.printf("containers: %s made in %.0f s%n", BASE, (System.nanoTime() - t0) / 1e9);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            if (root != null) Commands.run(List.of("rm", "-rf", root.toString()), null, Duration.ofMinutes(2));
        }
    }

    private void build(String pkg, String tag, String from) {
        long t0 = System.nanoTime();
        progress.println("containers: building " + tag + " (host.Dockerfile: " + (pkg.equals(COMMON) ? "what every host has" : packages(pkg))
                + ", on " + from + ")");
        Path dir = null;
        try {
            dir = Files.createTempDirectory("lockstorm-image");
            Files.writeString(dir.resolve("Dockerfile"), resource("host.Dockerfile"));
            Path start = dir.resolve("host-start");
            Files.writeString(start, resource("host-start"));
            Files.setPosixFilePermissions(start, PosixFilePermissions.fromString("rwxr-xr-x"));
            List<String> build = List.of("build", "-q", "-t", tag, "--label", "dev.lockstorm.image=" + (pkg.equals(COMMON) ? "common" : pkg),
                    "--build-arg", "FROM=" + from, "--build-arg", "PACKAGES=" + packages(pkg), dir.toString());
            whileSaying("building " + tag, () -> docker.check(build, BUILD));
            progress.printf("containers: %s built in %.0f s%n", tag, (System.nanoTime() - t0) / 1e9);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            if (dir != null) Commands.run(List.of("rm", "-rf", dir.toString()), null, Duration.ofSeconds(30));
        }
    }

    /** How often a long step says it is still at work. */
    private static final Duration PROGRESS = Duration.ofSeconds(15);

    /** Does {@code step}, saying every {@link #PROGRESS} how long it has been at {@code what}: a build of minutes is not silence. */
    private <T> T whileSaying(String what, java.util.function.Supplier<T> step) {
        long t0 = System.nanoTime();
        java.util.concurrent.ScheduledExecutorService ticker = java.util.concurrent.Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "images-progress");
            t.setDaemon(true);
            return t;
        });
        ticker.scheduleAtFixedRate(() -> progress.printf("containers: still %s (%.0f s)%n", what, (System.nanoTime() - t0) / 1e9),
                PROGRESS.toMillis(), PROGRESS.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS);
        try {
            return step.get();
        } finally {
            ticker.shutdownNow();
        }
    }

    /** The first 12 hex digits of the SHA-256 of everything an image is made of. */
    private static String digest(String packages, String from) {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            for (String part : List.of(resource("host.Dockerfile"), resource("host-start"), packages, from)) {
                md.update(part.getBytes(StandardCharsets.UTF_8));
                md.update((byte) 0);
            }
            return HexFormat.of().formatHex(md.digest()).substring(0, 12);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String resource(String name) {
        try (InputStream in = Images.class.getResourceAsStream(name)) {
            if (in == null) throw new IllegalStateException("missing resource " + name);
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String tail(String output) {
        List<String> lines = output.strip().lines().toList();
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 5), lines.size()));
    }
}
