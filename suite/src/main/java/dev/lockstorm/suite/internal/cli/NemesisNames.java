package dev.lockstorm.suite.internal.cli;

import dev.lockstorm.suite.internal.nemesiskinds.NemesisKind;
import dev.lockstorm.suite.internal.nemesiskinds.NemesisKinds;

import java.util.Iterator;

/** The nemesis names {@code --nemesis} lists in its help: the user's kinds, then the scenarios' choreographies. */
final class NemesisNames implements Iterable<String> {
    @Override
    public Iterator<String> iterator() {
        return NemesisKinds.all().stream().map(NemesisKind::name).iterator();
    }
}
