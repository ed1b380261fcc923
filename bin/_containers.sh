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

# The containers tests, as the user lockstorm-test (made here, in the group docker; not root): the
# backend's own integration test (every server family started, cut off, paused, killed, restarted, its
# clock moved), examples/acme-lock's tests on containers (-Dlockstorm.backend=containers), and the
# scenario families from lockstorm's CLI, each with the expectation it has in the lab. That user gets
# copies it can read (the checkout may sit under root's home): the sources, the launcher and jar, and
# root's Maven repository hard-linked (its files stay root's and read-only; its directories are the user's).
# $1: the scenario families to reproduce on containers (default: all seven)
lockstorm_containers_tier() {
    local user=lockstorm-test dir rc=0 s left m2 its volumes
    local families=${1:-"curator-gc-pause redis-gc-pause redlock-clock-jump sentinel-failover etcd-lease-pause db-table-clock-skew pg-failover"}
    volumes=$(docker volume ls -q | wc -l)
    id "$user" >/dev/null 2>&1 || useradd -m -s /bin/bash "$user"
    usermod -aG docker "$user"
    dir=$(mktemp -d /tmp/lockstorm-containers.XXXXXX)
    mkdir -p "$dir/src" "$dir/store"
    tar -C "$home" --exclude=./.git --exclude=target --exclude=node_modules -c . | tar -C "$dir/src" -x
    mkdir -p "$dir/src/suite/target"
    cp "$home/suite/target/lockstorm.jar" "$dir/src/suite/target/"
    m2=${LOCKSTORM_M2:-$HOME/.m2/repository}  # where the full run installed lockstorm's artifacts
    cp -al "$m2" "$dir/m2" 2>/dev/null || { rm -rf "$dir/m2"; cp -a "$m2" "$dir/m2"; }  # another file system: a copy
    find "$dir/m2" -type d -exec chown "$user" {} +
    chown -R "$user" "$dir/src" "$dir/store"
    chmod a+rx "$dir"
    # the images of what the tier runs: ContainersIT's families (Redis, etcd, PostgreSQL, MariaDB) and the common one
    # (ZooKeeper, the clients, acme-lock); no test here needs dynalite's, the slowest to build (a run builds what it misses)
    local systems=redis-single,curator-mutex,etcd-lock,pg-advisory,mysql-get-lock
    echo "lockstorm: the containers backend's images (bin/lockstorm images build --system $systems; the base once, with debootstrap, as root)"
    "$home/bin/lockstorm" images build --system "$systems" || return 1
    as_user() { su "$user" -s /bin/bash -c "cd $dir/src && $*"; }
    # no javadoc or sources jars: the full run built and checked them
    local mvn_user="mvn -o -B -Dstyle.color=never -Dmaven.repo.local=$dir/m2 -Dmaven.javadoc.skip=true -Dmaven.source.skip=true"
    echo "lockstorm: as $user (uid $(id -u "$user"), not root): doctor, the backend's own test, examples/acme-lock, the scenario families"
    as_user "bin/lockstorm doctor --backend containers" || rc=1
    its="-Dtest=no-unit-tests -Dsurefire.failIfNoSpecifiedTests=false -Dlockstorm.it.groups=containers"
    as_user "$mvn_user verify -pl nemesis $its" >"$dir/containers-it.log" 2>&1 || {
        rc=1; tail -40 "$dir/containers-it.log"; echo "lockstorm: the containers backend's test failed (log above)" >&2; }
    grep -E 'Tests run:.*in dev' "$dir/containers-it.log" | sed 's/^/    /' || true
    as_user "cd examples/acme-lock && $mvn_user test -Dlockstorm.backend=containers" >"$dir/acme-lock.log" 2>&1 || {
        rc=1; tail -40 "$dir/acme-lock.log"; echo "lockstorm: examples/acme-lock's tests on containers failed (log above)" >&2; }
    # the total: with JUnit's parallel execution (the project's junit-platform.properties) surefire may count a test under
    # the class that ran beside it, so the per-class lines can disagree with the sources while the sum is right
    grep -E '^\[INFO\] Tests run: [0-9]+, .*[0-9]$' "$dir/acme-lock.log" | tail -1 | sed 's/^/    examples\/acme-lock: /' || true
    # the last family from a host that looks like a container (/.dockerenv), as a CI runner that is one: lockstorm in the
    # clients' image on the engine's default bridge (it joins the run's network to reach its hosts), with the engine's socket
    # and CLI and the machine's JDK, the same user, the run's directory at its own path (the engine mounts what lockstorm
    # names by this machine's paths), and no TESTCONTAINERS_* variable given
    local common java_home last=${families##* }
    common=$(as_user "bin/lockstorm images list" 2>/dev/null | grep -o 'lockstorm/host-common:[0-9a-f]*' | head -1)
    java_home=$(dirname "$(dirname "$(readlink -f "$(command -v javac)")")")
    if [ -z "$common" ]; then
        rc=1; last=; echo "lockstorm: 'bin/lockstorm images list' named no lockstorm/host-common image to run lockstorm in" >&2
    fi
    in_container() {
        docker run --rm --user "$(id -u "$user"):$(stat -c %g /var/run/docker.sock)" \
            -v /var/run/docker.sock:/var/run/docker.sock -v "$(command -v docker)":/usr/local/bin/docker:ro \
            -v "$java_home":"$java_home":ro -v /usr/share/maven:/usr/share/maven:ro -v /usr/share/java:/usr/share/java:ro \
            -v /etc/maven:/etc/maven:ro -v "$dir":"$dir" -w "$dir/src" \
            -e HOME="$dir/home" -e XDG_CACHE_HOME="$dir/home/.cache" -e PATH="$java_home/bin:/usr/share/maven/bin:/usr/local/bin:/usr/bin:/bin" \
            "$common" bash -c "test -f /.dockerenv && env | grep -c ^TESTCONTAINERS_ | grep -qx 0 && $*"
    }
    mkdir -p "$dir/home" && chown "$user" "$dir/home"
    for s in $families; do
        local where=as_user
        if [ "$s" = "$last" ]; then where=in_container; echo "lockstorm: containers: $s, from inside a container ($common)"
        else echo "lockstorm: containers: $s"; fi
        $where "bin/lockstorm reproduce $s --variant 1 --seed 1 --backend containers --store $dir/store" >"$dir/$s.log" 2>&1 || {
            rc=1; tail -25 "$dir/$s.log"; echo "lockstorm: $s on containers did not find what it expects (log above)" >&2; }
        grep -E '^  (found|proof|as expected|NOT AS EXPECTED)' "$dir/$s.log" | sed 's/^/    /' || true
    done
    # a protected resource as a service of its own, in a container r1 of its own: the holder's write held in flight to it
    # lands after the next holder's, and the token refuses it
    echo "lockstorm: containers: counter-service, its holder's write delayed on the way"
    as_user "bin/lockstorm run --backend containers --system redis-single --resource counter-service --fencing writes --nemesis delay-to-resource" \
        "--time-limit 20s --lease 2s --nemesis-interval 3s --seed 1 --store $dir/store --expect no-resource-defect" >"$dir/resource-service.log" 2>&1 \
        && grep -q 'fencing saved you' "$dir/resource-service.log" || {
        rc=1; tail -25 "$dir/resource-service.log"; echo "lockstorm: counter-service on containers refused no stale write, or failed (log above)" >&2; }
    grep -E '^  fencing:' "$dir/resource-service.log" | sed 's/^/    /' || true
    # every family (bin/test --containers): a recorded run replayed where it ran, and a hunt, as a user who is not root
    if [ -z "${1:-}" ]; then
        s=${families%% *}
        local run
        run=$(sed -n 's/^  report:  \(.*\)\/report.html$/\1/p' "$dir/$s.log" | head -1)
        echo "lockstorm: containers: replay of $s's run ($run)"
        # 0: the same finding again, 1: not this time (timing); 3 would be a replay that could not run here
        local replayed=0
        as_user "bin/lockstorm replay $run --store $dir/store" >"$dir/replay.log" 2>&1 || replayed=$?
        if [ "$replayed" -gt 1 ]; then
            rc=1; tail -25 "$dir/replay.log"; echo "lockstorm: the replay of $s's run on containers could not run (log above)" >&2
        fi
        grep -E '^  try ' "$dir/replay.log" | sed 's/^/    /' || true
        echo "lockstorm: containers: a hunt's round of one nemesis"
        local hunted=0
        as_user "bin/lockstorm hunt --backend containers --system redis-single --nemeses pause-client --seeds 1 --each 5s --store $dir/store" \
            >"$dir/hunt.log" 2>&1 || hunted=$?
        if [ "$hunted" -gt 1 ]; then
            rc=1; tail -25 "$dir/hunt.log"; echo "lockstorm: a hunt on containers could not run (log above)" >&2
        fi
        grep -E '^lockstorm hunt:' "$dir/hunt.log" | sed 's/^/    /' || true
    fi
    left=$(docker ps -aq --filter label=dev.lockstorm.run; docker network ls -q --filter label=dev.lockstorm.run)
    if [ -n "$left" ]; then
        echo "lockstorm: containers or networks left behind: $(echo $left)" >&2
        rc=1
    fi
    if [ "$(docker volume ls -q | wc -l)" != "$volumes" ]; then
        echo "lockstorm: volumes left behind: $(docker volume ls -q | wc -l) now, $volumes before" >&2
        rc=1
    fi
    [ "$rc" != 0 ] || rm -rf "$dir"
    return "$rc"
}
