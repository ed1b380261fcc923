package dev.lockstorm.clusters.lab;

import java.util.ArrayList;
import java.util.List;

/** Hosts without a lab, for tests of what is computed about hosts (grudges, rule sets) rather than done to them. */
public final class FakeHosts {
    private FakeHosts() {
    }

    /** Hosts called {@code names}, at 10.77.0.11, .12, … */
    public static List<Host> named(String... names) {
        List<Host> out = new ArrayList<>();
        for (int i = 0; i < names.length; i++) out.add(new LabHost(names[i], "10.77.0." + (11 + i)));
        return out;
    }
}
