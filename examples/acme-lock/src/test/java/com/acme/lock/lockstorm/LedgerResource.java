package com.acme.lock.lockstorm;

import com.acme.ledger.Ledger;
import dev.lockstorm.api.Fencing;
import dev.lockstorm.api.ProtectedResource;
import dev.lockstorm.api.ResourceContext;
import dev.lockstorm.api.ResourceType;

/**
 * {@code acme-ledger}: Acme's ledger as the protected resource. It always checks tokens on reads
 * and writes, so it runs with {@code fencing all} only.
 */
public final class LedgerResource implements ResourceType {
    @Override
    public String name() {
        return "acme-ledger";
    }

    @Override
    public String description() {
        return "Acme's ledger: refuses reads and writes with a token older than the newest it has seen (fencing all)";
    }

    @Override
    public ProtectedResource open(ResourceContext context) {
        if (context.fencing() != Fencing.ALL) {
            throw new IllegalArgumentException("acme-ledger always checks tokens on reads and writes: run it with fencing all, not "
                    + context.fencing().wire());
        }
        Ledger ledger = new Ledger();
        return new ProtectedResource() {
            @Override
            public Read read(Long token) {
                if (token == null) return Read.ok(ledger.audit()); // the run's final read
                try {
                    return Read.ok(ledger.read(token));
                } catch (Ledger.StaleTokenException e) {
                    return Read.rejected(e.getMessage());
                }
            }

            @Override
            public Write write(Long token, long value) {
                if (token == null) return Write.rejected("the ledger takes writes only with a fencing token");
                try {
                    ledger.write(token, value);
                    return Write.ok();
                } catch (Ledger.StaleTokenException e) {
                    return Write.rejected(e.getMessage());
                }
            }
        };
    }
}
