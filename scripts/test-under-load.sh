#!/usr/bin/env bash
# Issue #27's check that no test leans on the machine's speed: the whole suite (`npm test`, then the
# server's integration tests on PostgreSQL, as .ci/run runs them) RUNS times in a row while
# stress-ng keeps every core busy. Needs a build first (`npm run build`) and Debian's stress-ng.
#   bash scripts/test-under-load.sh [RUNS=3]
# Prints one line per run: its number, exit status and minutes; the suites' own output goes to
# .test-under-load/run-N.log.
set -uo pipefail
cd "$(dirname "$0")/.."
runs="${1:-3}"
command -v stress-ng >/dev/null || { echo "stress-ng is missing: apt-get install -y stress-ng"; exit 1; }
mkdir -p .test-under-load
stress-ng --cpu "$(nproc)" --timeout 0 --quiet &
stress=$!
trap 'kill "$stress" 2>/dev/null' EXIT
failed=0
for run in $(seq 1 "$runs"); do
  started=$(date +%s)
  {
    npm test &&
      DATABASE_URL="${CI_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}" npm run test:pg --workspace @lead/server
  } > ".test-under-load/run-$run.log" 2>&1
  status=$?
  [ "$status" -eq 0 ] || failed=$((failed + 1))
  printf 'run %s: exit %s, %s min (load average %s)\n' "$run" "$status" "$(( ($(date +%s) - started) / 60 ))" "$(cut -d' ' -f1-3 /proc/loadavg)"
done
echo "$failed of $runs runs failed"
[ "$failed" -eq 0 ]
