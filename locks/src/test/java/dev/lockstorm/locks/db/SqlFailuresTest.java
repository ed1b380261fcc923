package dev.lockstorm.locks.db;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.support.SQLStateSQLExceptionTranslator;

import java.sql.SQLException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

/** A broken connection is a failure whose statement may have been applied; a duplicate key is ShedLock's normal "taken". */
@Tag("unit")
class SqlFailuresTest {

    @Test
    void brokenConnectionsCountAndDuplicateKeysDoNot() {
        SqlFailures f = new SqlFailures(new SQLStateSQLExceptionTranslator());
        assertNotNull(f.translate("insert", "INSERT …", new SQLException("duplicate key value", "23505")));
        assertEquals(0, f.count());
        f.translate("update", "UPDATE …", new SQLException("An I/O error occurred while sending to the backend", "08006"));
        f.translate("update", "UPDATE …", new SQLException("no state"));
        assertEquals(2, f.count());
        assertEquals("no state", f.last());
    }
}
