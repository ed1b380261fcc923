# A lockstorm host: a Debian bookworm machine that the SSH backend drives as root, with the packages
# of one server family (PACKAGES) beside what every host needs (sshd, a JRE for ZooKeeper's jars and
# the lock clients' workers, nft for partitions, ip and ps). Built by lockstorm (Images), never pulled.
FROM lockstorm/base:bookworm
ARG PACKAGES=""
RUN apt-get update -q \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
       openssh-server openjdk-17-jre-headless nftables iproute2 procps ${PACKAGES} \
    && rm -rf /var/lib/apt/lists/* \
    && mkdir -p /run/sshd /root/.ssh && chmod 700 /root/.ssh
COPY host-start /usr/local/bin/lockstorm-host
CMD ["/usr/local/bin/lockstorm-host"]
