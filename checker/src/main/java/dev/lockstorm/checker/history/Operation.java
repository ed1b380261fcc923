package dev.lockstorm.checker.history;

/**
 * An invocation paired with its completion: what the linearizability search places in an order.
 *
 * <p>{@code call} and {@code ret} are positions on the history's event order (4 × event index,
 * leaving room for synthetic operations between two events); {@code ret} is
 * {@link #NEVER_RETURNED} for an operation whose effect is unknown (an {@code info} completion or
 * none at all), which may take effect at any instant after its call, or never.
 *
 * @param id         dense number in call order, unique within one search
 * @param process    the client process
 * @param f          the function
 * @param input      the invocation's value
 * @param output     the completion's value (null when unknown)
 * @param outcome    OK, FAIL or INFO; an invocation that never completed is INFO
 * @param call       position of the invocation
 * @param ret        position of the completion, or {@link #NEVER_RETURNED}
 * @param invoke     the invocation event (null for synthetic operations)
 * @param completion the completion event (null when the history ended first, or synthetic)
 */
public record Operation(int id, int process, String f, Object input, Object output, OpType outcome,
                        long call, long ret, Op invoke, Op completion) {

    public static final long NEVER_RETURNED = Long.MAX_VALUE;

    /** Position of event {@code index} on the search's time line. */
    public static long position(int index) {
        return 4L * index;
    }

    /** True when the operation may take effect or not: the search need not place it. */
    public boolean optional() {
        return outcome == OpType.INFO;
    }

    /** "process 3" or "process c1", for explanations. */
    public Prose.Who who() {
        return invoke != null ? invoke.who() : new Prose.Who(String.valueOf(process), null);
    }
}
