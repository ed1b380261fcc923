package dev.lockstorm.api;

/**
 * A kind of protected resource a run can use ({@code --resource NAME}), found with
 * {@link java.util.ServiceLoader} like {@link LockSystem}: list the class in
 * {@code META-INF/services/dev.lockstorm.api.ResourceType}. lockstorm's own is {@code counter}, an
 * in-memory counter that checks tokens as {@code --fencing} says.
 *
 * <pre>{@code
 * public final class AcmeLedgerType implements ResourceType {
 *     public String name() { return "acme-ledger"; }
 *     public String description() { return "Acme's ledger: rejects reads and writes with a token older than the newest seen"; }
 *     public ProtectedResource open(ResourceContext context) { return new AcmeLedger(context.fencing()); }
 * }
 * }</pre>
 */
public interface ResourceType {

    /** The name runs select it by: lower-case words joined by dashes, unique among all resources. */
    String name();

    /** One line for listings. */
    String description();

    /** A fresh resource for one run. */
    ProtectedResource open(ResourceContext context) throws Exception;

    /**
     * The checkpoints its resources mark in their own code ({@link ResourceContext#checkpoint}), such
     * as between a token check and a write: {@code hunt --resource} with {@code --fencing} freezes a
     * caller at each of them ({@code pause-at:NAME}) before its other nemeses. None by default.
     */
    default java.util.List<String> checkpoints() {
        return java.util.List.of();
    }
}
