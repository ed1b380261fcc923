package dev.lockstorm.workloads.worker;

import dev.lockstorm.checker.io.Json;
import dev.lockstorm.workloads.Lease;
import dev.lockstorm.workloads.LockClient;
import dev.lockstorm.workloads.LockSystems;
import dev.lockstorm.workloads.NotAcquiredException;
import dev.lockstorm.workloads.NotHeldException;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A lock client process: one {@link LockClient} driven by the runner over stdin/stdout, one JSON
 * object a line, never over the faulted network. Commands and answers:
 * <pre>
 * {"cmd":"acquire","timeout_ms":5000}  → {"type":"ok","value":TOKEN} | {"type":"fail",…} | {"type":"info",…}
 * {"cmd":"use"}                         → {"type":"ok","still_held":true|false}   (about to touch the resource)
 * {"cmd":"release"}                     → {"type":"ok"} | {"type":"fail",…} | {"type":"info",…}
 * {"cmd":"reset"}                       → {"type":"ready"}   (a new client instance: the runner's next process id)
 * {"cmd":"close"}                       → exits
 * </pre>
 * When the process is frozen (SIGSTOP), commands wait in the pipe and run when it resumes, as a
 * paused client's would. Usage: {@code Worker SYSTEM CONNECT LOCK_PATH SESSION_MS}.
 */
public final class Worker {
    private final java.util.function.Supplier<LockClient> newClient;
    private LockClient client;
    private final PrintStream out;
    private Lease lease;

    Worker(java.util.function.Supplier<LockClient> newClient, PrintStream out) {
        this.newClient = newClient;
        this.client = newClient.get();
        this.out = out;
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 4) {
            System.err.println("usage: Worker SYSTEM CONNECT LOCK_PATH SESSION_MS");
            System.exit(3);
        }
        PrintStream out = new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), true, StandardCharsets.UTF_8);
        System.setOut(System.err); // libraries' chatter goes to the log, not into the protocol
        Worker w = new Worker(() -> LockSystems.create(args[0], args[1], args[2], Duration.ofMillis(Long.parseLong(args[3]))), out);
        try {
            w.client.open();
        } catch (Exception e) {
            w.reply("error", null, e);
            System.exit(2);
        }
        w.reply("ready", null, null);
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        String line;
        while ((line = in.readLine()) != null) {
            if (!w.handle(line)) break;
        }
        w.client.close();
        System.exit(0);
    }

    /** Runs one command; false when the worker should exit. */
    boolean handle(String line) {
        Map<?, ?> cmd;
        try (var p = Json.FACTORY.createParser(line)) {
            p.nextToken();
            cmd = (Map<?, ?>) Json.readValue(p);
        } catch (Exception e) {
            reply("info", null, new IllegalArgumentException("bad command: " + line));
            return true;
        }
        switch (String.valueOf(cmd.get("cmd"))) {
            case "acquire" -> {
                long ms = cmd.get("timeout_ms") instanceof Number n ? n.longValue() : 5000;
                try {
                    lease = client.acquire(Duration.ofMillis(ms));
                    reply("ok", lease.token(), null);
                } catch (NotAcquiredException e) {
                    reply("fail", null, e);
                } catch (Exception e) {
                    reply("info", null, e);
                }
            }
            case "use" -> {
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("type", "ok");
                m.put("still_held", lease != null && client.stillHeld(lease));
                out.println(Json.toJson(m));
            }
            case "release" -> {
                if (lease == null) {
                    reply("fail", null, new NotHeldException("this client holds no lease"));
                    return true;
                }
                try {
                    client.release(lease);
                    reply("ok", null, null);
                } catch (Exception e) {
                    // NotHeldException too: the lease ended at some point up to now, which only info says
                    reply("info", null, e);
                } finally {
                    lease = null;
                }
            }
            case "reset" -> {
                // the old instance is a crashed process: drop it (its lease, if any, expires) and start afresh
                client.close();
                lease = null;
                client = newClient.get();
                try {
                    client.open();
                    reply("ready", null, null);
                } catch (Exception e) {
                    reply("error", null, e);
                }
            }
            case "close" -> {
                return false;
            }
            default -> reply("info", null, new IllegalArgumentException("unknown command " + cmd.get("cmd")));
        }
        return true;
    }

    private void reply(String type, Object value, Exception error) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("type", type);
        if (value != null) m.put("value", value);
        if (error != null) m.put("error", error.getClass().getSimpleName() + ": " + error.getMessage());
        out.println(Json.toJson(m));
    }
}
