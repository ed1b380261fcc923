package dev.lockstorm.checker.io;

import dev.lockstorm.checker.history.HistoryBuilder;
import dev.lockstorm.checker.history.HistoryFormatException;
import dev.lockstorm.checker.history.Op;
import dev.lockstorm.checker.history.OpType;

import java.io.BufferedReader;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;

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
    /** What begins an op's fields on a line of Jepsen's log (other loggers' lines are passed over). */
    private static final String MARK = "jepsen.util - ";

    private JepsenLogReader() {
    }

    static void read(BufferedReader in, String source, HistoryBuilder out) throws IOException {
        String text;
        int line = 0;
        int lines = 0;
        int ops = 0;
        JepsenNemesis steps = new JepsenNemesis(out);
        while ((text = in.readLine()) != null) {
            line++;
            if (!text.isBlank()) lines++;
            int at = text.indexOf(MARK);
            if (at < 0) continue;
            ops++;
            // <process> <ws> :<type> <ws> :<f> [<ws> <value>], read by hand: a regular expression per line was most of a small log's read
            int[] cut = fields(text, at + MARK.length());
            if (cut == null) {
                throw new HistoryFormatException(source, line, "expected '<process>\\t:<type>\\t:<f>\\t<value>' after 'jepsen.util - '");
            }
            Map<String, Object> extra = new LinkedHashMap<>();
            Object p = scalar(text.substring(at + MARK.length(), cut[0]), source, line);
            int process = JepsenOps.process(p, extra, source, line, out);
            String typeWord = text.substring(cut[1], cut[2]);
            OpType type = OpType.fromWire(typeWord);
            if (type == null) throw new HistoryFormatException(source, line, "type :" + typeWord + "; expected :invoke, :ok, :fail or :info");
            String f = out.canonical(text.substring(cut[3], cut[4]));
            String v = text.substring(cut[4]).strip();
            Object value = v.isEmpty() ? null : scalar(v, source, line);
            if (type == OpType.FAIL && f.equals("cas") && process != Op.NEMESIS) {
                type = OpType.OK;
                extra.put("cas", value);
                value = Boolean.FALSE;
            }
            steps.add(new Op(0, Op.NO_TIME, type, process, f, value, extra, line), null);
        }
        steps.finish();
        if (ops == 0 && lines > 0) {
            // passing over other loggers' lines must not turn a file of another format into an empty, valid history
            throw new HistoryFormatException(source, 1, "no Jepsen op line in " + lines + (lines == 1 ? " line" : " lines") + "; expected the jepsen-log format,"
                    + " lines like 'INFO  jepsen.util - 3\t:invoke\t:read\tnil' (another format? use --format jsonl or edn)");
        }
    }

    /**
     * Where the fields of an op line end and begin, from {@code i} (just past {@link #MARK}): the
     * process's end, the type's start and end (past its colon), the function's start and end; null
     * when the line is not {@code <process> <ws> :<type> <ws> :<f>}, each a run of non-blank characters.
     */
    private static int[] fields(String text, int i) {
        int n = text.length();
        int processEnd = word(text, i);
        if (processEnd == i) return null;
        int typeColon = blanks(text, processEnd);
        if (typeColon == processEnd || typeColon >= n || text.charAt(typeColon) != ':') return null;
        int typeEnd = word(text, typeColon + 1);
        if (typeEnd == typeColon + 1) return null;
        int fColon = blanks(text, typeEnd);
        if (fColon == typeEnd || fColon >= n || text.charAt(fColon) != ':') return null;
        int fEnd = word(text, fColon + 1);
        if (fEnd == fColon + 1) return null;
        return new int[] {processEnd, typeColon + 1, typeEnd, fColon + 1, fEnd};
    }

    /** The end of the run of non-blank characters from {@code i}. */
    private static int word(String text, int i) {
        while (i < text.length() && !blank(text.charAt(i))) i++;
        return i;
    }

    /** The end of the run of blanks from {@code i}. */
    private static int blanks(String text, int i) {
        while (i < text.length() && blank(text.charAt(i))) i++;
        return i;
    }

    /** A blank as a regular expression's {@code \s} is one: space, tab, a line's end, vertical tab, form feed. */
    private static boolean blank(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\u000B' || c == '\f' || c == '\r';
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
