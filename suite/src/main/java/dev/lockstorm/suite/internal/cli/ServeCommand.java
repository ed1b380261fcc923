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
        RunStore store = this.store.store();
        java.nio.file.Files.createDirectories(store.root());
        try (ResultsServer s = ResultsServer.start(store, port)) {
            System.out.println("lockstorm serve: http://127.0.0.1:" + s.port() + "/  (" + store.root() + "; Ctrl-C to stop)");
            Thread.currentThread().join();
        }
        return 0;
    }
}
