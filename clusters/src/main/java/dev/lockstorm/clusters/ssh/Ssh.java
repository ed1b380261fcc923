package dev.lockstorm.clusters.ssh;

import org.apache.sshd.client.SshClient;
import org.apache.sshd.client.future.ConnectFuture;
import org.apache.sshd.client.keyverifier.AcceptAllServerKeyVerifier;
import org.apache.sshd.client.keyverifier.KnownHostsServerKeyVerifier;
import org.apache.sshd.client.keyverifier.RejectAllServerKeyVerifier;
import org.apache.sshd.client.keyverifier.ServerKeyVerifier;
import org.apache.sshd.client.session.ClientSession;
import org.apache.sshd.common.keyprovider.FileKeyPairProvider;
import org.apache.sshd.core.CoreModuleProperties;

import java.io.IOException;
import java.nio.file.Files;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The SSH client of a run: one connection per remote host, reused by every command, process and
 * upload on it, and all closed together.
 *
 * <pre>{@code
 * try (Ssh ssh = Ssh.start(SshOptions.defaults())) {
 *     SshHost n1 = ssh.connect(SshTarget.parse("root@10.0.0.11", "root"));
 *     n1.check(List.of("nft", "list", "ruleset"), null);
 * }
 * }</pre>
 *
 * <p>Apache MINA SSHD is the client: pure Java (no {@code ssh} binary or agent to drive), Apache
 * licensed, maintained, and it speaks current key types (Ed25519 with {@code eddsa}) and OpenSSH's
 * known-hosts format. A host that stops answering is found by keep-alive requests: after about
 * three missed replies its connection is closed, and whatever waited on it fails naming the host.
 */
public final class Ssh implements AutoCloseable {
    private final SshClient client;
    private final SshOptions options;
    private final List<SshHost> hosts = new CopyOnWriteArrayList<>();
    /** sessions whose host key the known-hosts check refused, to say so rather than "closed" */
    private final Set<ClientSession> refusedHostKey = ConcurrentHashMap.newKeySet();

    static {
        quietLogs();
    }

    /**
     * MINA logs every connection at INFO and each refusal at WARN; lockstorm says what failed
     * itself, naming the host. To be called before MINA's first logger exists (slf4j-simple reads
     * this then): by whatever touches MINA first.
     */
    public static void quietLogs() {
        System.getProperties().putIfAbsent("org.slf4j.simpleLogger.log.org.apache.sshd", "error");
    }

    private Ssh(SshClient client, SshOptions options) {
        this.client = client;
        this.options = options;
    }

    public static Ssh start(SshOptions options) {
        for (var key : options.keys()) {
            if (!Files.isReadable(key)) throw new IllegalArgumentException("--ssh-key: cannot read " + key);
        }
        SshClient client = SshClient.setUpDefaultClient();
        Ssh ssh = new Ssh(client, options);
        ServerKeyVerifier check = options.checkHostKeys()
                ? new KnownHostsServerKeyVerifier(RejectAllServerKeyVerifier.INSTANCE, options.knownHosts())
                : AcceptAllServerKeyVerifier.INSTANCE;
        client.setServerKeyVerifier((session, address, key) -> {
            boolean ok = check.verifyServerKey(session, address, key);
            if (!ok) ssh.refusedHostKey.add(session);
            return ok;
        });
        client.setKeyIdentityProvider(new FileKeyPairProvider(options.keys()));
        if (options.agent() != null) client.setAgentFactory(new SshAgentSocket(options.agent()));
        CoreModuleProperties.HEARTBEAT_INTERVAL.set(client, Duration.ofSeconds(2));
        CoreModuleProperties.HEARTBEAT_REPLY_WAIT.set(client, Duration.ofSeconds(2));
        CoreModuleProperties.HEARTBEAT_NO_REPLY_MAX.set(client, 3);
        client.start();
        return ssh;
    }

    public SshOptions options() {
        return options;
    }

    /** Connects and logs in; throws {@link SshException} naming the host and what failed. */
    public SshHost connect(SshTarget target) {
        return connect(target.host(), target);
    }

    /** Connects and logs in to the host the run calls {@code name} (n1, c1, …). */
    public SshHost connect(String name, SshTarget target) {
        Duration timeout = options.connectTimeout();
        ClientSession session = null;
        try {
            ConnectFuture f = client.connect(target.user(), target.host(), target.port());
            if (!f.await(timeout)) throw new SshException(target, "no answer within " + timeout.toSeconds() + " s (is sshd running and the port open?)");
            if (f.getException() != null) throw new SshException(target, "cannot connect: " + reason(f.getException()));
            session = f.getSession();
            try {
                session.auth().verify(timeout);
            } catch (IOException e) {
                if (refusedHostKey.remove(session)) {
                    throw new SshException(target, "its host key is not the one recorded in " + options.knownHosts()
                            + " (or is not recorded there); add it (ssh-keyscan) or, for throw-away hosts, turn the check off");
                }
                throw new SshException(target, "login as " + target.user() + " refused with " + describeKeys() + ": " + reason(e));
            }
            SshHost host = new SshHost(this, name, target, session);
            hosts.add(host);
            return host;
        } catch (IOException e) {
            if (session != null) session.close(true);
            throw new SshException(target, "cannot connect: " + reason(e), e);
        } catch (SshException e) {
            if (session != null) session.close(true);
            throw e;
        }
    }

    private String describeKeys() {
        String agent = options.agent() == null ? "" : "the agent's keys (" + options.agent() + ")";
        if (options.keys().isEmpty()) return agent.isEmpty() ? "no key (none in ~/.ssh, no SSH_AUTH_SOCK; give one)" : agent;
        return (agent.isEmpty() ? "" : agent + " and ") + "key " + options.keys();
    }

    static String reason(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) t = t.getCause();
        String m = t.getMessage();
        return m == null ? t.getClass().getSimpleName() : m;
    }

    void forget(SshHost host) {
        hosts.remove(host);
    }

    @Override
    public void close() {
        for (SshHost h : hosts) h.close();
        try {
            client.stop();
        } finally {
            try {
                client.close();
            } catch (IOException e) {
                // closing: nothing more to do
            }
        }
    }
}
