package dev.lockstorm.clusters.ssh;

import org.apache.sshd.agent.SshAgent;
import org.apache.sshd.agent.SshAgentFactory;
import org.apache.sshd.agent.SshAgentServer;
import org.apache.sshd.agent.common.AbstractAgentProxy;
import org.apache.sshd.common.FactoryManager;
import org.apache.sshd.common.channel.ChannelFactory;
import org.apache.sshd.common.session.ConnectionService;
import org.apache.sshd.common.session.Session;
import org.apache.sshd.common.util.buffer.Buffer;
import org.apache.sshd.common.util.buffer.ByteArrayBuffer;

import java.io.EOFException;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.util.List;

/**
 * The user's SSH agent ({@code ssh-agent}, {@code SSH_AUTH_SOCK}) as a source of keys to log in
 * with, as OpenSSH's {@code ssh} uses it: the private keys stay in the agent, which signs. Spoken
 * over the JDK's own Unix-domain sockets (MINA's agent client needs Tomcat's native library).
 *
 * <pre>{@code
 * client.setAgentFactory(new SshAgentSocket(Path.of(System.getenv("SSH_AUTH_SOCK"))));
 * }</pre>
 */
final class SshAgentSocket implements SshAgentFactory {
    private final Path socket;

    SshAgentSocket(Path socket) {
        this.socket = socket;
    }

    @Override
    public List<ChannelFactory> getChannelForwardingFactories(FactoryManager manager) {
        return List.of(); // no agent forwarding to the hosts
    }

    @Override
    public SshAgent createClient(Session session, FactoryManager manager) throws IOException {
        SocketChannel ch = SocketChannel.open(StandardProtocolFamily.UNIX);
        try {
            ch.connect(UnixDomainSocketAddress.of(socket));
        } catch (IOException e) {
            ch.close();
            throw new IOException("cannot reach the SSH agent at " + socket + ": " + e.getMessage(), e);
        }
        return new Client(ch);
    }

    @Override
    public SshAgentServer createServer(ConnectionService service) {
        throw new UnsupportedOperationException("lockstorm does not forward its agent");
    }

    /** One connection to the agent; a request is a length-prefixed message, and so is its answer. */
    private static final class Client extends AbstractAgentProxy {
        private final SocketChannel ch;

        Client(SocketChannel ch) {
            super(null);
            this.ch = ch;
        }

        @Override
        protected synchronized Buffer request(Buffer buffer) throws IOException {
            // the proxy has put the length in front already (prepare)
            ch.write(ByteBuffer.wrap(buffer.array(), buffer.rpos(), buffer.available()));
            ByteBuffer len = read(4);
            return new ByteArrayBuffer(read(len.getInt()).array());
        }

        private ByteBuffer read(int n) throws IOException {
            if (n < 0 || n > 256 * 1024) throw new IOException("the SSH agent sent a message of " + n + " bytes");
            ByteBuffer b = ByteBuffer.allocate(n);
            while (b.hasRemaining()) {
                if (ch.read(b) < 0) throw new EOFException("the SSH agent closed the connection");
            }
            return b.flip();
        }

        @Override
        public boolean isOpen() {
            return ch.isOpen();
        }

        @Override
        public void close() throws IOException {
            ch.close();
            super.close();
        }
    }
}
