package dev.lockstorm.checker.corpus;

import dev.lockstorm.checker.Verdict;

import java.nio.file.Path;

/**
 * One file of a public history corpus with the verdict its origin's own tests assert.
 *
 * @param file     the history
 * @param model    the model it is checked against
 * @param expected valid or invalid
 */
public record CorpusCase(Path file, String model, Verdict expected) {
    @Override
    public String toString() {
        return file.getParent().getFileName() + "/" + file.getFileName();
    }
}
