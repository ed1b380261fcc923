package dev.lockstorm.nemesis;

import dev.lockstorm.clusters.lab.FakeHosts;
import dev.lockstorm.clusters.lab.Host;
import dev.lockstorm.clusters.lab.HostProcess;
import dev.lockstorm.faults.NemesisEvent;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A fault's beginning is in the history before the fault is done: a client's kill before its
 * signal, since its server may free the lock the instant the process dies, and the grant that
 * follows must not land between the kill and its record.
 */
@Tag("unit")
class ClientKillTest {
    @Test
    void theKillIsRecordedBeforeTheProcessDies() {
        List<String> order = new ArrayList<>();
        Host c3 = FakeHosts.named("c3").get(0);
        HostProcess worker = (HostProcess) Proxy.newProxyInstance(HostProcess.class.getClassLoader(), new Class<?>[]{HostProcess.class},
                (proxy, method, args) -> switch (method.getName()) {
                    case "host" -> c3;
                    case "kill" -> {
                        order.add("signal");
                        yield null;
                    }
                    default -> throw new UnsupportedOperationException(method.getName());
                });
        try (Nemesis nemesis = new LabNemesis(null, e -> order.add(e.f()))) {
            nemesis.killClient(new ClientProcess(worker, 7), "holder");
        }
        assertEquals(List.of(NemesisEvent.KILL_CLIENT.f(), "signal"), order.subList(0, 2));
    }
}
