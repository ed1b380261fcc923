package dev.lockstorm.checker.model;

import dev.lockstorm.checker.history.History;
import dev.lockstorm.checker.history.Op;
import dev.lockstorm.checker.history.Operation;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** What an explanation may look up: the operations of each process, in order, and times as text. */
public final class Explanations {
    private final List<Operation> ops;
    private final Map<Integer, List<Operation>> byProcess = new HashMap<>();

    public Explanations(List<Operation> clientOps) {
        this.ops = clientOps;
        for (Operation op : clientOps) byProcess.computeIfAbsent(op.process(), p -> new ArrayList<>()).add(op);
    }

    /** The operation with this id in the client operation list given to the constructor. */
    public Operation byId(int id) {
        return ops.get(id);
    }

    /** The next operation that {@code op}'s process invoked, or null. */
    public Operation next(Operation op) {
        List<Operation> list = byProcess.get(op.process());
        if (list == null || op.invoke() == null) return null;
        for (Operation o : list) if (o.call() > op.call()) return o;
        return null;
    }

    /** The next operation of {@code op}'s process with function {@code f}, or null. */
    public Operation next(Operation op, String f) {
        for (Operation o = next(op); o != null; o = next(o)) if (o.f().equals(f)) return o;
        return null;
    }

    public String when(Op event) {
        return History.when(event);
    }
}
