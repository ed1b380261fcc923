package dev.lockstorm.suite.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code lockstorm}: the command line. Exit codes: 0 valid, 1 invalid, 2 unknown, 3 bad input or setup. */
@Command(name = "lockstorm", mixinStandardHelpOptions = true, version = "lockstorm 0.1.0",
        description = "Fault-injection correctness suite for distributed locks.",
        subcommands = {RunCommand.class, ReproduceCommand.class, ListCommand.class, MatrixCommand.class, CheckCommand.class, ReportCommand.class, ServeCommand.class, DemoCommand.class, BenchCommand.class,
                DoctorCommand.class, CleanupCommand.class,
                CommandLine.HelpCommand.class})
public final class Main implements Runnable {
    public static final int BAD_INPUT = 3;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        System.exit(run(args));
    }

    /** Runs the CLI and returns its exit code (tests call this). */
    public static int run(String... args) {
        CommandLine cl = new CommandLine(new Main());
        cl.setExitCodeExceptionMapper(e -> BAD_INPUT);
        cl.setExecutionExceptionHandler((ex, c, parsed) -> {
            // setup problems (no lab, a missing binary) are reported in one line, not a stack trace
            if (ex instanceof dev.lockstorm.clusters.lab.LabException) {
                c.getErr().println("lockstorm: " + ex.getMessage());
                return BAD_INPUT;
            }
            throw ex;
        });
        cl.setParameterExceptionHandler((ex, a) -> {
            ex.getCommandLine().getErr().println("lockstorm: " + ex.getMessage());
            ex.getCommandLine().getErr().println("Try '" + ex.getCommandLine().getCommandSpec().qualifiedName() + " --help'.");
            return BAD_INPUT;
        });
        // the run records its exact command line
        CommandLine run = cl.getSubcommands().get("run");
        if (args.length > 0 && args[0].equals("run")) {
            ((RunCommand) run.getCommand()).argv = java.util.List.of(args).subList(1, args.length);
        }
        return cl.execute(args);
    }

    @Override
    public void run() {
        spec.commandLine().usage(System.out);
    }
}
