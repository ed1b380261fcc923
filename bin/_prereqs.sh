# Shared by bin/lockstorm and bin/test: make sure a JDK 17+ and Maven are there, installing them
# with apt when we are root on Debian, or stop with a message that says exactly what is missing.

lockstorm_java_ok() {
    command -v java >/dev/null 2>&1 && command -v javac >/dev/null 2>&1 || return 1
    local v= release line
    # the JDK's release file says its version without starting a JVM (each start costs ~0.1 s); read
    # with the shell's own words, no sed or dirname: every fork is a millisecond of a cold `check`
    release=$(readlink -f "$(command -v java)")
    release="${release%/*}"
    lockstorm_jdk_home="${release%/*}" # (the launcher's class-data archive is made against this JDK's own)
    release="$lockstorm_jdk_home/release"
    if [ -f "$release" ]; then
        while IFS= read -r line; do
            case "$line" in JAVA_VERSION=\"*) v=${line#JAVA_VERSION=\"}; v=${v%%[!0-9]*}; break ;; esac
        done < "$release"
    else
        v=$(java -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = //p')
    fi
    [ -n "$v" ] && [ "${v%%.*}" -ge 17 ] 2>/dev/null
}

lockstorm_apt_install() {
    if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
        echo "lockstorm: missing $*; install them (Debian: apt-get install -y $*) and run again" >&2
        exit 3
    fi
    echo "lockstorm: installing $* with apt-get" >&2
    if ! { DEBIAN_FRONTEND=noninteractive apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@"; } >&2; then
        echo "lockstorm: apt-get could not install $*; install them and run again" >&2
        exit 3
    fi
}

# Runs "$@" (an apt install) with Debian's policy-rc.d saying no to starting services: the servers
# lockstorm installs (sshd, Redis, PostgreSQL, …) are started by runs inside their labs, never as the
# machine's own services. A policy-rc.d already there is left as it is.
lockstorm_without_services() {
    local policy=/usr/sbin/policy-rc.d
    if [ "$(id -u)" != 0 ] || [ -e "$policy" ]; then "$@"; return; fi
    printf '#!/bin/sh\n# written by lockstorm while it installs packages\nexit 101\n' > "$policy"
    chmod +x "$policy"
    local rc=0
    ( "$@" ) || rc=$?   # a subshell: an install that fails exits it, and the policy still goes
    rm -f "$policy"
    [ "$rc" = 0 ] || exit "$rc"
}

lockstorm_prereqs() {
    local missing=()
    lockstorm_java_ok || missing+=(openjdk-17-jdk-headless)
    command -v mvn >/dev/null 2>&1 || missing+=(maven)
    if [ ${#missing[@]} -gt 0 ]; then
        lockstorm_apt_install "${missing[@]}"
        lockstorm_java_ok || { echo "lockstorm: needs a JDK 17 or newer as 'java' and 'javac' on PATH" >&2; exit 3; }
    fi
}

# What runs in a lab needs: namespaces and links (util-linux, iproute2), partitions (nftables),
# Redis, etcd, PostgreSQL and MariaDB, Node.js and npm for dynalite (DynamoDB's API), gcc for the clock-fault library, ps and ping for the tests, chromium to look at report.html,
# and OpenSSH's server, which the SSH backend's tests start on lab hosts.
lockstorm_lab_prereqs() {
    local missing=()
    command -v unshare >/dev/null 2>&1 || missing+=(util-linux)
    command -v ip >/dev/null 2>&1 || missing+=(iproute2)
    command -v nft >/dev/null 2>&1 || missing+=(nftables)
    command -v redis-server >/dev/null 2>&1 || missing+=(redis-server)
    command -v etcd >/dev/null 2>&1 || missing+=(etcd-server)
    ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1 || missing+=(postgresql)
    command -v mariadbd >/dev/null 2>&1 && command -v mariadb-install-db >/dev/null 2>&1 || missing+=(mariadb-server)
    command -v gcc >/dev/null 2>&1 || missing+=(gcc libc6-dev)
    command -v ps >/dev/null 2>&1 || missing+=(procps)
    command -v ping >/dev/null 2>&1 || missing+=(iputils-ping)
    command -v chromium >/dev/null 2>&1 || missing+=(chromium)
    [ -x /usr/sbin/sshd ] || missing+=(openssh-server)
    command -v node >/dev/null 2>&1 || missing+=(nodejs)
    command -v npm >/dev/null 2>&1 || missing+=(npm)
    if [ ${#missing[@]} -gt 0 ]; then lockstorm_without_services lockstorm_apt_install "${missing[@]}"; fi
    if [ "$(id -u)" != 0 ]; then
        echo "lockstorm: runs and their tests build network namespaces and need root; run as root" >&2
        exit 3
    fi
    lockstorm_dynalite
}

# dynalite, the DynamoDB API server of the dynamodb-lock systems, from the npm registry into a
# directory of its version (DynaliteNode.INSTALL_DIR reads the same place); in-memory tables only,
# so its optional native LevelDB binding is left out.
lockstorm_dynalite() {
    local version=3.2.2
    local dir="${LOCKSTORM_DYNALITE:-/var/lib/lockstorm/dynalite-$version}"
    [ -f "$dir/node_modules/dynalite/cli.js" ] && return 0
    echo "lockstorm: installing dynalite $version with npm into $dir" >&2
    mkdir -p "$dir"
    if ! npm install --prefix "$dir" --omit=optional --no-audit --no-fund --loglevel=error "dynalite@$version" >&2; then
        echo "lockstorm: npm could not install dynalite $version into $dir (the dynamodb-lock systems need it);" \
             "install it there with: npm install --prefix $dir --omit=optional dynalite@$version" >&2
        exit 3
    fi
}
