package dev.lockstorm.suite.internal.cli;

import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * What the CLI prints during a test, captured from System.out and System.err:
 * {@code @RegisterExtension final ConsoleCapture console = new ConsoleCapture();}
 */
public final class ConsoleCapture implements BeforeEachCallback, AfterEachCallback {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private PrintStream oldOut;
    private PrintStream oldErr;

    @Override
    public void beforeEach(ExtensionContext context) {
        oldOut = System.out;
        oldErr = System.err;
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @Override
    public void afterEach(ExtensionContext context) {
        System.setOut(oldOut);
        System.setErr(oldErr);
    }

    /** Forgets what was captured so far. */
    public void reset() {
        out.reset();
        err.reset();
    }

    public String out() {
        return out.toString(StandardCharsets.UTF_8);
    }

    public String err() {
        return err.toString(StandardCharsets.UTF_8);
    }
}
