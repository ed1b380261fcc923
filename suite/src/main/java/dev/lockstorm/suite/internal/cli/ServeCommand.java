package dev.lockstorm.suite.internal.cli;

import dev.lockstorm.results.ResultsServer;
import dev.lockstorm.results.RunStore;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.concurrent.Callable;

/** {@code lockstorm serve}: browse all results on localhost. */
@Command(name = "serve", mixinStandardHelpOptions = true, description = "Serves every run's report and files on http://127.0.0.1:PORT/ until stopped.")
public final class ServeCommand implements Callable<Integer> {
    @Option(names = "--port", defaultValue = "8080", description = "Sets the port on 127.0.0.1 (default: ${DEFAULT-VALUE}).")
    int port;

    @Mixin
    StoreOption store;

    @Override
    public Integer call() throws Exception {
        if (port < 0 || port > 65535) {
            System.err.println("lockstorm serve: --port must be 0 to 65535 (0 picks a free one), not " + port);
            return Main.BAD_INPUT;
        }
        RunStore store = this.store.store();
        try {
            java.nio.file.Files.createDirectories(store.root());
        } catch (java.io.IOException e) {
            System.err.println("lockstorm serve: cannot open the store " + store.root() + ": " + IoProblems.describe(e));
            return Main.BAD_INPUT;
        }
        ResultsServer server;
        try {
            server = ResultsServer.start(store, port);
        } catch (java.net.BindException e) {
            System.err.println("lockstorm serve: port " + port + " on 127.0.0.1 is in use; choose another with --port (0 picks a free one)");
            return Main.BAD_INPUT;
        }
        try (ResultsServer s = server) {
            System.out.println("lockstorm serve: http://127.0.0.1:" + s.port() + "/  (" + store.root() + "; Ctrl-C to stop)");
            Thread.currentThread().join();
        }
        return 0;
    }
}
