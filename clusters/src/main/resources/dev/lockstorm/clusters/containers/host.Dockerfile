# A lockstorm host: a Debian bookworm machine that the SSH backend drives as root. The common image
# (FROM the base) holds what every host needs: sshd, a JRE for ZooKeeper's jars and the lock clients'
# workers, nft for partitions, ip and ps; a server family's image is built FROM the common one and
# adds only its own packages, so what every host has is installed once. Built by lockstorm (Images),
# never pulled.
ARG FROM=lockstorm/base:bookworm
FROM ${FROM}
ARG PACKAGES=""
RUN apt-get update -q \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends ${PACKAGES} \
    && rm -rf /var/lib/apt/lists/* \
    && mkdir -p /run/sshd /root/.ssh && chmod 700 /root/.ssh
COPY host-start /usr/local/bin/lockstorm-host
CMD ["/usr/local/bin/lockstorm-host"]
