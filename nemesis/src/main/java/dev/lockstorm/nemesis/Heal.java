package dev.lockstorm.nemesis;

/** The exact undo of one injected fault. */
@FunctionalInterface
public interface Heal {
    void heal();
}
