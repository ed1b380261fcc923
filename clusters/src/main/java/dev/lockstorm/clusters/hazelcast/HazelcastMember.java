package dev.lockstorm.clusters.hazelcast;

import com.hazelcast.config.Config;
import com.hazelcast.config.JoinConfig;
import com.hazelcast.config.NetworkConfig;
import com.hazelcast.config.RestApiConfig;
import com.hazelcast.config.RestEndpointGroup;
import com.hazelcast.config.cp.CPSubsystemConfig;
import com.hazelcast.cp.CPGroup;
import com.hazelcast.cp.CPSubsystemManagementService;
import com.hazelcast.cp.internal.CPMemberInfo;
import com.hazelcast.cp.internal.RaftService;
import com.hazelcast.cp.internal.raft.impl.RaftEndpoint;
import com.hazelcast.cp.internal.raft.impl.RaftNode;
import com.hazelcast.instance.impl.HazelcastInstanceProxy;
import com.hazelcast.core.Hazelcast;
import com.hazelcast.core.HazelcastInstance;

import java.util.Arrays;
import java.util.concurrent.TimeUnit;

/**
 * One Hazelcast member, the main class of a {@link HazelcastNode}'s JVM: it joins its peers over
 * TCP/IP (no multicast, no auto-detection), bound to its host's address, and prints {@value #READY}
 * once it is a CP member of a formed CP group (a member started again after a kill first promotes
 * itself, {@link #rejoin}), or, with CP_MEMBERS 0 (the CP Subsystem off, "unsafe mode"), once every
 * peer is in its cluster.
 * Usage: HazelcastMember ADDRESS PEER,PEER,… CP_MEMBERS SESSION_TTL_S HEARTBEAT_S
 */
public final class HazelcastMember {
    /** What the member prints when its CP Subsystem can serve. */
    public static final String READY = "LOCKSTORM-CP-READY";
    /** What the member prints, with the address it names or {@code none}, when the default CP group's leader changes as it sees it. */
    public static final String LEADER = "LOCKSTORM-CP-LEADER";
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
        // a member cut off long enough to be dropped from the member list merges back within seconds of the heal (the defaults
        // wait 300 s for the first look for a split brain, then every 120 s, which a run's quiet period would take as unavailability)
        config.setProperty("hazelcast.merge.first.run.delay.seconds", "5");
        config.setProperty("hazelcast.merge.next.run.delay.seconds", "5");
        // the members start together and find each other within a second here: the default 5 s wait before the first join
        // was a quarter of a run's set-up (a split at start merges within the 5 s above, and the CP discovery waits for it)
        config.setProperty("hazelcast.wait.seconds.before.join", "1");
        NetworkConfig network = config.getNetworkConfig();
        network.setPort(HazelcastNode.PORT).setPortAutoIncrement(false).setPublicAddress(address);
        // the CP endpoints of the REST API, on the member's port: the harness lists and force-closes CP sessions to empty the
        // members for another run (HazelcastCluster.reset); a client cannot, its CP Subsystem has no session management
        network.setRestApiConfig(new RestApiConfig().setEnabled(true).enableGroups(RestEndpointGroup.CP));
        network.getInterfaces().setEnabled(true).addInterface(address);
        JoinConfig join = network.getJoin();
        join.getMulticastConfig().setEnabled(false);
        join.getAutoDetectionConfig().setEnabled(false);
        join.getTcpIpConfig().setEnabled(true).setMembers(Arrays.asList(args[1].split(","))).setConnectionTimeoutSeconds(2);
        CPSubsystemConfig cp = config.getCPSubsystemConfig();
        cp.setCPMemberCount(Integer.parseInt(args[2]));
        cp.setSessionTimeToLiveSeconds(Integer.parseInt(args[3]));
        cp.setSessionHeartbeatIntervalSeconds(Integer.parseInt(args[4]));
        // a member that is gone this long is removed from the CP groups, which makes room for a new one
        cp.setMissingCPMemberAutoRemovalSeconds(2 * Integer.parseInt(args[3]));
        // the Raft leader's heartbeats every second, a leader missed 3 times replaced: a minority cut off for seconds leaves the
        // majority a leader (the defaults, 5 s and 5 missed, leave the group leaderless for 25 s)
        cp.getRaftAlgorithmConfig().setLeaderHeartbeatPeriodInMillis(1000).setMaxMissedLeaderHeartbeatCount(3).setLeaderElectionTimeoutInMillis(1000);
        HazelcastInstance member = Hazelcast.newHazelcastInstance(config);
        if (cp.getCPMemberCount() == 0) {
            awaitPeers(member, args[1].split(",").length);
            return;
        }
        CPSubsystemManagementService management = member.getCPSubsystem().getCPSubsystemManagementService();
        boolean discovered = management.awaitUntilDiscoveryCompleted(120, TimeUnit.SECONDS);
        if (discovered && management.getLocalCPMember() == null) rejoin(management);
        System.out.println(discovered && management.getLocalCPMember() != null ? READY
                : "LOCKSTORM-CP-NOT-READY: not a CP member (the CP Subsystem's discovery did not complete, or the groups never made room)");
        System.out.flush();
        watchLeader(member);
    }

    /**
     * Prints {@value #LEADER} and the default CP group's leader as this member's Raft node sees it,
     * every time that changes, for the harness's leader watch ({@link HazelcastCluster#leader}): neither
     * the REST API nor the public CP API says who leads. Internal classes, read only.
     */
    private static void watchLeader(HazelcastInstance member) {
        RaftService raft = ((HazelcastInstanceProxy) member).getOriginal().node.getNodeEngine().getService(RaftService.SERVICE_NAME);
        Thread t = new Thread(() -> {
            String last = null;
            while (true) {
                String now;
                try {
                    now = leaderSeen(raft);
                } catch (RuntimeException e) {
                    now = "none";
                }
                if (!now.equals(last)) {
                    System.out.println(LEADER + " " + now);
                    System.out.flush();
                    last = now;
                }
                try {
                    Thread.sleep(100);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }, "lockstorm-leader-watch");
        t.setDaemon(true);
        t.start();
    }

    /** The address of the default group's leader as this member knows it, or "none" (no group yet, or no leader). */
    private static String leaderSeen(RaftService raft) {
        for (RaftNode n : raft.getAllRaftNodes()) {
            if (!CPGroup.DEFAULT_GROUP_NAME.equals(n.getGroupId().getName())) continue;
            RaftEndpoint leader = n.getLeader();
            if (leader == null) return "none";
            for (CPMemberInfo m : raft.getMetadataGroupManager().getActiveMembers()) {
                if (m.getUuid().equals(leader.getUuid())) return m.getAddress().getHost();
            }
        }
        return "none";
    }

    /** Without a CP Subsystem: ready once every peer is a member of this one's cluster (a restarted member has merged back). */
    private static void awaitPeers(HazelcastInstance member, int peers) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
        while (member.getCluster().getMembers().size() < peers && System.nanoTime() < deadline) Thread.sleep(200);
        System.out.println(member.getCluster().getMembers().size() >= peers ? READY
                : "LOCKSTORM-CP-NOT-READY: " + member.getCluster().getMembers().size() + " of " + peers + " members after 2 minutes");
        System.out.flush();
    }

    /**
     * A member started again after a kill comes back empty (the open-source CP Subsystem keeps
     * nothing on disk) and as no CP member: it is promoted, as an operator would do it, once the
     * CP groups have removed the member it stands in for. While a majority of the CP group is gone
     * the group cannot do so, and the member waits (the lock stays unavailable, which is what
     * Hazelcast promises then).
     */
    private static void rejoin(CPSubsystemManagementService management) throws InterruptedException {
        System.out.println("lockstorm: started again without CP state; promoting this member once the CP groups make room");
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(10);
        while (management.getLocalCPMember() == null && System.nanoTime() < deadline) {
            try {
                management.promoteToCPMember().toCompletableFuture().get(30, TimeUnit.SECONDS);
            } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
                Thread.sleep(1000);
            }
        }
    }
}
