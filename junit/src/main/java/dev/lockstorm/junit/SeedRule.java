package dev.lockstorm.junit;

/**
 * What a test with {@code seeds = N} does after each seed's run. A reproduction (its assertions
 * show a finding: {@code assertDefect}, {@code assertDoubleHolder}) passes at the first seed that
 * shows it; a safety claim ({@code assertSafe}, {@code assertNoDefect}) holds only when every seed
 * passes it, and fails at the first that does not. Which one a test is, its assertions say: the
 * safety ones mark the thread they run on.
 */
enum SeedRule {
    /** the test passed: stop */
    PASS,
    /** the test failed: stop */
    FAIL,
    /** run the next seed */
    NEXT;

    private static final ThreadLocal<Boolean> SAFETY = ThreadLocal.withInitial(() -> false);

    /** Marks the test running on this thread as a safety claim. */
    static void claimSafety() {
        SAFETY.set(true);
    }

    /** Whether the test that just ran on this thread claimed safety; forgets it. */
    static boolean claimedSafety() {
        boolean s = SAFETY.get();
        SAFETY.remove();
        return s;
    }

    /**
     * @param safety whether the test claimed safety
     * @param passed whether its assertions held on this seed
     * @param last   whether this was the last seed it may take
     */
    static SeedRule after(boolean safety, boolean passed, boolean last) {
        if (safety) return !passed ? FAIL : last ? PASS : NEXT;
        return passed ? PASS : last ? FAIL : NEXT;
    }
}
