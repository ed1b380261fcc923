package dev.lockstorm.nemesis;

import dev.lockstorm.clusters.lab.Host;

import java.nio.file.Path;

/**
 * A client's lease-renewal switch: a file that the client's lock adapter watches and, while it
 * exists, sends no keep-alives (the client itself runs on). The file's path reaches the client in
 * the environment variable the locks module names ({@code LOCKSTORM_HOLD_RENEWALS}).
 *
 * <pre>{@code
 * RenewalSwitch c2 = new RenewalSwitch("c2", lab.host("c2"), lab.dir(lab.host("c2")).resolve("renewals-held-c2"));
 * nemesis.holdRenewals(List.of(c2));   // c2's lease now runs out while it waits in the lock's queue
 * }</pre>
 *
 * @param client the client's name, for the history
 * @param host   its host
 * @param file   the switch, on the client's host
 */
public record RenewalSwitch(String client, Host host, Path file) {

    void hold() {
        host.write(file, "lease renewals held by the nemesis\n");
    }

    void release() {
        host.delete(file);
    }
}
