package dev.lockstorm.clusters.lab;

import java.util.ArrayList;
import java.util.List;

/**
 * A host of the lab on this machine: a network namespace with its own address on the lab's
 * bridge. It shares this machine's file system, so its paths are local paths.
 */
public final class LabHost extends LocalHost {

    LabHost(String name, String address) {
        super(name, address);
    }

    /** {@code ip netns exec NAME cmd…}: it execs the program, so the process's pid is the program's own and signals reach it. */
    @Override
    protected List<String> wrap(List<String> cmd) {
        List<String> full = new ArrayList<>(List.of("ip", "netns", "exec", name));
        full.addAll(cmd);
        return full;
    }

    @Override
    public String toString() {
        return name + "(" + address() + ")";
    }
}
