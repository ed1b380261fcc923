package dev.lockstorm.clusters.lab;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;

/**
 * Application class-data sharing for the JVMs a lab starts on this machine (clients' workers,
 * ZooKeeper and Hazelcast nodes): the classes they load, parsed and verified once into an archive
 * that every later JVM of the same class path maps. A run starts five to eight such JVMs on two
 * cores, and their class loading was most of its set-up (a Redis worker opens in 0.6 s with the
 * archive, 0.9 s without; docs/running.md, "A run's fixed cost").
 *
 * <p>A JVM maps one archive, so each kind of JVM has its own: the key is the java binary, every
 * class path entry's path, size and time (a rebuilt jar is another class path), the main class and
 * {@value #KIND} when the command sets it (a worker's lock system: a Hazelcast client loads other
 * classes than a Redis one). The first JVM of a kind records the classes it loads
 * ({@code -XX:DumpLoadedClassList}); once a lab has closed (that JVM has exited) {@link #buildPending}
 * dumps the archive from the list, into a file of its own renamed into place, so a JVM never maps
 * half an archive. Only classes from jars are archived (the JVM refuses a non-empty directory), so
 * a class path's jars come first and its directories after them (a test's classes: no class is in
 * both); every JVM runs as before when the cache cannot be written, and with {@code
 * LOCKSTORM_CDS=off} ({@link #off}). The cache is {@code /var/tmp/lockstorm-cds} ({@code
 * LOCKSTORM_CDS_DIR} moves it); archives unused for a week are removed, and the least recently
 * used beyond {@value #MAX_MIB} MiB in all.
 */
public final class ClassArchive {
    private static final String ARCHIVE = "archive.jsa";
    private static final String CLASSPATH = "classpath.txt";
    private static final String FAILED = "failed.txt";
    private static final String LIST_SUFFIX = ".classlist";
    private static final long MAX_MIB = 2048;
    /** The system property that names a JVM's kind beyond its main class (its value is part of the key). */
    public static final String KIND = "lockstorm.classes";
    private static final Duration UNUSED = Duration.ofDays(7);
    /** The time this JVM has spent building archives ({@link #buildingNanos}). */
    private static final AtomicLong BUILDING = new AtomicLong();

    private ClassArchive() {
    }

    /**
     * Whether archives are off ({@code LOCKSTORM_CDS=off}, or the system property {@code lockstorm.cds}):
     * the test tiers turn them off, since a build's jars are new each time and most kinds of JVM start
     * only a few times in them, so the archives would cost more to build than they give back.
     */
    static boolean off() {
        return "off".equals(System.getProperty("lockstorm.cds", System.getenv("LOCKSTORM_CDS")));
    }

    /** The cache: the system property {@code lockstorm.cds.dir}, else {@code LOCKSTORM_CDS_DIR}, else /var/tmp/lockstorm-cds. */
    static Path cache() {
        String dir = System.getProperty("lockstorm.cds.dir", System.getenv("LOCKSTORM_CDS_DIR"));
        return Path.of(dir != null && !dir.isBlank() ? dir : "/var/tmp/lockstorm-cds");
    }

    /**
     * How a JVM starts: its flags and its class path, in the order it is given.
     *
     * @param flags     the archive's flags, or those that record the JVM's classes, or none
     * @param classpath the jars first and then the other entries (a test's class directories): the JVM
     *                  archives classes from jars only, and maps an archive whose class path begins its own
     */
    record Launch(List<String> flags, List<String> classpath) {
    }

    /**
     * How a JVM of {@code java}, {@code classpath}, {@code mainClass} and {@code props} starts:
     * with its kind's archive when it is built, else recording its classes when it is the first JVM
     * of its kind, else as it would without the cache.
     */
    static Launch launch(String java, List<String> classpath, String mainClass, List<String> props) {
        if (off()) return new Launch(List.of(), classpath);
        // each entry looked at once: a JVM's start is no place for a second stat of every jar
        Map<Boolean, List<String>> byJar = classpath.stream().collect(Collectors.partitioningBy(ClassArchive::isJar));
        List<String> jars = byJar.get(true);
        if (jars.isEmpty()) return new Launch(List.of(), classpath);
        List<String> ordered = new ArrayList<>(jars);
        ordered.addAll(byJar.get(false));
        try {
            String kind = mainClass + props.stream().filter(p -> p.startsWith("-D" + KIND + "=")).map(p -> " " + p).findFirst().orElse("");
            Path dir = keyDir(java, jars, kind);
            Path archive = dir.resolve(ARCHIVE);
            if (Files.isRegularFile(archive)) {
                // its time says it is in use: the pruning keeps what runs map
                touch(archive);
                return new Launch(List.of("-XX:SharedArchiveFile=" + archive), ordered);
            }
            if (Files.exists(dir.resolve(FAILED))) return new Launch(List.of(), classpath);
            Files.createDirectories(dir);
            Path listed = dir.resolve(CLASSPATH);
            if (!Files.exists(listed)) Files.write(listed, jars, StandardCharsets.UTF_8);
            Path list = dir.resolve("loaded" + LIST_SUFFIX);
            try {
                // one JVM of the kind records: the others start while it loads the same classes
                Files.createFile(list);
            } catch (FileAlreadyExistsException e) {
                return new Launch(List.of(), classpath);
            }
            return new Launch(List.of("-XX:DumpLoadedClassList=" + list), ordered);
        } catch (IOException | RuntimeException e) {
            return new Launch(List.of(), classpath);
        }
    }

    private static boolean isJar(String entry) {
        return entry.endsWith(".jar") && Files.isRegularFile(Path.of(entry));
    }

    /**
     * Builds the archive of every class path whose JVMs recorded their classes and that has none
     * yet; call it when the JVMs that recorded have exited (after a lab closed). Never fails: an
     * archive that cannot be built is left alone ({@code failed.txt} says why) and its JVMs run
     * without one.
     *
     * @return the archives built
     */
    public static int buildPending() {
        if (off()) return 0;
        Path cache = cache();
        if (!Files.isDirectory(cache)) return 0;
        int built = 0;
        // the files live processes hold open, looked at once and only when some archive is pending
        Set<Path> open = null;
        try (DirectoryStream<Path> keys = Files.newDirectoryStream(cache, Files::isDirectory)) {
            for (Path dir : keys) {
                if (Files.exists(dir.resolve(ARCHIVE)) || Files.exists(dir.resolve(FAILED)) || !Files.exists(dir.resolve(CLASSPATH))) continue;
                List<Path> lists = lists(dir);
                if (open == null && !lists.isEmpty()) open = openFiles();
                // a JVM still running holds its list open: a lab kept for the next run still runs the servers that recorded
                Set<Path> held = open;
                if (held != null && lists.stream().anyMatch(held::contains)) continue;
                long started = System.nanoTime();
                try {
                    if (build(dir, lists)) built++;
                } finally {
                    BUILDING.addAndGet(System.nanoTime() - started);
                }
            }
            prune(cache);
        } catch (IOException | RuntimeException e) {
            // a cache that cannot be read only means JVMs start as they did without it
        }
        return built;
    }

    /**
     * The time this JVM has spent building archives, in nanoseconds: a run subtracts what its lab's
     * close spent, which comes once per kind of JVM and is no part of what a run costs.
     */
    public static long buildingNanos() {
        return BUILDING.get();
    }

    /** {@code dir}'s class lists, each a JVM's record of the classes it loaded. */
    private static List<Path> lists(Path dir) throws IOException {
        List<Path> lists = new ArrayList<>();
        try (DirectoryStream<Path> in = Files.newDirectoryStream(dir, "*" + LIST_SUFFIX)) {
            in.forEach(l -> lists.add(l.toAbsolutePath().normalize()));
        }
        return lists;
    }

    /** Every file a live process of this machine holds open (what /proc shows of the processes this JVM may read). */
    private static Set<Path> openFiles() throws IOException {
        Set<Path> open = new java.util.HashSet<>();
        try (DirectoryStream<Path> procs = Files.newDirectoryStream(Path.of("/proc"), p -> p.getFileName().toString().matches("\\d+"))) {
            for (Path proc : procs) {
                try (DirectoryStream<Path> fds = Files.newDirectoryStream(proc.resolve("fd"))) {
                    for (Path fd : fds) {
                        try {
                            open.add(Files.readSymbolicLink(fd));
                        } catch (IOException gone) {
                            // closed meanwhile
                        }
                    }
                } catch (IOException | SecurityException notOurs) {
                    // exited, or not ours to read
                }
            }
        }
        return open;
    }

    private static boolean build(Path dir, List<Path> lists) throws IOException {
        Set<String> classes = new LinkedHashSet<>();
        for (Path l : lists) {
            String text = Files.readString(l, StandardCharsets.ISO_8859_1);
            // a JVM still writing, or killed while it wrote, leaves a last line without its end
            int end = text.lastIndexOf('\n');
            if (end < 0) continue;
            classes.addAll(List.of(text.substring(0, end).split("\n")));
        }
        if (classes.size() < 100) {
            // a JVM killed as it started: its list goes, so that the next one of its main class records again
            for (Path l : lists) Files.deleteIfExists(l);
            return false;
        }
        List<String> classpath = Files.readAllLines(dir.resolve(CLASSPATH), StandardCharsets.UTF_8);
        String nonce = UUID.randomUUID().toString();
        Path merged = dir.resolve("merged-" + nonce + ".txt");
        Path part = dir.resolve(ARCHIVE + "." + nonce);
        Path out = dir.resolve("dump-" + nonce + ".log");
        Files.write(merged, classes, StandardCharsets.ISO_8859_1);
        try {
            Process p = new ProcessBuilder(Jvm.java(), "-Xshare:dump", "-XX:SharedClassListFile=" + merged, "-XX:SharedArchiveFile=" + part,
                    "-cp", String.join(java.io.File.pathSeparator, classpath))
                    .redirectErrorStream(true).redirectOutput(out.toFile()).start();
            boolean done = p.waitFor(120, TimeUnit.SECONDS);
            if (!done) p.destroyForcibly();
            if (done && p.exitValue() == 0 && Files.isRegularFile(part)) {
                Files.move(part, dir.resolve(ARCHIVE), StandardCopyOption.ATOMIC_MOVE);
                return true;
            }
            Files.writeString(dir.resolve(FAILED), "java -Xshare:dump " + (done ? "exited " + p.exitValue() : "took over 120 s") + ":\n"
                    + Files.readString(out, StandardCharsets.UTF_8));
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        } finally {
            Files.deleteIfExists(merged);
            Files.deleteIfExists(part);
            Files.deleteIfExists(out);
        }
    }

    /** Removes the archives unused for a week, and the least recently used beyond {@value #MAX_MIB} MiB. */
    private static void prune(Path cache) throws IOException {
        List<Path> dirs = new ArrayList<>();
        try (DirectoryStream<Path> keys = Files.newDirectoryStream(cache, Files::isDirectory)) {
            keys.forEach(dirs::add);
        }
        dirs.sort(Comparator.comparing(ClassArchive::lastUsed).reversed());
        Instant old = Instant.now().minus(UNUSED);
        long bytes = 0;
        for (Path dir : dirs) {
            Path archive = dir.resolve(ARCHIVE);
            bytes += Files.exists(archive) ? Files.size(archive) : 0;
            if (bytes > MAX_MIB << 20 || lastUsed(dir).isBefore(old)) LocalFiles.deleteTree(dir);
        }
    }

    private static Instant lastUsed(Path dir) {
        Path archive = dir.resolve(ARCHIVE);
        try {
            return Files.readAttributes(Files.exists(archive) ? archive : dir, BasicFileAttributes.class).lastModifiedTime().toInstant();
        } catch (IOException e) {
            return Instant.EPOCH;
        }
    }

    private static void touch(Path file) {
        try {
            Files.setLastModifiedTime(file, java.nio.file.attribute.FileTime.from(Instant.now()));
        } catch (IOException e) {
            // another user's archive: mapped all the same, only not marked as used
        }
    }

    /** The cache directory of this java, these jars and this kind of JVM. */
    private static Path keyDir(String java, List<String> jars, String kind) throws IOException {
        MessageDigest sha;
        try {
            sha = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        sha.update(java.getBytes(StandardCharsets.UTF_8));
        sha.update(System.getProperty("java.vm.version", "").getBytes(StandardCharsets.UTF_8));
        sha.update(kind.getBytes(StandardCharsets.UTF_8));
        for (String entry : jars) {
            Path p = Path.of(entry);
            BasicFileAttributes a = Files.readAttributes(p, BasicFileAttributes.class);
            sha.update((p.toAbsolutePath() + "\0" + a.size() + "\0" + a.lastModifiedTime().toMillis() + "\n").getBytes(StandardCharsets.UTF_8));
        }
        return cache().resolve(HexFormat.of().formatHex(sha.digest(), 0, 12));
    }
}
