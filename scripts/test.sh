#!/usr/bin/env bash
# npm test: installs what the tests need (npm packages; Debian's Chromium, nginx, poppler and Prometheus) and runs every test:
# types, lint, component tests, api tests (embedded PostgreSQL, and the PostgreSQL server when one answers),
# the production build, and the browser tests against the built portal.
set -uo pipefail
cd "$(dirname "$0")/.."
export CI="${CI:-}"
mkdir -p .test-results
rm -rf .test-results/* e2e/test-results

step() { printf '\n== %s == (%s s into the run)\n' "$1" "$SECONDS"; }
# Each step's seconds, for the summary's "where the time went".
timed() { printf '%s\t%s\n' "$1" "$2" >> .test-results/steps.tsv; }
failed=()
# run <name> <minutes> <command...>: a step that hangs is stopped after its minutes and fails, so that the run as a
# whole ends in well under CI's limit whatever happens (README.md gives the suite's current time on 2 cores).
run() {
  local name="$1" minutes="$2"; shift 2
  step "$name"
  local status=0 started=$SECONDS
  timeout --kill-after=30s "${minutes}m" "$@" || status=$?
  timed "$name" $((SECONDS - started))
  if [ "$status" -eq 124 ] || [ "$status" -eq 137 ]; then echo "$name: stopped after $minutes minutes" >&2; fi
  if [ "$status" -ne 0 ]; then failed+=("$name"); fi
}

step "install"
bash scripts/ensure-deps.sh || exit 1
source scripts/project-node.sh
bash scripts/ensure-chromium.sh || exit 1
bash scripts/ensure-nginx.sh || exit 1
bash scripts/ensure-poppler.sh || exit 1
bash scripts/ensure-prometheus.sh || exit 1
timed install "$SECONDS"

# The api and browser tests also run on a real PostgreSQL server when this machine has one. The summary says which
# ran where; under CI=true a missing server fails the run (a partial run must not pass for a whole one).
if [ -z "${TEST_DATABASE_URL:-}" ] && node scripts/pg-database.mjs ping postgres://postgres@127.0.0.1:5432/postgres 2>/dev/null; then
  export TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres
fi
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  node -e 'const u = new URL(process.argv[1]); console.log(JSON.stringify({ postgres: u.host }))' "$TEST_DATABASE_URL" > .test-results/databases.json
else
  echo '{"postgres":null,"reason":"no PostgreSQL server answered at 127.0.0.1:5432 and TEST_DATABASE_URL is not set"}' > .test-results/databases.json
  if [ "$CI" = "true" ]; then
    echo "CI=true: no PostgreSQL server answers at 127.0.0.1:5432 (or set TEST_DATABASE_URL): the PostgreSQL variants of the tests cannot run." >&2
    failed+=("PostgreSQL server")
  fi
fi

# A focused test (`.only`, `fit`, `fdescribe`, node:test's `only: true`) would leave the others of its file unrun:
# jest and Node's test runner have no forbidOnly (Playwright has), so the test files are read for one.
run "focused tests" 2 node scripts/check-focused-tests.mjs .test-results/focused.json
run "typecheck" 10 npm run typecheck --silent
run "lint" 10 npm run lint --silent
# The OpenAPI document: Redocly's recommended rules, no error and no warning; the kiosk's types generated from it are
# up to date (the api tests check that api/openapi.json is what the api generates).
run "openapi lint" 5 npm run openapi:lint --silent --workspace @varco/api
run "kiosk api types" 5 npm run kiosk:types --silent -- --check
run "component tests" 15 npx jest --ci --json --outputFile=.test-results/jest.json
run "api tests" 20 npm run test --silent --workspace @varco/api -- --tap ../.test-results/api.tap --times ../.test-results/api-times.json
run "fault tests" 15 bash scripts/fault-tests.sh .test-results/faults.tap
run "build" 10 node scripts/build.mjs

e2e_db=""
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  e2e_db="varco_e2e_$$"
  node scripts/pg-database.mjs create "$TEST_DATABASE_URL" "$e2e_db" && export E2E_DATABASE_URL="${TEST_DATABASE_URL%/*}/$e2e_db"
fi
run "browser tests" 40 bash -c 'cd e2e && npx playwright test'
[ -n "$e2e_db" ] && node scripts/pg-database.mjs drop "$TEST_DATABASE_URL" "$e2e_db"

# The summary's verdict is the run's: it counts every failure it sees (tests, steps without results, the failed steps
# written here, focused tests) and exits non-zero on any, so that its Total line and npm test's exit code agree.
step "summary"
printf '%s\n' "${failed[@]}" > .test-results/failed-steps.txt
verdict=0
node scripts/summarise-tests.mjs || verdict=$?
if [ ${#failed[@]} -gt 0 ]; then echo "Failed steps: ${failed[*]}"; fi
if [ "$verdict" -ne 0 ] || [ ${#failed[@]} -gt 0 ]; then exit 1; fi
echo "All steps passed."
