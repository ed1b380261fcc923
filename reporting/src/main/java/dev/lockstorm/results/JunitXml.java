package dev.lockstorm.results;

import dev.lockstorm.checker.CheckResult;
import dev.lockstorm.checker.Verdict;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code junit.xml}: one test case per analysis, so that a CI job shows a lock's failures like test
 * failures. An unknown verdict is an error (the check could not decide), never a pass.
 */
public final class JunitXml {
    private JunitXml() {
    }

    /** One analysis: its name, verdict and, when not valid, why. */
    public record Case(String name, Verdict verdict, String message) {
    }

    public static List<Case> cases(CheckResult r) {
        List<Case> out = new ArrayList<>();
        var lin = r.linearizability();
        out.add(new Case("linearizability (" + lin.model() + ")", lin.verdict(),
                lin.failure() != null ? lin.failure().explanation() : lin.reason()));
        if (r.isLockCheck()) {
            out.add(new Case("double holders", r.doubleHolderCount() == 0 ? Verdict.VALID : Verdict.INVALID,
                    r.doubleHolderCount() == 0 ? null : r.doubleHolderCount() + " double holders; first: " + r.doubleHolders().get(0).explanation()));
            boolean fencingOk = r.staleWritesAccepted() == 0 && r.tokenViolations() == 0;
            out.add(new Case("fencing", fencingOk ? Verdict.VALID : Verdict.INVALID, fencingOk ? null
                    : r.tokenViolations() + " tokens out of order, " + r.staleWritesAccepted() + " stale writes accepted"));
            Verdict res = !r.resource().checked() ? Verdict.UNKNOWN : r.lostUpdates() == 0 ? Verdict.VALID : Verdict.INVALID;
            out.add(new Case("resource (lost updates)", res, r.resource().explanation()));
        }
        return out;
    }

    public static void write(String suite, List<Case> cases, double seconds, Path file) throws IOException {
        long failures = cases.stream().filter(c -> c.verdict() == Verdict.INVALID).count();
        long errors = cases.stream().filter(c -> c.verdict() == Verdict.UNKNOWN).count();
        StringBuilder sb = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        sb.append(String.format(java.util.Locale.ROOT, "<testsuite name=\"%s\" tests=\"%d\" failures=\"%d\" errors=\"%d\" time=\"%.3f\">%n",
                esc(suite), cases.size(), failures, errors, seconds));
        for (Case c : cases) {
            sb.append("  <testcase classname=\"lockstorm.").append(esc(suite)).append("\" name=\"").append(esc(c.name())).append("\"");
            if (c.verdict() == Verdict.VALID) {
                sb.append("/>\n");
                continue;
            }
            String tag = c.verdict() == Verdict.INVALID ? "failure" : "error";
            sb.append(">\n    <").append(tag).append(" message=\"").append(esc(c.message() == null ? c.verdict().wire() : c.message()))
                    .append("\" type=\"").append(c.verdict().wire()).append("\"/>\n  </testcase>\n");
        }
        sb.append("</testsuite>\n");
        Files.writeString(file, sb.toString(), StandardCharsets.UTF_8);
    }

    static String esc(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
