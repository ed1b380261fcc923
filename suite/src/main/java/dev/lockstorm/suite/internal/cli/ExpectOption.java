package dev.lockstorm.suite.internal.cli;

import dev.lockstorm.checker.lock.Coverage;
import dev.lockstorm.results.Expectation;
import picocli.CommandLine.Option;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.stream.Stream;

/** {@code --expect}, as {@code run} and {@code matrix} take it: the words come from {@link Expectation.Word} and the moments from {@link Coverage#KEYS}. */
final class ExpectOption {
    @Option(names = "--expect", split = ",", paramLabel = "E", completionCandidates = Words.class,
            description = "Passes (exit 0) when the run (with matrix: every cell) shows what is expected instead of when it is valid, else"
                    + " exit 1: one or more of ${COMPLETION-CANDIDATES}. no-defect: every incident a lease limit, tokens in order, every"
                    + " client able to acquire after the heal; defect: the opposite.")
    List<String> words = new ArrayList<>();

    /**
     * The expectations given (none: the verdict decides).
     *
     * @throws IllegalArgumentException naming the word that is none and every one there is
     */
    List<Expectation> expectations() {
        return words.stream().map(Expectation::parse).toList();
    }

    /** Every word, each moment of {@code exercised:} spelled out. */
    static final class Words implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return spelled(Stream.of(Expectation.Word.values()));
        }
    }

    /** The words a run may end at ({@code run --until}: {@link Expectation.Word#staysMet}), each moment spelled out. */
    static final class Endings implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return spelled(Stream.of(Expectation.Word.values()).filter(Expectation.Word::staysMet));
        }
    }

    private static Iterator<String> spelled(Stream<Expectation.Word> words) {
        return words.flatMap(w -> w == Expectation.Word.EXERCISED ? Coverage.KEYS.stream().map(k -> "exercised:" + k) : Stream.of(w.wire())).iterator();
    }
}
