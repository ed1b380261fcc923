package dev.lockstorm.checker.linear;

import dev.lockstorm.checker.Verdict;
import dev.lockstorm.checker.history.History;
import dev.lockstorm.checker.history.Op;
import dev.lockstorm.checker.history.OpType;
import dev.lockstorm.checker.history.Operation;
import dev.lockstorm.checker.model.Model;
import dev.lockstorm.checker.model.Mutex;
import dev.lockstorm.checker.model.Register;
import dev.lockstorm.checker.model.RwLock;
import org.jetbrains.kotlinx.lincheck.Actor;
import org.jetbrains.kotlinx.lincheck.execution.ExecutionResult;
import org.jetbrains.kotlinx.lincheck.execution.ExecutionScenario;
import org.jetbrains.kotlinx.lincheck.execution.HBClock;
import org.jetbrains.kotlinx.lincheck.execution.ResultWithClock;
import org.jetbrains.kotlinx.lincheck.util.LincheckResult;
import org.jetbrains.kotlinx.lincheck.util.ValueResult;
import org.jetbrains.lincheck.datastructures.verifier.LinearizabilityVerifier;
import org.jetbrains.lincheck.jvm.agent.InstrumentationMode;
import org.jetbrains.lincheck.jvm.agent.LincheckInstrumentationKt;
import kotlin.Unit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Method;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Lincheck's linearizability verifier as an independent oracle. It checks a scenario (operations
 * per thread) and results with happens-before clocks, against a sequential specification class.
 * It takes neither crashed operations nor long histories (it does not memoize), so the histories
 * here are complete and up to ~40 operations; everything Lincheck needs stays in this file.
 */
@Tag("unit")
class LincheckOracleTest {
    private static final SearchLimits LIMITS = SearchLimits.withTimeLimit(Duration.ofSeconds(60));

    /** Sequential specification of the owner-aware mutex: each method returns whether it is legal. */
    public static final class MutexSpec {
        private int holder = -1;

        public boolean acquire(int p) {
            if (holder != -1) return false;
            holder = p;
            return true;
        }

        public boolean release(int p) {
            if (holder != p) return false;
            holder = -1;
            return true;
        }
    }

    /** Sequential specification of the reentrant read-write lock: the writer may also read, a reader may not upgrade. */
    public static final class RwLockSpec {
        private int writer = -1;
        private int writes;
        private final java.util.TreeMap<Integer, Integer> readers = new java.util.TreeMap<>();

        public boolean acquireRead(int p) {
            if (writer != -1 && writer != p) return false;
            readers.merge(p, 1, Integer::sum);
            return true;
        }

        public boolean releaseRead(int p) {
            Integer n = readers.get(p);
            if (n == null) return false;
            if (n == 1) readers.remove(p);
            else readers.put(p, n - 1);
            return true;
        }

        public boolean acquireWrite(int p) {
            if (writer == p) {
                writes++;
                return true;
            }
            if (writer != -1 || !readers.isEmpty()) return false;
            writer = p;
            writes = 1;
            return true;
        }

        public boolean releaseWrite(int p) {
            if (writer != p) return false;
            if (--writes == 0) writer = -1;
            return true;
        }
    }

    /** Sequential specification of Porcupine's etcd register (initially nil, exact reads). */
    public static final class RegisterSpec {
        private Integer value;

        public Integer read() {
            return value;
        }

        public boolean write(int v) {
            value = v;
            return true;
        }

        public boolean cas(int expected, int update) {
            if (value == null || value != expected) return false;
            value = update;
            return true;
        }
    }

    @Test
    void agreesOnRandomMutexHistories() throws Exception {
        agree(new Mutex(), MutexSpec.class, this::mutexHistory);
    }

    @Test
    void agreesOnRandomRegisterHistories() throws Exception {
        agree(Register.register(), RegisterSpec.class, this::registerHistory);
    }

    @Test
    void agreesOnRandomReadWriteLockHistories() throws Exception {
        agree(new RwLock(), RwLockSpec.class, this::rwLockHistory);
    }

    private interface Generator {
        History generate(SplittableRandom r);
    }

    private void agree(Model<?> model, Class<?> spec, Generator gen) throws Exception {
        // Lincheck's verifier asks its instrumentation about the specification object, so the
        // instrumentation must be installed; STRESS mode is the lightest one.
        LincheckInstrumentationKt.withLincheckJavaAgent(InstrumentationMode.STRESS, () -> {
            try {
                agreeInstalled(model, spec, gen);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
            return Unit.INSTANCE;
        });
    }

    private void agreeInstalled(Model<?> model, Class<?> spec, Generator gen) throws Exception {
        Map<Verdict, Integer> seen = new EnumMap<>(Verdict.class);
        int runs = 200;
        for (int seed = 0; seed < runs; seed++) {
            History h = gen.generate(new SplittableRandom(seed));
            Verdict ours = Linearizability.check(model, h.operations(), LIMITS).verdict();
            Verdict theirs = lincheck(h, spec);
            final int s = seed;
            assertEquals(theirs, ours, () -> model.name() + " seed " + s + ":\n" + PropertyTest.dump(h));
            seen.merge(ours, 1, Integer::sum);
        }
        assertTrue(seen.getOrDefault(Verdict.VALID, 0) > runs / 10, "valid: " + seen);
        assertTrue(seen.getOrDefault(Verdict.INVALID, 0) > runs / 10, "invalid: " + seen);
    }

    /** Asks Lincheck: one thread per process, each op's clock counts the ops of other threads that returned before its call. */
    static Verdict lincheck(History h, Class<?> spec) throws Exception {
        List<Operation> ops = h.operations();
        List<Integer> processes = ops.stream().map(Operation::process).distinct().sorted().toList();
        int threads = processes.size();
        List<List<Actor>> actors = new ArrayList<>();
        List<List<ResultWithClock>> results = new ArrayList<>();
        List<List<Operation>> perThread = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            actors.add(new ArrayList<>());
            results.add(new ArrayList<>());
            perThread.add(new ArrayList<>());
        }
        for (Operation op : ops) perThread.get(processes.indexOf(op.process())).add(op);
        for (int t = 0; t < threads; t++) {
            for (Operation op : perThread.get(t)) {
                actors.get(t).add(actor(spec, op));
                int[] clock = new int[threads];
                for (int u = 0; u < threads; u++) {
                    if (u == t) continue;
                    for (Operation other : perThread.get(u)) if (other.ret() < op.call()) clock[u]++;
                }
                results.get(t).add(new ResultWithClock(result(op), new HBClock(clock)));
            }
        }
        ExecutionScenario scenario = new ExecutionScenario(List.of(), actors, List.of(), null);
        ExecutionResult result = new ExecutionResult(List.of(), results, List.of());
        return new LinearizabilityVerifier(spec).verifyResults(scenario, result) ? Verdict.VALID : Verdict.INVALID;
    }

    private static Actor actor(Class<?> spec, Operation op) throws NoSuchMethodException {
        return switch (op.f()) {
            case "acquire", "release" -> new Actor(spec.getMethod(op.f(), int.class), List.of(op.process()));
            case RwLock.ACQUIRE_READ, RwLock.RELEASE_READ, RwLock.ACQUIRE_WRITE, RwLock.RELEASE_WRITE ->
                    new Actor(spec.getMethod(camel(op.f()), int.class), List.of(op.process()));
            case "read" -> new Actor(spec.getMethod("read"), List.of());
            case "write" -> new Actor(spec.getMethod("write", int.class), List.of(((Number) op.input()).intValue()));
            case "cas" -> {
                List<?> v = (List<?>) op.input();
                yield new Actor(spec.getMethod("cas", int.class, int.class),
                        List.of(((Number) v.get(0)).intValue(), ((Number) v.get(1)).intValue()));
            }
            default -> throw new IllegalArgumentException(op.f());
        };
    }

    private static LincheckResult result(Operation op) {
        return switch (op.f()) {
            case "read" -> new ValueResult(op.output() == null ? null : ((Number) op.output()).intValue());
            case "cas" -> new ValueResult(!Boolean.FALSE.equals(op.output()));
            default -> new ValueResult(true);
        };
    }

    /** "acquire-read" → "acquireRead". */
    private static String camel(String f) {
        int dash = f.indexOf('-');
        return f.substring(0, dash) + Character.toUpperCase(f.charAt(dash + 1)) + f.substring(dash + 2);
    }

    /**
     * Complete read-write lock histories from a lock that sometimes misbehaves (grants a read beside
     * a writer, or a write beside anyone). Each process reads, writes, nests, and reads while it
     * writes; it never asks to upgrade a read hold, which a correct lock would never grant.
     */
    private History rwLockHistory(SplittableRandom r) {
        int procs = 2 + r.nextInt(3);
        int target = 10 + r.nextInt(26);
        List<Op> ev = new ArrayList<>();
        String[] pending = new String[procs];
        int[] reads = new int[procs];
        int[] writes = new int[procs];
        int done = 0;
        // half the histories come from a lock that never misbehaves
        boolean broken = r.nextBoolean();
        while (done < target || java.util.Arrays.stream(pending).anyMatch(x -> x != null)) {
            int p = r.nextInt(procs);
            if (pending[p] == null) {
                if (done >= target) {
                    // past the target, holders only release, so that every waiter is granted in the end
                    if (reads[p] + writes[p] == 0) continue;
                    pending[p] = writes[p] > 0 ? RwLock.RELEASE_WRITE : RwLock.RELEASE_READ;
                    ev.add(Op.of(ev.size(), ev.size(), OpType.INVOKE, p, pending[p], null));
                    continue;
                }
                List<String> choices = new ArrayList<>(List.of(RwLock.ACQUIRE_READ));
                if (reads[p] == 0 || writes[p] > 0) choices.add(RwLock.ACQUIRE_WRITE);
                if (reads[p] > 0) choices.add(RwLock.RELEASE_READ);
                if (writes[p] > 0) choices.add(RwLock.RELEASE_WRITE);
                pending[p] = choices.get(r.nextInt(choices.size()));
                ev.add(Op.of(ev.size(), ev.size(), OpType.INVOKE, p, pending[p], null));
                done++;
                continue;
            }
            boolean misbehave = broken && r.nextInt(12) == 0;
            int me = p;
            boolean otherWriter = java.util.stream.IntStream.range(0, procs).anyMatch(q -> q != me && writes[q] > 0);
            boolean otherReader = java.util.stream.IntStream.range(0, procs).anyMatch(q -> q != me && reads[q] > 0);
            switch (pending[p]) {
                case RwLock.ACQUIRE_READ -> {
                    if (otherWriter && !misbehave) continue; // wait
                    reads[p]++;
                }
                case RwLock.ACQUIRE_WRITE -> {
                    if (writes[p] == 0 && (otherWriter || otherReader) && !misbehave) continue; // wait
                    writes[p]++;
                }
                case RwLock.RELEASE_READ -> reads[p]--;
                default -> writes[p]--;
            }
            ev.add(Op.of(ev.size(), ev.size(), OpType.OK, p, pending[p], null));
            pending[p] = null;
        }
        return History.of("lincheck-rw-lock", ev);
    }

    /** Complete mutex histories from a lock that sometimes misbehaves. */
    private History mutexHistory(SplittableRandom r) {
        int procs = 2 + r.nextInt(3);
        int target = 10 + r.nextInt(30);
        List<Op> ev = new ArrayList<>();
        String[] pending = new String[procs];
        boolean[] holds = new boolean[procs];
        int holder = -1;
        int done = 0;
        while (done < target || java.util.Arrays.stream(pending).anyMatch(x -> x != null)) {
            int p = r.nextInt(procs);
            if (pending[p] == null) {
                if (done >= target) continue;
                pending[p] = holds[p] ? "release" : "acquire";
                ev.add(Op.of(ev.size(), ev.size(), OpType.INVOKE, p, pending[p], null));
                done++;
            } else if (pending[p].equals("acquire")) {
                if (holder != -1 && r.nextInt(12) != 0) continue; // wait, unless the lock misbehaves
                holder = p;
                holds[p] = true;
                ev.add(Op.of(ev.size(), ev.size(), OpType.OK, p, "acquire", null));
                pending[p] = null;
            } else {
                if (holder == p || r.nextInt(3) == 0) holder = -1;
                holds[p] = false;
                ev.add(Op.of(ev.size(), ev.size(), OpType.OK, p, "release", null));
                pending[p] = null;
            }
        }
        return History.of("lincheck-mutex", ev);
    }

    /** Complete register histories from a register that sometimes returns a stale value. */
    private History registerHistory(SplittableRandom r) {
        int procs = 2 + r.nextInt(3);
        int target = 10 + r.nextInt(20); // up to 40 operations cost Lincheck's verifier 40–60 s over the 200 histories, up to 30 about 16 s
        List<Op> ev = new ArrayList<>();
        String[] pending = new String[procs];
        Object[] input = new Object[procs];
        Long value = null;
        Long previous = null;
        int done = 0;
        while (done < target || java.util.Arrays.stream(pending).anyMatch(x -> x != null)) {
            int p = r.nextInt(procs);
            if (pending[p] == null) {
                if (done >= target) continue;
                int c = r.nextInt(3);
                pending[p] = c == 0 ? "read" : c == 1 ? "write" : "cas";
                input[p] = pending[p].equals("write") ? (Object) (long) r.nextInt(4)
                        : pending[p].equals("cas") ? List.of((long) r.nextInt(3), (long) r.nextInt(4)) : null;
                ev.add(Op.of(ev.size(), ev.size(), OpType.INVOKE, p, pending[p], input[p]));
                done++;
                continue;
            }
            Object out;
            switch (pending[p]) {
                case "read" -> out = r.nextInt(10) == 0 ? previous : value;
                case "write" -> {
                    previous = value;
                    value = (Long) input[p];
                    out = input[p];
                }
                default -> {
                    List<?> cas = (List<?>) input[p];
                    boolean ok = cas.get(0).equals(value);
                    if (r.nextInt(15) == 0) ok = !ok;
                    if (ok) {
                        previous = value;
                        value = (Long) cas.get(1);
                    }
                    out = ok ? input[p] : Boolean.FALSE;
                }
            }
            ev.add(Op.of(ev.size(), ev.size(), OpType.OK, p, pending[p], out));
            pending[p] = null;
        }
        return History.of("lincheck-register", ev);
    }
}
