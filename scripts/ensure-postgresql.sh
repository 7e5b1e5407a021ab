#!/usr/bin/env bash
# The unit tests run the store contract, and one browser test file runs the server, against a real
# PostgreSQL: a throwaway cluster made with
# Debian's initdb and pg_ctl (scripts/postgres/throwaway-cluster.ts). This finds them, installs the
# postgresql package with apt-get when they are missing and we are allowed to, or fails saying what to do.
set -euo pipefail

found() { compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null; }

if [[ -n "${PG_BIN_DIR:-}" ]]; then
  if [[ -x "$PG_BIN_DIR/initdb" && -x "$PG_BIN_DIR/pg_ctl" ]]; then
    echo "ensure-postgresql: using PG_BIN_DIR=$PG_BIN_DIR"
    exit 0
  fi
  echo "ensure-postgresql: PG_BIN_DIR is set to '$PG_BIN_DIR' but initdb and pg_ctl are not there." >&2
  exit 1
fi

if found; then
  echo "ensure-postgresql: using $(dirname "$(compgen -G '/usr/lib/postgresql/*/bin/initdb' | sort -V | tail -n 1)")"
  exit 0
fi

install() {
  export DEBIAN_FRONTEND=noninteractive
  # A shared lock, so parallel installs on one machine wait for each other instead of failing on dpkg's lock.
  local steps='apt-get update && apt-get install -y postgresql'
  if command -v flock >/dev/null 2>&1; then "$@" flock /tmp/apt.lock sh -c "$steps"; else "$@" sh -c "$steps"; fi
}

if command -v apt-get >/dev/null 2>&1; then
  if [[ "$(id -u)" == "0" ]]; then
    echo "ensure-postgresql: PostgreSQL is missing; installing Debian's postgresql with apt-get (needs the Debian mirrors)"
    install env
  elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    echo "ensure-postgresql: PostgreSQL is missing; installing Debian's postgresql with sudo apt-get"
    install sudo -n env
  fi
  if found; then
    echo "ensure-postgresql: installed"
    exit 0
  fi
fi

cat >&2 <<'MSG'
ensure-postgresql: no PostgreSQL found for the store contract tests (no initdb under /usr/lib/postgresql/*/bin).
  Install Debian's postgresql (as root: apt-get install postgresql), or set PG_BIN_DIR to a directory
  holding initdb, pg_ctl and createdb, e.g.  PG_BIN_DIR=/opt/pg16/bin npm run test:unit
MSG
exit 1
