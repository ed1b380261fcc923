package dev.lockstorm.checker.io;

import dev.lockstorm.checker.history.HistoryBuilder;
import dev.lockstorm.checker.history.HistoryFormatException;
import dev.lockstorm.checker.history.Op;
import dev.lockstorm.checker.history.OpType;

import java.io.BufferedReader;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the op lines of a Jepsen log, {@code INFO  jepsen.util - 3\t:ok\t:read\t2} (tabs or spaces).
 * Lines of other loggers are not history and are passed over; a {@code jepsen.util} line that does
 * not parse is an error.
 *
 * <p>A {@code :fail :cas} here is a definite failed compare-and-set, as in Jepsen's etcd test: it
 * becomes an {@code ok} cas whose value is {@code false}, which the register models linearize at an
 * instant where the register did not hold the expected value. Other {@code :fail}s did not happen.
 */
final class JepsenLogReader {
    private static final Pattern OP = Pattern.compile("jepsen\\.util - (\\S+)\\s+:(\\S+)\\s+:(\\S+)\\s*(.*)$");

    private JepsenLogReader() {
    }

    static void read(BufferedReader in, String source, HistoryBuilder out) throws IOException {
        String text;
        int line = 0;
        int lines = 0;
        int ops = 0;
        while ((text = in.readLine()) != null) {
            line++;
            if (!text.isBlank()) lines++;
            if (!text.contains("jepsen.util - ")) continue;
            ops++;
            Matcher m = OP.matcher(text);
            if (!m.find()) {
                throw new HistoryFormatException(source, line, "expected '<process>\\t:<type>\\t:<f>\\t<value>' after 'jepsen.util - '");
            }
            Map<String, Object> extra = new LinkedHashMap<>();
            Object p = scalar(m.group(1), source, line);
            int process = JepsenOps.process(p, extra, source, line, out);
            OpType type = OpType.fromWire(m.group(2));
            if (type == null) throw new HistoryFormatException(source, line, "type :" + m.group(2) + "; expected :invoke, :ok, :fail or :info");
            String f = m.group(3);
            String v = m.group(4).strip();
            Object value = v.isEmpty() ? null : scalar(v, source, line);
            if (type == OpType.FAIL && f.equals("cas") && process != Op.NEMESIS) {
                type = OpType.OK;
                extra.put("cas", value);
                value = Boolean.FALSE;
            }
            out.add(new Op(0, Op.NO_TIME, type, process, f, value, extra, line));
        }
        if (ops == 0 && lines > 0) {
            // passing over other loggers' lines must not turn a file of another format into an empty, valid history
            throw new HistoryFormatException(source, 1, "no Jepsen op line in " + lines + (lines == 1 ? " line" : " lines") + "; expected the jepsen-log format,"
                    + " lines like 'INFO  jepsen.util - 3\t:invoke\t:read\tnil' (another format? use --format jsonl or edn)");
        }
    }

    /** An EDN value; the common ones of a log line (nil, a whole number) without starting a reader for each. */
    private static Object scalar(String text, String source, int line) {
        if (text.equals("nil")) return null;
        int n = text.length();
        if (n > 0 && n < 19) {
            int i = text.charAt(0) == '-' && n > 1 ? 1 : 0;
            boolean digits = true;
            for (int j = i; j < n && digits; j++) digits = text.charAt(j) >= '0' && text.charAt(j) <= '9';
            if (digits) return Long.parseLong(text);
        }
        return EdnReader.parse(text, source, line);
    }
}
