package dev.lockstorm.locks.db;

import java.sql.Connection;
import java.sql.SQLException;

/** Small JDBC helpers the database locks share. */
final class Jdbc {
    private Jdbc() {
    }

    /** Closes a connection that may be broken (its server gone or cut off); never throws. */
    static void closeQuietly(Connection c) {
        if (c == null) return;
        try {
            c.close(); // sends a goodbye without waiting for an answer: a cut-off server does not hold it up
        } catch (SQLException | RuntimeException e) {
            // nothing left to release
        }
    }
}
