#!/usr/bin/env bash
# Runs msghostd the way systemd/msghostd.service would, on a machine without systemd as PID 1
# (docs/SECURITY.md, "Whether the unit runs here"), and drives it: open, touch, send, stop.
#
#   sudo scripts/unit-sandbox-demo.sh [PYTHON_SITE_PACKAGES_WITH_PYZMQ]
#
# What it reproduces of the unit: a private mount namespace with the whole file system
# read-only (ProtectSystem=strict) except the state and runtime directories, a private /tmp
# (PrivateTmp=), uid/gid 65534 with no capability and no way to gain one (DynamicUser=,
# CapabilityBoundingSet=, NoNewPrivileges=), umask 0077, and the unit's own system-call filter
# (scripts/unit-syscall-filter.py). Not reproduced: PrivateUsers=, ProtectProc=, the kernel and
# cgroup protections, RestrictAddressFamilies=, RestrictNamespaces=.
#
# Extensions: the Swift Ice Cream extension (swift build first) and the raw Python example,
# run by /usr/bin/python3 with pyzmq copied from PYTHON_SITE_PACKAGES (default: the site
# packages of `python3` on PATH), since the sandbox user cannot read a per-user install.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
build="$repo/.build/debug"
site="${1:-$(python3 -c 'import os, zmq; print(os.path.dirname(os.path.dirname(zmq.__file__)))')}"
base=/var/lib/msghost-sandbox-demo
rm -rf "$base" && mkdir -p "$base"/{config/apps,state,run,py}
cp -r "$site/zmq" "$base/py/" && { cp -r "$site/pyzmq.libs" "$base/py/" 2>/dev/null || true; }
cat > "$base/config/msghostd.yaml" <<YAML
log: {level: info}
endpoints: {extension: "tcp://127.0.0.1:47311"}
YAML
cat > "$base/config/world.yaml" <<YAML
people: [{handle: kate@example.com, name: Kate Bell}, {handle: john@example.com, name: John Appleseed}]
devices: [{id: kate-iphone, owner: kate@example.com}, {id: john-iphone, owner: john@example.com}]
conversations: [{id: kate-john, members: [kate@example.com, john@example.com]}]
installs:
  - {device: kate-iphone, app: com.example.icecream}
  - {device: kate-iphone, app: com.example.python-raw}
  - {device: john-iphone, app: com.example.python-raw}
YAML
cat > "$base/config/apps/icecream.yaml" <<YAML
{bundleID: com.example.icecream, displayName: Ice Cream, command: "$build/IceCreamExtension", workingDirectory: /}
YAML
cat > "$base/config/apps/python-raw.yaml" <<YAML
{bundleID: com.example.python-raw, displayName: Raw, command: /usr/bin/python3, args: [app.py],
 workingDirectory: "$repo/examples/python-raw", env: {PYTHONPATH: "$base/py", PYTHONUNBUFFERED: "1"}}
YAML
chown -R 65534:65534 "$base/state" "$base/run" && chmod 700 "$base/state" "$base/run"

unshare --mount --propagation private -- /bin/sh -c "
  mount --bind '$base/state' '$base/state' && mount --bind '$base/run' '$base/run' &&
  mount -o remount,bind,ro / && mount -t tmpfs -o mode=1777 tmpfs /tmp &&
  if touch /usr/.msghost-probe 2>/dev/null; then echo 'the root file system is still writable' >&2; exit 1; fi &&
  umask 0077 &&
  exec setpriv --reuid=65534 --regid=65534 --clear-groups --no-new-privs --bounding-set=-all --inh-caps=-all -- \
    /usr/bin/python3 '$repo/scripts/unit-syscall-filter.py' -- '$build/msghostd' --config '$base/config/msghostd.yaml' \
    --state-directory '$base/state' --runtime-directory '$base/run'" > "$base/msghostd.log" 2>&1 &
daemon=$!
ctl() { MSGHOST_CONTROL="ipc://$base/run/control.sock" "$build/msghostctl" "$@"; }
for _ in $(seq 50); do ctl status --timeout 0.2 >/dev/null 2>&1 && break; sleep 0.1; done
ctl open com.example.icecream --device kate-iphone --conversation kate-john
ctl close --device kate-iphone
ctl open com.example.python-raw --device kate-iphone --conversation kate-john
ctl touch --device kate-iphone
ctl transcript --device john-iphone --conversation kate-john
ctl status
kill -TERM "$daemon"; wait "$daemon" || true
echo "---- msghostd log ($base/msghostd.log)"; cat "$base/msghostd.log"
