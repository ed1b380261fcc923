package dev.lockstorm.clusters.ssh;

import java.util.ArrayList;
import java.util.List;

/**
 * What a remote host offers a run, as {@code lockstorm doctor --hosts} reports it: reachable over
 * SSH, logged in as root (a run starts servers, cuts links and moves clocks as root; a user with
 * passwordless sudo is reported, but a run does not use sudo), a firewall tool to cut links with (nft or iptables), apt to
 * install servers with, and Java for ZooKeeper nodes and workers.
 *
 * @param target the host
 * @param reachable "ok", or why not (then the other columns are "-")
 * @param root "root", "sudo", or "no"
 * @param firewall "nft", "iptables", "nft, iptables", or "missing"
 * @param apt "apt-get" or "missing"
 * @param java the first line of {@code java -version}, or "missing"
 * @param problems what a run would stop on, one phrase each (empty: ready)
 */
public record HostCheck(SshTarget target, String reachable, String root, String firewall, String apt, String java, List<String> problems) {

    public boolean ready() {
        return problems.isEmpty();
    }

    /** Connects to {@code target} and looks; never throws for what it finds. */
    public static HostCheck of(Ssh ssh, SshTarget target) {
        SshHost host;
        try {
            host = ssh.connect(target);
        } catch (SshException e) {
            String why = e.what();
            return new HostCheck(target, why, "-", "-", "-", "-", List.of("not reachable: " + why));
        }
        try (host) {
            List<String> problems = new ArrayList<>();
            String root;
            if (host.exec("id", "-u").output().strip().equals("0")) root = "root";
            else if (host.exec("sudo", "-n", "true").ok()) root = "sudo";
            else root = "no";
            if (!root.equals("root")) {
                problems.add("not root" + (root.equals("sudo") ? " (passwordless sudo is not enough: a run logs in as root)" : "")
                        + ": put your public key in root's ~/.ssh/authorized_keys and log in as root");
            }
            List<String> fw = new ArrayList<>();
            if (has(host, "nft")) fw.add("nft");
            if (has(host, "iptables")) fw.add("iptables");
            String firewall = fw.isEmpty() ? "missing" : String.join(", ", fw);
            if (!fw.contains("nft")) problems.add("no nft to cut links with (a partition is an nft table; a run installs nftables with apt)");
            String apt = has(host, "apt-get") ? "apt-get" : "missing";
            if (apt.equals("missing")) problems.add("no apt-get to install servers with");
            var j = host.exec("sh", "-c", "java -version 2>&1 | head -n 1");
            String java = j.ok() && !j.output().isBlank() && !j.output().contains("not found") ? j.output().strip() : "missing";
            if (java.equals("missing")) problems.add("no java (apt-get install openjdk-17-jre-headless)");
            return new HostCheck(target, "ok", root, firewall, apt, java, List.copyOf(problems));
        } catch (SshException e) {
            String why = e.what();
            return new HostCheck(target, why, "-", "-", "-", "-", List.of(why));
        }
    }

    /** On the PATH, or in /usr/sbin: a login that is not root has no /usr/sbin on its PATH, but a run logs in as root. */
    private static boolean has(SshHost host, String program) {
        return host.has(program) || host.has("/usr/sbin/" + program);
    }

    /** One table for all hosts, a row each, then each host's problems. */
    public static String table(List<HostCheck> checks) {
        String[] head = {"host", "reachable", "root", "firewall", "apt", "java"};
        List<String[]> rows = new ArrayList<>();
        rows.add(head);
        for (HostCheck c : checks) rows.add(new String[]{c.target.toString(), c.reachable, c.root, c.firewall, c.apt, c.java});
        int[] w = new int[head.length];
        for (String[] r : rows) for (int i = 0; i < r.length; i++) w[i] = Math.max(w[i], Math.min(r[i].length(), 48));
        StringBuilder sb = new StringBuilder();
        for (String[] r : rows) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < r.length; i++) {
                String cell = r[i].length() > 48 ? r[i].substring(0, 47) + "…" : r[i];
                line.append(String.format("%-" + w[i] + "s", cell)).append("  ");
            }
            sb.append(line.toString().stripTrailing()).append('\n');
        }
        for (HostCheck c : checks) for (String p : c.problems) sb.append(c.target).append(": ").append(p).append('\n');
        return sb.toString();
    }
}
