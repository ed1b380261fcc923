package dev.lockstorm.checker.io;

import dev.lockstorm.checker.history.HistoryBuilder;
import dev.lockstorm.checker.history.HistoryFormatException;

import java.io.Reader;
import java.util.Map;

/**
 * Reads a Jepsen EDN history: either one vector or list of op maps (knossos's {@code data/}), or a
 * sequence of op maps, one a line (porcupine's {@code kv} histories).
 */
final class EdnHistoryReader {
    private EdnHistoryReader() {
    }

    static void read(Reader in, String source, HistoryBuilder out) {
        JepsenNemesis steps = new JepsenNemesis(out);
        readOps(in, source, out, steps);
        steps.finish();
    }

    private static void readOps(Reader in, String source, HistoryBuilder out, JepsenNemesis steps) {
        EdnReader edn = new EdnReader(in, source);
        int c = edn.skipWhitespace();
        if (c == '[' || c == '(') {
            char close = c == '[' ? ']' : ')';
            edn.next();
            while (true) {
                int d = edn.skipWhitespace();
                if (d == -1) throw edn.error("unexpected end of input; expected '" + close + "' closing the history");
                if (d == close) {
                    edn.next();
                    break;
                }
                addOp(edn, source, out, steps);
            }
            if (edn.skipWhitespace() != -1) throw edn.error("text after the history's closing '" + close + "'");
            return;
        }
        while (edn.skipWhitespace() != -1) addOp(edn, source, out, steps);
    }

    private static void addOp(EdnReader edn, String source, HistoryBuilder out, JepsenNemesis steps) {
        int line = edn.line();
        Object form = edn.read();
        if (!(form instanceof Map<?, ?> m)) {
            throw new HistoryFormatException(source, line, "expected an op map {:process … :type … :f … :value …}, found " + form);
        }
        @SuppressWarnings("unchecked") Map<String, Object> op = (Map<String, Object>) m;
        steps.add(JepsenOps.fromMap(op, source, line, out), op.get("index"));
    }
}
