package dev.lockstorm.clusters.containers;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Which container lockstorm runs in, from its mount table: only by the engine's /etc/hostname, never by a running container's own mounts. */
@Tag("unit")
class OwnContainerTest {
    private static final String ID = "b57f5062bf08abdcc345f1671a2a0e672f16eadbb17f69b6141f5f4c3b7f5424";
    private static final String OTHER = "3fcdac78f2014009e5ed2789c2f3e6b584dbe5eb2410d88d02ebfdc6c497ce03";

    @Test
    void aContainerIsKnownByTheHostnameTheEngineMountedAndAHostByNone() {
        String inside = """
                74 60 0:52 / / rw,relatime master:1 - overlay overlay rw,lowerdir=/var/lib/docker/overlay2/l/X
                91 74 254:0 /var/lib/docker/containers/%s/resolv.conf /etc/resolv.conf rw,relatime - ext4 /dev/vda rw
                92 74 254:0 /var/lib/docker/containers/%s/hostname /etc/hostname rw,relatime - ext4 /dev/vda rw
                93 74 254:0 /var/lib/docker/containers/%s/hosts /etc/hosts rw,relatime - ext4 /dev/vda rw
                """.formatted(ID, ID, ID);
        assertEquals(Optional.of(ID), Docker.containerOf(inside));
        // a host (this project's machine has /.dockerenv too) lists its running containers' shm mounts: none of them is its own
        String host = """
                22 1 254:0 / / rw,relatime shared:1 - ext4 /dev/vda rw
                310 22 0:70 / /var/lib/docker/containers/%s/mounts/shm rw,nosuid,nodev,noexec,relatime shared:170 - tmpfs shm rw,size=65536k
                """.formatted(OTHER);
        assertEquals(Optional.empty(), Docker.containerOf(host));
    }
}
