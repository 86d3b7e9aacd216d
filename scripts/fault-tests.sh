#!/usr/bin/env bash
# The api's fault tests (api/fault-tests): a PostgreSQL server of their own, restarted and stopped under load, the api
# killed while it sends a mail, the SMTP server away for a while, a Redis server of their own crashing under load. They
# need Debian's PostgreSQL binaries (initdb, pg_ctl), installed here when missing, and redis-server (on this kind of
# machine). Where they still cannot run, the TAP report says why, and the summary repeats it.
# Usage: fault-tests.sh <tap-report>   (FAULT_RESTARTS=n: database restarts, 40 by default)
set -uo pipefail
cd "$(dirname "$0")/.."
report="$(realpath -m "${1:-.test-results/faults.tap}")"
mkdir -p "$(dirname "$report")"

has_binaries() { ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1; }
if ! has_binaries; then
  echo "Installing PostgreSQL from Debian..."
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  { $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq postgresql >/dev/null; } || echo "Could not install the postgresql package." >&2
fi
if ! has_binaries; then
  printf '# not run: no PostgreSQL binaries (initdb, pg_ctl) under /usr/lib/postgresql, and the postgresql package could not be installed\n# pass 0\n# fail 0\n' > "$report"
  echo "Fault tests not run: no PostgreSQL binaries." >&2
  [ "${CI:-}" = "true" ] && exit 1
  exit 0
fi

# The tests' PostgreSQL server lives under a folder of this run. Stopped before their own cleanup (test.sh's time
# limit), they leave it running: stop it, this run's only.
run_dir="$(mktemp -d "${TMPDIR:-/tmp}/varco-faults.XXXXXX")"
chmod 755 "$run_dir" # as root, the server runs as nobody
export TMPDIR="$run_dir"
trap 'pkill -INT -f "postgres -D $run_dir/" && sleep 1; rm -rf "$run_dir"' EXIT
trap 'exit 143' TERM
cd api && node --import tsx --test --test-concurrency=1 \
  --test-reporter=spec --test-reporter-destination=stdout \
  --test-reporter=tap --test-reporter-destination="$report" \
  fault-tests/*.test.ts
