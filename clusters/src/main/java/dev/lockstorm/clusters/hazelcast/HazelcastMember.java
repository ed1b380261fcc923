package dev.lockstorm.clusters.hazelcast;

import com.hazelcast.config.Config;
import com.hazelcast.config.JoinConfig;
import com.hazelcast.config.NetworkConfig;
import com.hazelcast.config.cp.CPSubsystemConfig;
import com.hazelcast.core.Hazelcast;
import com.hazelcast.core.HazelcastInstance;

import java.util.Arrays;
import java.util.concurrent.TimeUnit;

/**
 * One Hazelcast member with the CP Subsystem on, the main class of a {@link HazelcastNode}'s JVM:
 * it joins its peers over TCP/IP (no multicast, no auto-detection), bound to its host's address,
 * and prints {@value #READY} once the CP Subsystem's discovery has completed (the CP group formed).
 * Usage: HazelcastMember ADDRESS PEER,PEER,… CP_MEMBERS SESSION_TTL_S HEARTBEAT_S
 */
public final class HazelcastMember {
    /** What the member prints when its CP Subsystem can serve. */
    public static final String READY = "LOCKSTORM-CP-READY";
    /** The cluster's name, which clients give too. */
    public static final String CLUSTER = "lockstorm";

    private HazelcastMember() {
    }

    public static void main(String[] args) throws Exception {
        String address = args[0];
        Config config = new Config();
        config.setClusterName(CLUSTER);
        config.setProperty("hazelcast.phone.home.enabled", "false");
        config.setProperty("hazelcast.logging.type", "slf4j");
        // a member that stops hearing another suspects it within seconds, as the run's faults expect
        config.setProperty("hazelcast.heartbeat.interval.seconds", "1");
        config.setProperty("hazelcast.max.no.heartbeat.seconds", "10");
        NetworkConfig network = config.getNetworkConfig();
        network.setPort(HazelcastNode.PORT).setPortAutoIncrement(false).setPublicAddress(address);
        network.getInterfaces().setEnabled(true).addInterface(address);
        JoinConfig join = network.getJoin();
        join.getMulticastConfig().setEnabled(false);
        join.getAutoDetectionConfig().setEnabled(false);
        join.getTcpIpConfig().setEnabled(true).setMembers(Arrays.asList(args[1].split(",")));
        CPSubsystemConfig cp = config.getCPSubsystemConfig();
        cp.setCPMemberCount(Integer.parseInt(args[2]));
        cp.setSessionTimeToLiveSeconds(Integer.parseInt(args[3]));
        cp.setSessionHeartbeatIntervalSeconds(Integer.parseInt(args[4]));
        HazelcastInstance member = Hazelcast.newHazelcastInstance(config);
        boolean ready = member.getCPSubsystem().getCPSubsystemManagementService().awaitUntilDiscoveryCompleted(120, TimeUnit.SECONDS);
        System.out.println(ready ? READY : "LOCKSTORM-CP-NOT-READY: the CP Subsystem's discovery did not complete in 120 s");
        System.out.flush();
    }
}
