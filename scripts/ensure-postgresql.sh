#!/usr/bin/env bash
# The unit tests run the store contract, and one browser test file runs the server, against a real
# PostgreSQL: a throwaway cluster made with
# Debian's initdb and pg_ctl (scripts/postgres/throwaway-cluster.ts). This finds them, installs the
# postgresql package with apt-get when they are missing and we are allowed to, or fails saying what to do.
# Search uses the RUM index (decision 29): Debian's postgresql-<major>-rum is installed the same way for
# the newest installed major version. Without it the store falls back to GIN and says so, so a missing
# RUM is reported here but never fails.
set -euo pipefail

found() { compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null; }
newest_major() { compgen -G '/usr/lib/postgresql/*/bin/initdb' | sed -E 's#^/usr/lib/postgresql/([^/]+)/.*#\1#' | sort -V | tail -n 1; }
rum_found() { [[ -f "/usr/share/postgresql/$1/extension/rum.control" ]]; }

# Runs apt-get install with the given packages as root or with passwordless sudo; false when neither is allowed.
install() {
  command -v apt-get >/dev/null 2>&1 || return 1
  local runner
  if [[ "$(id -u)" == "0" ]]; then
    runner=(env)
  elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    runner=(sudo -n env)
  else
    return 1
  fi
  export DEBIAN_FRONTEND=noninteractive
  # A shared lock, so parallel installs on one machine wait for each other instead of failing on dpkg's lock.
  local steps="apt-get update && apt-get install -y $*"
  if command -v flock >/dev/null 2>&1; then "${runner[@]}" flock /tmp/apt.lock sh -c "$steps"; else "${runner[@]}" sh -c "$steps"; fi
}

ensure_rum() {
  local major
  major="$(newest_major)"
  if rum_found "$major"; then
    echo "ensure-postgresql: RUM found for PostgreSQL $major"
    return 0
  fi
  echo "ensure-postgresql: RUM is missing; trying Debian's postgresql-$major-rum with apt-get (root or sudo)"
  install "postgresql-$major-rum" || true
  if rum_found "$major"; then
    echo "ensure-postgresql: RUM installed"
  else
    echo "ensure-postgresql: warning: postgresql-$major-rum could not be installed; PostgreSQL search falls back to GIN (docs/deployment.md)" >&2
  fi
}

if [[ -n "${PG_BIN_DIR:-}" ]]; then
  if [[ -x "$PG_BIN_DIR/initdb" && -x "$PG_BIN_DIR/pg_ctl" ]]; then
    echo "ensure-postgresql: using PG_BIN_DIR=$PG_BIN_DIR (RUM, if wanted, is yours to install there)"
    exit 0
  fi
  echo "ensure-postgresql: PG_BIN_DIR is set to '$PG_BIN_DIR' but initdb and pg_ctl are not there." >&2
  exit 1
fi

if found; then
  echo "ensure-postgresql: using /usr/lib/postgresql/$(newest_major)/bin"
  ensure_rum
  exit 0
fi

echo "ensure-postgresql: PostgreSQL is missing; trying Debian's postgresql with apt-get (root or sudo, needs the Debian mirrors)"
if install postgresql && found; then
  echo "ensure-postgresql: installed"
  ensure_rum
  exit 0
fi

cat >&2 <<'MSG'
ensure-postgresql: no PostgreSQL found for the store contract tests (no initdb under /usr/lib/postgresql/*/bin).
  Install Debian's postgresql and postgresql-<major>-rum (as root: apt-get install postgresql postgresql-15-rum),
  or set PG_BIN_DIR to a directory holding initdb, pg_ctl and createdb, e.g.  PG_BIN_DIR=/opt/pg16/bin npm run test:unit
MSG
exit 1
