package dev.lockstorm.locks.internal.worker;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;

/**
 * A worker's connection to the run's resource service ({@link ResourceService}), one request and
 * its answer at a time, over the client's own links: a delay or a cut the nemesis puts on them
 * holds its calls back. A call that reaches an armed checkpoint in the service is this client's to
 * reach too ({@link Reply.AtCheckpoint}): it freezes or ends here, and the service's write waits. A connection that failed or timed out is dropped; the next call opens
 * another, as a client's HTTP pool would.
 */
public final class ResourceLink implements AutoCloseable {
    private Socket socket;
    private String address;
    private BufferedReader in;
    private OutputStream out;

    /** The service's answer to {@code call}; {@link Reply.Info} when there was none (the call may or may not have taken effect). */
    public Reply call(Command.Resource call) {
        try {
            if (socket == null || !call.address().equals(address)) connect(call.address(), call.timeoutMs());
            socket.setSoTimeout((int) Math.max(1, call.timeoutMs()));
            out.write((Protocol.encode(call) + "\n").getBytes(StandardCharsets.UTF_8));
            out.flush();
            while (true) {
                String line = in.readLine();
                if (line == null) throw new IOException("the resource service closed the connection");
                Reply r = Protocol.reply(line);
                if (!(r instanceof Reply.AtCheckpoint at)) return r;
                // the service's check is done and its write waits for us, as a client's second round trip would: the
                // point is ours to reach (frozen there, or ended), then the call goes on
                dev.lockstorm.locks.PausePoint.reach(at.point());
                out.write((Protocol.encode(new Command.GoOn()) + "\n").getBytes(StandardCharsets.UTF_8));
                out.flush();
            }
        } catch (SocketTimeoutException e) {
            close();
            return new Reply.Info("the resource service at " + call.address() + " did not answer within " + call.timeoutMs() + " ms");
        } catch (IOException | IllegalArgumentException e) {
            close();
            return new Reply.Info("the resource service at " + call.address() + ": " + e.getClass().getSimpleName() + ": " + e.getMessage());
        }
    }

    private void connect(String to, long timeoutMs) throws IOException {
        close();
        int colon = to.lastIndexOf(':');
        if (colon < 0) throw new IOException("not a host:port: " + to);
        Socket s = new Socket();
        try {
            s.setTcpNoDelay(true);
            s.connect(new InetSocketAddress(to.substring(0, colon), Integer.parseInt(to.substring(colon + 1))), (int) Math.max(1, timeoutMs));
        } catch (IOException | RuntimeException e) {
            s.close();
            throw e;
        }
        socket = s;
        address = to;
        in = new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.UTF_8));
        out = s.getOutputStream();
    }

    @Override
    public void close() {
        if (socket == null) return;
        try {
            socket.close();
        } catch (IOException ignored) {
            // the connection is gone either way
        }
        socket = null;
        address = null;
    }
}
