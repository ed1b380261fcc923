package dev.lockstorm.results;

import dev.lockstorm.checker.Analysis;
import dev.lockstorm.checker.CheckResult;
import dev.lockstorm.checker.Summary;
import dev.lockstorm.checker.io.TextFiles;
import dev.lockstorm.checker.lock.Coverage;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code junit.xml}: one test case per analysis, with the verdict the checker gave it, so that a CI
 * job shows a lock's failures like test failures: invalid is a failure, unknown an error (the check
 * could not decide), not checked is skipped. A failure's body lists every finding behind it (each
 * incident, stale write, token out of order, overwrite), so that a CI page shows them all. Suite and case names carry the run's system, nemesis,
 * fencing, seed and scenario variant, so that two runs of one system never collide.
 */
public final class JunitXml {
    private JunitXml() {
    }

    /** A run's suite: its name and cases, ready to write alone or inside a matrix's file. */
    public record Suite(String name, List<Case> cases, double seconds) {
    }

    /**
     * One test case: an analysis (or the run's coverage, or a run that did not happen) with its status,
     * and every finding behind it (the failure's body lists them all, none cut).
     */
    public record Case(String name, Analysis.Status status, String detail, List<String> findings) {
        public Case {
            findings = List.copyOf(findings);
        }

        public static Case of(Analysis a, List<String> findings) {
            return new Case(a.name(), a.status(), a.detail(), findings);
        }
    }

    /** The suite of a checked run. */
    public static Suite suite(RunReport.Outcome o) {
        List<Case> cases = new ArrayList<>();
        for (Analysis a : o.check().analyses()) cases.add(Case.of(a, Summary.findings(o.check(), a.kind())));
        Coverage c = o.check().coverage();
        if (c != null) {
            // a valid verdict that reached nothing dangerous is shown as skipped: it tested little
            cases.add(new Case("exercised", c.dangerousReached() ? Analysis.Status.VALID : Analysis.Status.NOT_CHECKED,
                    c.dangerousReached() ? c.describe() : "nothing dangerous exercised: " + c.nothingDangerous(), List.of()));
        }
        return new Suite(name(o.context().params(), o.check()), cases, o.context().seconds());
    }

    /** "lockstorm.redis-single.pause-client.fencing-all.seed-3" (and the scenario and variant, when there is one). */
    static String name(Map<String, Object> p, CheckResult r) {
        StringBuilder b = new StringBuilder("lockstorm.").append(p.getOrDefault("system", r.source()));
        if (p.get("nemesis") != null) b.append('.').append(p.get("nemesis"));
        if (p.get("fencing") != null) b.append(".fencing-").append(p.get("fencing"));
        if (p.get("seed") != null) b.append(".seed-").append(p.get("seed"));
        if (p.get("scenario") != null) b.append('.').append(p.get("scenario"));
        return b.toString().replaceAll("[^A-Za-z0-9_.-]+", "-");
    }

    public static void write(RunReport.Outcome o, Path file) throws IOException {
        TextFiles.write(file, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + xml(suite(o)));
    }

    /** Several runs' suites in one file ({@code <testsuites>}), as a matrix writes it. */
    public static void writeAll(List<Suite> suites, Path file) throws IOException {
        StringBuilder sb = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n");
        for (Suite s : suites) sb.append(xml(s));
        TextFiles.write(file, sb.append("</testsuites>\n").toString());
    }

    static String xml(Suite s) {
        long failures = s.cases().stream().filter(c -> c.status() == Analysis.Status.INVALID).count();
        long errors = s.cases().stream().filter(c -> c.status() == Analysis.Status.UNKNOWN).count();
        long skipped = s.cases().stream().filter(c -> (c.status() == Analysis.Status.NOT_CHECKED || c.status() == Analysis.Status.NOT_APPLICABLE)).count();
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "<testsuite name=\"%s\" tests=\"%d\" failures=\"%d\" errors=\"%d\" skipped=\"%d\" time=\"%.3f\">%n",
                esc(s.name()), s.cases().size(), failures, errors, skipped, s.seconds()));
        for (Case k : s.cases()) {
            Case c = k;
            sb.append("  <testcase classname=\"").append(esc(s.name())).append("\" name=\"").append(esc(c.name())).append("\"");
            switch (c.status()) {
                case VALID -> sb.append("/>\n");
                case NOT_CHECKED, NOT_APPLICABLE -> sb.append(">\n    <skipped message=\"").append(esc(c.detail())).append("\"/>\n  </testcase>\n");
                default -> {
                    String tag = c.status() == Analysis.Status.INVALID ? "failure" : "error";
                    sb.append(">\n    <").append(tag).append(" message=\"").append(esc(c.detail())).append("\" type=\"").append(c.status().wire()).append('"');
                    // a body only when it says more than the message (a single failure's explanation is the message)
                    boolean body = !k.findings().isEmpty() && !k.findings().equals(List.of(c.detail()));
                    sb.append(body ? ">" + esc(String.join("\n", k.findings())) + "</" + tag + ">" : "/>").append("\n  </testcase>\n");
                }
            }
        }
        return sb.append("</testsuite>\n").toString();
    }

    static String esc(String s) {
        return s == null ? "" : s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
