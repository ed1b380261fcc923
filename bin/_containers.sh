# Shared by bin/test: the containers backend's tier. As root: Docker's engine (Debian's docker.io,
# started here when none answers, and stopped again at the end) and debootstrap for the images' base;
# then, as a user who may use the engine and is not root, lockstorm's CLI runs the scenario families
# on containers, and nothing may be left behind.

lockstorm_containers_prereqs() {
    local missing=()
    command -v dockerd >/dev/null 2>&1 || missing+=(docker.io)
    command -v debootstrap >/dev/null 2>&1 || missing+=(debootstrap)
    if [ ${#missing[@]} -gt 0 ]; then lockstorm_without_services lockstorm_apt_install "${missing[@]}"; fi
}

# Starts Debian's dockerd when no engine answers; sets lockstorm_dockerd to its pid (empty when one was running).
lockstorm_dockerd=
lockstorm_engine_up() {
    docker version >/dev/null 2>&1 && return 0
    echo "lockstorm: starting dockerd (log: /var/log/lockstorm-dockerd.log)"
    dockerd >/var/log/lockstorm-dockerd.log 2>&1 &
    lockstorm_dockerd=$!
    local i
    for i in $(seq 1 60); do
        docker version >/dev/null 2>&1 && return 0
        sleep 0.5
    done
    echo "lockstorm: dockerd did not answer within 30 s (see /var/log/lockstorm-dockerd.log)" >&2
    return 1
}

lockstorm_engine_down() {
    [ -n "$lockstorm_dockerd" ] || return 0
    kill "$lockstorm_dockerd" 2>/dev/null || true
    wait "$lockstorm_dockerd" 2>/dev/null || true
    lockstorm_dockerd=
}

# The scenario families on containers, each with the expectation it has in the lab, as the user
# lockstorm-test (made here, in the group docker): lockstorm's launcher and jar are copied where that
# user can read them, since the checkout may sit under root's home.
lockstorm_containers_tier() {
    local user=lockstorm-test dir rc=0 s left
    id "$user" >/dev/null 2>&1 || useradd -m -s /bin/bash "$user"
    usermod -aG docker "$user"
    dir=$(mktemp -d /tmp/lockstorm-containers.XXXXXX)
    mkdir -p "$dir/suite/target" "$dir/store"
    cp -r "$home/bin" "$dir/"
    cp "$home/suite/target/lockstorm.jar" "$dir/suite/target/"
    chmod -R a+rX "$dir"
    chown -R "$user" "$dir/store"
    echo "lockstorm: the containers backend's images (bin/lockstorm images build; the base once, with debootstrap, as root)"
    "$home/bin/lockstorm" images build || return 1
    as_user() { su "$user" -s /bin/bash -c "cd $dir && $*"; }
    echo "lockstorm: the scenario families on containers, as $user (uid $(id -u "$user"), not root)"
    as_user "bin/lockstorm doctor --backend containers" || rc=1
    for s in curator-gc-pause redis-gc-pause redlock-clock-jump sentinel-failover etcd-lease-pause db-table-clock-skew pg-failover; do
        echo "lockstorm: containers: $s"
        as_user "bin/lockstorm reproduce $s --variant 1 --seed 1 --backend containers --store store" >"$dir/$s.log" 2>&1 || {
            rc=1; tail -25 "$dir/$s.log"; echo "lockstorm: $s on containers did not find what it expects (log above)" >&2; }
        grep -E '^  (found|proof|as expected|NOT AS EXPECTED)' "$dir/$s.log" | sed 's/^/    /' || true
    done
    left=$(docker ps -aq --filter label=dev.lockstorm.run; docker network ls -q --filter label=dev.lockstorm.run)
    if [ -n "$left" ]; then
        echo "lockstorm: containers or networks left behind: $(echo $left)" >&2
        rc=1
    fi
    [ "$rc" != 0 ] || rm -rf "$dir"
    return "$rc"
}
