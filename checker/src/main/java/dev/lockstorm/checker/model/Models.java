package dev.lockstorm.checker.model;

import dev.lockstorm.checker.history.History;
import dev.lockstorm.checker.history.Op;
import dev.lockstorm.checker.history.OpType;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** The models by name, and the choice of a model for a history that does not name one. */
public final class Models {
    public static final List<String> NAMES = List.of("mutex", "fenced-mutex", "reentrant-mutex", "rw-lock", "register", "cas-register", "multi-register", "kv");

    private Models() {
    }

    /** The model called {@code name}; throws {@link IllegalArgumentException} listing the names. */
    public static Model<?> byName(String name) {
        return switch (name) {
            case "mutex" -> new Mutex();
            case "fenced-mutex" -> new FencedMutex();
            case "reentrant-mutex" -> new ReentrantMutex();
            case "rw-lock" -> new RwLock();
            case "register" -> Register.register();
            case "cas-register" -> Register.casRegister();
            case "multi-register" -> new MultiRegister();
            case "kv" -> new Kv();
            default -> throw new IllegalArgumentException("unknown model '" + name + "'; expected one of " + String.join(", ", NAMES));
        };
    }

    /**
     * The model a history's functions imply: acquire-read/acquire-write/release-read/release-write →
     * rw-lock; acquire/release → reentrant-mutex when a process took
     * the lock again while it held it ({@link History#reentrant()}), else fenced-mutex when an ok
     * acquire carries a token, else mutex; txn → multi-register; get/put/append → kv; read/write/cas →
     * cas-register (Knossos's, initially 0), or register for Jepsen logs (Porcupine's etcd, initially nil).
     */
    public static Model<?> infer(History h, boolean jepsenLog) {
        Set<String> fs = new HashSet<>();
        boolean tokens = false;
        for (Op op : h.ops()) {
            if (!op.isClient()) continue;
            fs.add(op.f());
            if (op.f().equals("acquire") && op.type() == OpType.OK && op.value() != null) tokens = true;
        }
        if (fs.stream().anyMatch(f -> RwLock.mode(f) != null)) return new RwLock();
        if (fs.contains("acquire") || fs.contains("release")) {
            if (h.reentrant()) return new ReentrantMutex();
            return tokens ? new FencedMutex() : new Mutex();
        }
        if (fs.contains("txn")) return new MultiRegister();
        if (fs.contains("get") || fs.contains("put") || fs.contains("append")) return new Kv();
        return jepsenLog ? Register.register() : Register.casRegister();
    }
}
