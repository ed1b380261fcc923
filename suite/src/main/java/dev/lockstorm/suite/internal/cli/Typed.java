package dev.lockstorm.suite.internal.cli;

import java.util.List;

/** A command whose runs record the command line that started them: {@link Main} hands it the words typed after its name. */
interface Typed {
    void typed(List<String> words);
}
