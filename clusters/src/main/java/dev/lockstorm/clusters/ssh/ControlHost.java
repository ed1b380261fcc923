package dev.lockstorm.clusters.ssh;

import dev.lockstorm.clusters.lab.Commands;
import dev.lockstorm.clusters.lab.LabException;
import dev.lockstorm.clusters.lab.LocalHost;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;

/**
 * The control node itself as a host of a remote run, where clients run when the run names no
 * client hosts (as Jepsen's clients run on its control node). Its processes are this machine's own;
 * its address is the one the servers see it connect from. No link of it is ever cut: the SSH
 * connections that drive the run go over the same links, so a nemesis that would cut it is refused.
 */
public final class ControlHost extends LocalHost {

    private ControlHost(String name, String address) {
        super(name, address);
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

    /** The command as it is; a firewall command is refused: a rule here would cut this machine's own links, the run's SSH connections among them. */
    @Override
    protected List<String> wrap(List<String> cmd) {
        if (!cmd.isEmpty() && (cmd.get(0).equals("nft") || cmd.get(0).equals("iptables"))) {
            throw new LabException("will not change the firewall of the control node (client " + name
                    + " runs here): name client hosts with --client-hosts for a nemesis that cuts clients off");
        }
        return cmd;
    }

    @Override
    public String toString() {
        return name + "(control node, " + address() + ")";
    }
}
