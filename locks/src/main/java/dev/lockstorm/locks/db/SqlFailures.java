package dev.lockstorm.locks.db;

import org.springframework.dao.DataAccessException;
import org.springframework.jdbc.support.SQLExceptionTranslator;

import java.sql.SQLException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Sees every SQL failure that a library on a {@code JdbcTemplate} catches and hides. ShedLock's
 * provider turns a failed statement into "not locked" and its unlock only logs one; but a statement
 * whose connection broke may have been applied all the same, so the adapter must know that it
 * failed to record the outcome as unknown. Integrity violations (SQLState class 23, a duplicate
 * key) are the provider's normal path to "taken", and are not counted.
 *
 * <pre>{@code
 * SqlFailures failures = new SqlFailures(jdbc.getExceptionTranslator());
 * jdbc.setExceptionTranslator(failures);
 * int before = failures.count(); ...; if (failures.count() > before) { the outcome is unknown }
 * }</pre>
 */
final class SqlFailures implements SQLExceptionTranslator {
    private final SQLExceptionTranslator translator;
    private final AtomicInteger count = new AtomicInteger();
    private volatile String last;

    SqlFailures(SQLExceptionTranslator translator) {
        this.translator = translator;
    }

    @Override
    public DataAccessException translate(String task, String sql, SQLException e) {
        if (!isIntegrityViolation(e)) {
            last = e.getMessage();
            count.incrementAndGet();
        }
        return translator.translate(task, sql, e);
    }

    static boolean isIntegrityViolation(SQLException e) {
        String state = e.getSQLState();
        return state != null && state.startsWith("23");
    }

    /** Failures so far. */
    int count() {
        return count.get();
    }

    /** The last failure's message, or null. */
    String last() {
        return last;
    }
}
