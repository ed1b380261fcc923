package dev.lockstorm.clusters.ssh;

import dev.lockstorm.clusters.lab.Commands;
import dev.lockstorm.clusters.lab.Host;
import dev.lockstorm.clusters.lab.LabException;
import dev.lockstorm.clusters.lab.LocalFiles;
import dev.lockstorm.clusters.lab.LocalProcess;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The control node itself as a host of a remote run, where clients run when the run names no
 * client hosts (as Jepsen's clients run on its control node). Its processes are this machine's own;
 * its address is the one the servers see it connect from. No link of it is ever cut: the SSH
 * connections that drive the run go over the same links, so a nemesis that would cut it is refused.
 */
public final class ControlHost implements Host {
    private final String name;
    private final String address;

    private ControlHost(String name, String address) {
        this.name = name;
        this.address = address;
    }

    /** The control node, called {@code name} in the run, with the address it reaches {@code server} from. */
    public static ControlHost towards(String name, String server) {
        String ip;
        try {
            ip = InetAddress.getByName(server).getHostAddress();
        } catch (UnknownHostException e) {
            throw new LabException("cannot resolve " + server + ": " + e.getMessage(), e);
        }
        Commands.Result r = Commands.run("ip", "-o", "route", "get", ip);
        String[] words = r.output().strip().split("\\s+");
        for (int i = 0; i + 1 < words.length; i++) {
            if (words[i].equals("src")) return new ControlHost(name, words[i + 1]);
        }
        throw new LabException("cannot tell this machine's address towards " + server + " ('ip route get " + ip + "': " + r.output().strip() + ")");
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String address() {
        return address;
    }

    @Override
    public boolean local() {
        return true;
    }

    @Override
    public Commands.Result exec(String... cmd) {
        refuseFirewall(List.of(cmd));
        return Commands.run(cmd);
    }

    @Override
    public Commands.Result exec(List<String> cmd, java.time.Duration timeout) {
        refuseFirewall(cmd);
        return Commands.run(cmd, null, timeout);
    }

    @Override
    public String check(List<String> cmd, String stdin) {
        refuseFirewall(cmd);
        return Commands.check(cmd, stdin);
    }

    /** A last guard: a rule here would cut this machine's own links, the run's SSH connections among them. */
    private void refuseFirewall(List<String> cmd) {
        if (!cmd.isEmpty() && (cmd.get(0).equals("nft") || cmd.get(0).equals("iptables"))) {
            throw new LabException("will not change the firewall of the control node (client " + name
                    + " runs here): name client hosts with --client-hosts for a nemesis that cuts clients off");
        }
    }

    @Override
    public void write(Path file, String content) {
        LocalFiles.write(file, content, name);
    }

    @Override
    public void delete(Path file) {
        LocalFiles.delete(file, name);
    }

    @Override
    public void upload(Path local, Path file) {
        LocalFiles.copy(local, file, name);
    }

    @Override
    public LocalProcess start(String name, List<String> cmd, Map<String, String> env, Path log) {
        return LocalProcess.start(this, name, cmd, env, log, false);
    }

    @Override
    public LocalProcess startPiped(String name, List<String> cmd, Map<String, String> env, Path log) {
        return LocalProcess.start(this, name, cmd, env, log, true);
    }

    @Override
    public String toString() {
        return name + "(control node, " + address + ")";
    }
}
