package dev.lockstorm.suite.internal.cli;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;

/** A file-system failure in words a user can act on (Java's own message is often just the path). */
final class IoProblems {
    private IoProblems() {
    }

    static String describe(IOException e) {
        if (e instanceof AccessDeniedException a) {
            return "permission denied on " + a.getFile() + " (owned by another user, for example made by an earlier run under sudo?"
                    + " choose another place, or fix its owner)";
        }
        if (e instanceof FileAlreadyExistsException f) return f.getFile() + " is in the way (a file where a directory should be)";
        if (e instanceof NotDirectoryException n) return n.getFile() + " is not a directory";
        if (e instanceof NoSuchFileException n) return "no such file or directory: " + n.getFile();
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }
}
