package dev.lockstorm.suite.internal.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

import java.util.List;

/** {@code lockstorm}: the command line. Exit codes: 0 valid, 1 invalid, 2 unknown, 3 bad input or setup. */
@Command(name = "lockstorm", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        description = "Fault-injection correctness suite for distributed locks.")
public final class Main implements Runnable {
    public static final int BAD_INPUT = 3;

    /** The commands, in the order help lists them. */
    private static final List<Class<?>> COMMANDS = List.of(RunCommand.class, ReplayCommand.class, ShrinkCommand.class, ReproduceCommand.class, ListCommand.class, SystemsCommand.class,
            MatrixCommand.class, HuntCommand.class, MergeCommand.class, CheckCommand.class, ReportCommand.class, ServeCommand.class, DemoCommand.class, BenchCommand.class,
            DoctorCommand.class, CleanupCommand.class, ImagesCommand.class, CommandLine.HelpCommand.class);

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /**
     * Set to 1 by a process that starts lockstorm and keeps its stdin open for as long as it wants the
     * run (the JUnit extension): when stdin closes, that process went away, and this one exits at
     * once, so that its lab and everything in it goes too.
     */
    public static final String EXIT_WITH_STDIN = "LOCKSTORM_EXIT_WITH_STDIN";

    public static void main(String[] args) {
        if ("1".equals(System.getenv(EXIT_WITH_STDIN))) exitWhenStdinCloses();
        Terminal.install();
        // a plain check skips picocli's start-up (CheckCommand.quick); anything else goes the usual way
        java.util.OptionalInt quick = args.length > 1 && args[0].equals("check") ? CheckCommand.quick(args) : java.util.OptionalInt.empty();
        int code = quick.isPresent() ? quick.getAsInt() : run(args);
        // the JVM that writes the launcher's class-data archive loads what every kind of check needs
        if (System.getProperty(CheckWarmup.PROPERTY) != null) CheckWarmup.run();
        System.exit(code);
    }

    private static void exitWhenStdinCloses() {
        Thread t = new Thread(() -> {
            try {
                while (System.in.read() >= 0) {
                    // nothing is read from it but its end
                }
            } catch (java.io.IOException e) {
                // closed too
            }
            System.err.println("lockstorm: the process that started this run went away; stopping");
            Runtime.getRuntime().halt(BAD_INPUT);
        }, "exit-with-stdin");
        t.setDaemon(true);
        t.start();
    }

    /** Runs the CLI and returns its exit code (tests call this). */
    public static int run(String... args) {
        CommandLine cl = new CommandLine(new Main());
        // picocli builds a command's model from its annotations when it is added (~10 ms each): add
        // only the command being run, unless help or an unknown command needs the whole list
        Class<?> wanted = args.length == 0 ? null
                : COMMANDS.stream().filter(c -> c.getAnnotation(Command.class).name().equals(args[0])).findFirst().orElse(null);
        for (Class<?> c : COMMANDS) {
            if (wanted == null || wanted == CommandLine.HelpCommand.class || c == wanted) cl.addSubcommand(c);
        }
        cl.setExitCodeExceptionMapper(e -> BAD_INPUT);
        cl.setExecutionExceptionHandler((ex, c, parsed) -> {
            // setup problems (no lab, a missing binary) are reported in one line, not a stack trace
            if (ex instanceof dev.lockstorm.clusters.lab.LabException || ex instanceof dev.lockstorm.suite.internal.run.SetupException
                    || ex instanceof dev.lockstorm.locks.internal.registry.PluginException) {
                c.getErr().println("lockstorm: " + ex.getMessage());
                return BAD_INPUT;
            }
            throw ex;
        });
        cl.setParameterExceptionHandler((ex, a) -> {
            CommandLine at = ex.getCommandLine();
            at.getErr().println("lockstorm: " + unknownFirst(at, a, ex.getMessage()));
            at.getErr().println("Try '" + at.getCommandSpec().qualifiedName() + " --help'.");
            return BAD_INPUT;
        });
        // a run records its exact command line
        CommandLine sub = args.length > 0 ? cl.getSubcommands().get(args[0]) : null;
        if (sub != null && sub.getCommand() instanceof Typed t) t.typed(java.util.List.of(args).subList(1, args.length));
        try {
            return cl.execute(args);
        } catch (StackOverflowError | OutOfMemoryError e) {
            // never leave through the JVM's exit code 1, which means "invalid"
            System.err.println("lockstorm: internal error: " + e + "; please report it with the command and its input");
            return BAD_INPUT;
        }
    }

    /**
     * A mistyped option or subcommand named as such, with what it was probably meant to be, before
     * whatever else picocli found ("--sytem" is first an unknown option, not a missing --system).
     */
    static String unknownFirst(CommandLine at, String[] args, String message) {
        java.util.Set<String> commands = at.getSubcommands().keySet();
        if (!commands.isEmpty()) {
            if (args.length > 0 && !args[0].startsWith("-") && !commands.contains(args[0])) {
                String guess = dev.lockstorm.locks.internal.names.DidYouMean.phrase(args[0], commands);
                return "unknown command '" + args[0] + "'" + (guess == null ? "" : "; " + guess);
            }
            return message;
        }
        // a subcommand's own options: the words after its name
        java.util.Set<String> options = new java.util.TreeSet<>();
        at.getCommandSpec().options().forEach(o -> options.addAll(java.util.List.of(o.names())));
        int from = java.util.Arrays.asList(args).indexOf(at.getCommandName()) + 1;
        for (String arg : java.util.Arrays.asList(args).subList(Math.max(0, from), args.length)) {
            String word = arg.contains("=") ? arg.substring(0, arg.indexOf('=')) : arg;
            if (word.startsWith("--") && !options.contains(word)) {
                String guess = dev.lockstorm.locks.internal.names.DidYouMean.phrase(word, options);
                return "unknown option '" + word + "'" + (guess == null ? "" : "; " + guess);
            }
        }
        return message;
    }

    @Override
    public void run() {
        spec.commandLine().usage(System.out);
    }

    /** The version the build wrote into {@code version.properties}. */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() throws java.io.IOException {
            java.util.Properties p = new java.util.Properties();
            try (var in = Main.class.getResourceAsStream("/dev/lockstorm/suite/version.properties")) {
                if (in != null) p.load(in);
            }
            return new String[]{"lockstorm " + p.getProperty("version", "(unknown version)")};
        }
    }
}
