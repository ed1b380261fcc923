package com.acme.ledger;

/**
 * Acme's ledger balance, guarded by the lock's fencing token: it remembers the newest token that
 * touched it and refuses a read or a write that comes with an older one, so that a holder whose
 * lock was taken over cannot write what it read before the newer holder did.
 */
public final class Ledger {
    private long balance;
    private long newestToken = Long.MIN_VALUE;

    /** Thrown when a caller presents a token older than one the ledger has seen. */
    public static final class StaleTokenException extends Exception {
        public StaleTokenException(String message) {
            super(message);
        }
    }

    public synchronized long read(long token) throws StaleTokenException {
        admit(token);
        return balance;
    }

    public synchronized void write(long token, long newBalance) throws StaleTokenException {
        admit(token);
        balance = newBalance;
    }

    /** The balance, for audits (no token). */
    public synchronized long audit() {
        return balance;
    }

    private void admit(long token) throws StaleTokenException {
        if (token < newestToken) throw new StaleTokenException("token " + token + " is older than " + newestToken);
        newestToken = token;
    }
}
