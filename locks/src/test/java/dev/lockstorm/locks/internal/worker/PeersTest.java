package dev.lockstorm.locks.internal.worker;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The worker reads its own connections' remote ends from /proc, IPv4 and dual-stack sockets both. */
@Tag("unit")
class PeersTest {

    @Test
    void aConnectionThisProcessOpenedIsSeenUntilItCloses() throws Exception {
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            String remote = "127.0.0.1:" + server.getLocalPort();
            try (Socket s = new Socket(InetAddress.getLoopbackAddress(), server.getLocalPort()); Socket accepted = server.accept()) {
                List<String> now = Peers.now();
                assertTrue(now.contains(remote), now.toString());
                // the accepted end's remote is this process's own client port: a connection both of whose ends are ours
                assertTrue(now.contains("127.0.0.1:" + s.getLocalPort()), now.toString());
            }
            assertFalse(Peers.now().contains(remote), "a closed connection is not established");
        }
    }

    @Test
    void procTableLinesAreReadInTheKernelsByteOrder() {
        assertEquals("10.77.0.2:2181", Peers.address("02004D0A:0885"));
        // a dual-stack socket's v4-mapped address (::ffff:10.77.0.2) is the IPv4 address
        assertEquals("10.77.0.2:2181", Peers.address("0000000000000000FFFF000002004D0A:0885"));
        List<String> table = List.of(
                "  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode",
                "   0: 0100007F:A1B2 02004D0A:0885 01 00000000:00000000 00:00000000 00000000     0        0 4242 1 0 20 4 30 10 -1",
                "   1: 0100007F:A1B3 03004D0A:0885 01 00000000:00000000 00:00000000 00000000     0        0 4343 1 0 20 4 30 10 -1",
                "   2: 0100007F:A1B4 04004D0A:0885 06 00000000:00000000 00:00000000 00000000     0        0 4444 1 0 20 4 30 10 -1");
        // another process's socket (4343) and one not established (4444, TIME_WAIT) are no peers of this one
        assertEquals(List.of("10.77.0.2:2181"), Peers.established(table, Set.of("4242", "4444")));
    }
}
