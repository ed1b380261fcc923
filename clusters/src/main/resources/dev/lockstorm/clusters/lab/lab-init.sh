#!/usr/bin/env bash
# PID 1 of a lab (started by bin/lab, or by LabLauncher from the jar): private /run (for /run/netns), a lab-private /etc/hosts
# (host names are added by the Java side) and an empty resolv.conf (no DNS lookups that hang),
# loopback up; then runs the command as a child and reaps orphans until it exits.
set -euo pipefail
mount -t tmpfs -o mode=755 lockstorm-run /run
mkdir -p /run/netns /run/lockstorm
printf '127.0.0.1\tlocalhost\n::1\tlocalhost\n' > /run/lockstorm/hosts
: > /run/lockstorm/resolv.conf
mount --bind /run/lockstorm/hosts /etc/hosts
mount --bind /run/lockstorm/resolv.conf /etc/resolv.conf
ip link set lo up
# a signal to the lab stops the command; the lab's exit then removes everything inside
# (an explicit redirect: a background job's stdin would otherwise be /dev/null, and Maven's
# forked test JVM talks to Maven over stdin)
"$@" <&0 &
child=$!
trap 'kill -TERM $child 2>/dev/null' TERM INT HUP
status=0
wait $child || status=$?
# wait again if a trapped signal interrupted the first wait
while kill -0 $child 2>/dev/null; do wait $child || status=$?; done
exit $status
