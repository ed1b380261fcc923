package dev.lockstorm.suite.internal.bench;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * The baseline beside the database locks' cycles: N JDBC connections in one JVM, each running
 * {@code SELECT 1} in a loop, one statement at a time (a lock cycle's statements are sequential
 * too). Prints "CYCLES n SECONDS s". Usage: SelectLoop JDBC_URL CLIENTS SECONDS
 */
public final class SelectLoop {
    public static void main(String[] args) throws Exception {
        int clients = Integer.parseInt(args[1]);
        long seconds = Long.parseLong(args[2]);
        List<Connection> opened = new ArrayList<>();
        List<TimedLoop.Step> steps = new ArrayList<>();
        for (int i = 0; i < clients; i++) {
            Connection c = DriverManager.getConnection(args[0]);
            opened.add(c);
            Statement s = c.createStatement();
            steps.add(() -> {
                try (ResultSet rs = s.executeQuery("SELECT 1")) {
                    rs.next();
                }
            });
        }
        TimedLoop.run(steps, seconds);
        for (Connection c : opened) c.close();
        System.exit(0);
    }
}
