package dev.lockstorm.suite.internal.bench;

import dev.lockstorm.api.ClientContext;
import dev.lockstorm.api.Lease;
import dev.lockstorm.api.LockClient;
import dev.lockstorm.api.LockSystem;
import dev.lockstorm.locks.internal.registry.Registry;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One side of an {@link AwarenessBench} trial, in a JVM on a client host. Times are wall-clock
 * milliseconds: the probes and the bench run on one machine with its clock untouched.
 * <ul>
 *   <li>{@code holder}: opens, takes the lock, prints {@code GRANTED t}, then asks
 *       {@link LockClient#stillHeld} every {@value #CHECK_MS} ms until it says no (or throws) and
 *       prints {@code KNOWS t how}; it never releases: it stays the holder that was cut off.</li>
 *   <li>{@code contender}: opens, prints {@code OPEN}, waits until the file GO exists (made as the
 *       holder is cut off), then tries to take the lock until it has it and prints {@code GRANTED t}.</li>
 * </ul>
 * Usage: AwarenessProbe ROLE SYSTEM CONNECT LOCK LEASE_MS GO_FILE [KEY=VALUE …]
 */
public final class AwarenessProbe {
    /** How often the holder asks whether it still holds: well under the figures measured. */
    static final int CHECK_MS = 10;

    public static void main(String[] args) throws Exception {
        String role = args[0];
        LockSystem system = Registry.builtIn().system(args[1]);
        Map<String, String> options = new LinkedHashMap<>(dev.lockstorm.api.LockOption.defaults(system.options()));
        for (int i = 6; i < args.length; i++) {
            String[] kv = args[i].split("=", 2);
            options.put(kv[0], kv[1]);
        }
        ClientContext context = new ClientContext(args[2], args[3], Duration.ofMillis(Long.parseLong(args[4])), options);
        LockClient client = system.newClient(context);
        client.open();
        if (role.equals("holder")) hold(client);
        else contend(client, Path.of(args[5]));
    }

    private static void hold(LockClient client) throws Exception {
        Lease lease = client.acquire(Duration.ofSeconds(30));
        say("GRANTED " + System.currentTimeMillis());
        while (true) {
            String no = check(client, lease);
            if (no != null) {
                say("KNOWS " + System.currentTimeMillis() + " " + no);
                break;
            }
            Thread.sleep(CHECK_MS);
        }
        Thread.sleep(Long.MAX_VALUE);
    }

    /** Null while the client says it holds; otherwise how it said it does not. */
    private static String check(LockClient client, Lease lease) {
        try {
            return client.stillHeld(lease) ? null : "check said no";
        } catch (RuntimeException e) {
            return "check failed: " + e.getClass().getSimpleName();
        }
    }

    private static void contend(LockClient client, Path go) throws Exception {
        say("OPEN");
        while (!Files.exists(go)) Thread.sleep(2);
        while (true) {
            try {
                client.acquire(Duration.ofSeconds(2));
                say("GRANTED " + System.currentTimeMillis());
                break;
            } catch (Exception e) {
                // refused, timed out or a broken connection: the lock is not ours yet
                Thread.sleep(20);
            }
        }
        Thread.sleep(Long.MAX_VALUE);
    }

    private static void say(String line) {
        System.out.println(line);
        System.out.flush();
    }
}
