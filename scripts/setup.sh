#!/usr/bin/env bash
# Installs what a fresh Debian 12 machine lacks for the whole test suite: the real servers the lab
# starts (Redis, Postgres, etcd), Debian's Chromium for the browser tests, gcc for the clock-jump
# shim, then the npm packages from the lock file. Safe to run again: it skips what is there.
set -euo pipefail
cd "$(dirname "$0")/.."

need=()
command -v redis-server >/dev/null || need+=(redis-server)
command -v redis-benchmark >/dev/null || need+=(redis-tools)
command -v etcd >/dev/null || need+=(etcd-server)
command -v etcdctl >/dev/null || need+=(etcd-client)
[ -x /usr/bin/chromium ] || need+=(chromium)
[ -x /usr/lib/postgresql/15/bin/postgres ] && command -v pgbench >/dev/null || need+=(postgresql postgresql-contrib)
command -v gcc >/dev/null || need+=(gcc libc6-dev)
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "setup: missing system packages (${need[*]}); run as root or install them with apt-get." >&2
    exit 1
  fi
  echo "setup: installing ${need[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi

# The Debian packages may start their own services; they are left alone. The lab starts its own
# throwaway servers on free loopback ports, so it never needs the default ports.

npm ci --no-audit --no-fund
