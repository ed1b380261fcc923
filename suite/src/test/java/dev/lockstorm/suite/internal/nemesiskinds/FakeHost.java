package dev.lockstorm.suite.internal.nemesiskinds;

import dev.lockstorm.clusters.lab.Commands;
import dev.lockstorm.clusters.lab.Host;
import dev.lockstorm.clusters.lab.HostProcess;
import dev.lockstorm.clusters.lab.LineStamp;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** A host that runs nothing; it keeps the files written to it (a pause point armed, renewals held). */
public final class FakeHost implements Host {
    private final String name;
    final Set<Path> files = java.util.concurrent.ConcurrentHashMap.newKeySet();

    public FakeHost(String name) {
        this.name = name;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String address() {
        return "10.0.0." + Math.floorMod(name.hashCode(), 200);
    }

    @Override
    public Commands.Result exec(String... cmd) {
        throw new UnsupportedOperationException("a plan runs no command on " + name + ": " + String.join(" ", cmd));
    }

    @Override
    public Commands.Result exec(List<String> cmd, Duration timeout) {
        throw new UnsupportedOperationException("a plan runs no command on " + name + ": " + String.join(" ", cmd));
    }

    @Override
    public String check(List<String> cmd, String stdin) {
        throw new UnsupportedOperationException("a plan runs no command on " + name + ": " + String.join(" ", cmd));
    }

    @Override
    public void write(Path file, String content) {
        files.add(file);
    }

    @Override
    public boolean exists(Path file) {
        return files.contains(file);
    }

    @Override
    public void delete(Path file) {
        files.remove(file);
    }

    @Override
    public void upload(Path local, Path file) {
        files.add(file);
    }

    @Override
    public HostProcess start(String name, List<String> cmd, Map<String, String> env, Path log, LineStamp stamp) {
        throw new UnsupportedOperationException("a plan starts no process");
    }

    @Override
    public HostProcess startPiped(String name, List<String> cmd, Map<String, String> env, Path log) {
        throw new UnsupportedOperationException("a plan starts no process");
    }

    @Override
    public String toString() {
        return name;
    }
}
