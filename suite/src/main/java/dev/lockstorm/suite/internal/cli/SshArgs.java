package dev.lockstorm.suite.internal.cli;

import dev.lockstorm.clusters.ssh.Ssh;
import dev.lockstorm.clusters.ssh.SshOptions;
import dev.lockstorm.clusters.ssh.SshTarget;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The options that name remote hosts and how to reach them over SSH (a picocli mixin). */
final class SshArgs {
    @Option(names = "--hosts", split = ",", paramLabel = "HOST",
            description = "Names remote hosts, comma-separated: host, user@host, host:port or user@host:port.")
    List<String> hosts = new ArrayList<>();

    @Option(names = "--hosts-file", paramLabel = "FILE",
            description = "Reads remote hosts from FILE, one per line (# starts a comment).")
    Path hostsFile;

    @Option(names = "--ssh-user", defaultValue = "root", paramLabel = "USER",
            description = "Sets the login for hosts that name none (default: ${DEFAULT-VALUE}).")
    String user;

    @Option(names = "--ssh-key", paramLabel = "FILE",
            description = "Sets the private key to log in with (default: the agent at SSH_AUTH_SOCK, then ~/.ssh/id_ecdsa, id_rsa, id_ed25519, those that exist).")
    Path key;

    @Option(names = "--known-hosts", paramLabel = "FILE",
            description = "Sets the file the hosts' keys are checked against (default: ~/.ssh/known_hosts).")
    Path knownHosts;

    @Option(names = "--remote-dir", defaultValue = "/var/lib/lockstorm", paramLabel = "DIR",
            description = "Sets where lockstorm keeps its files on remote hosts: each run's directory, and the jars it copies there once (default: ${DEFAULT-VALUE}).")
    Path remoteDir;

    @Option(names = "--no-host-key-check",
            description = "Accepts any host key: only for throw-away hosts whose keys nobody recorded.")
    boolean noHostKeyCheck;

    boolean given() {
        return !hosts.isEmpty() || hostsFile != null;
    }

    /** The hosts named, in order; IllegalArgumentException naming the option, file and line of a bad one. */
    List<SshTarget> targets() {
        List<SshTarget> out = new ArrayList<>(parse("--hosts", hosts));
        if (hostsFile != null) {
            List<String> lines;
            try {
                lines = Files.readAllLines(hostsFile);
            } catch (IOException e) {
                throw new IllegalArgumentException("--hosts-file: cannot read " + hostsFile + ": " + e.getMessage());
            }
            for (int i = 0; i < lines.size(); i++) {
                String line = lines.get(i).replaceFirst("#.*", "").strip();
                if (line.isEmpty()) continue;
                try {
                    out.add(SshTarget.parse(line, user));
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException(hostsFile + ":" + (i + 1) + ": " + e.getMessage());
                }
            }
        }
        if (out.isEmpty()) throw new IllegalArgumentException("--hosts/--hosts-file: no host named");
        return out;
    }

    /** Entries of a host list option, each {@code host}, {@code user@host}, … with the default user. */
    List<SshTarget> parse(String option, List<String> entries) {
        List<SshTarget> out = new ArrayList<>();
        for (String h : entries) {
            try {
                out.add(SshTarget.parse(h, user));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(option + ": " + e.getMessage());
            }
        }
        return out;
    }

    /** What a command does with the hosts named and a client to reach them; its exit code. */
    interface OnHosts {
        int apply(Ssh client, List<SshTarget> targets);
    }

    /**
     * Reads the hosts and options, starts a client and gives both to {@code use}; a bad entry or
     * option is printed as {@code lockstorm COMMAND: …} and exits 3.
     */
    int onHosts(String command, OnHosts use) {
        try {
            List<SshTarget> targets = targets();
            try (Ssh client = Ssh.start(options())) {
                return use.apply(client, targets);
            }
        } catch (IllegalArgumentException e) {
            System.err.println("lockstorm " + command + ": " + e.getMessage());
            return Main.BAD_INPUT;
        }
    }

    SshOptions options() {
        SshOptions o = SshOptions.defaults();
        if (key != null) o = o.withKey(key);
        if (knownHosts != null) o = o.withKnownHosts(knownHosts);
        if (noHostKeyCheck) o = o.withoutHostKeyCheck();
        return o;
    }
}
