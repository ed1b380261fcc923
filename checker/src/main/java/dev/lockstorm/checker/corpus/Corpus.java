package dev.lockstorm.checker.corpus;

import dev.lockstorm.checker.Verdict;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The public corpora of shared/corpus (knossos, porcupine-etcd, porcupine-kv) and the verdicts
 * their README states, used by the tests and by {@code bench checker} to validate the engine.
 */
public final class Corpus {
    /** Porcupine's etcd logs that are linearizable; all others are not, and 095 is empty. */
    static final Set<Integer> ETCD_LINEARIZABLE = Set.of(2, 5, 7, 18, 25, 31, 38, 45, 48, 49, 51, 53, 56, 67, 75, 76,
            80, 87, 92, 98, 100, 101, 102, 95);

    private Corpus() {
    }

    /** Every case under {@code root}, in a stable order. */
    public static List<CorpusCase> cases(Path root) {
        if (!Files.isDirectory(root)) throw new IllegalArgumentException("no corpus directory at " + root);
        List<CorpusCase> out = new ArrayList<>();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path f : files.filter(Files::isRegularFile).sorted(Comparator.comparing(Path::toString)).toList()) {
                CorpusCase c = classify(root.relativize(f), f);
                if (c != null) out.add(c);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    private static CorpusCase classify(Path rel, Path file) {
        String r = rel.toString().replace('\\', '/');
        String name = file.getFileName().toString();
        if (r.startsWith("knossos/cas-register/") && name.endsWith(".edn")) {
            return new CorpusCase(file, "cas-register", r.contains("/good/") ? Verdict.VALID : Verdict.INVALID);
        }
        if (r.startsWith("knossos/multi-register/") && name.endsWith(".edn")) {
            return new CorpusCase(file, "multi-register", r.contains("/good/") ? Verdict.VALID : Verdict.INVALID);
        }
        if (r.startsWith("porcupine-etcd/") && name.matches("etcd_\\d+\\.log")) {
            int n = Integer.parseInt(name.substring(5, name.length() - 4));
            return new CorpusCase(file, "register", ETCD_LINEARIZABLE.contains(n) ? Verdict.VALID : Verdict.INVALID);
        }
        if (r.startsWith("porcupine-kv/") && name.endsWith(".txt")) {
            return new CorpusCase(file, "kv", name.endsWith("-ok.txt") ? Verdict.VALID : Verdict.INVALID);
        }
        return null;
    }
}
