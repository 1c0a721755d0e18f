#!/usr/bin/env bash
# Issue #27's check that no browser journey leans on another: each journey file runs in a vitest
# of its own, with its own server and database (e2e/global-setup.ts), one after another.
# Needs the component library and the embed built (`npm run build`) and Debian's Chromium.
#   bash scripts/journeys-alone.sh [file-pattern]     e.g. 'runtime-*'
# Prints one line per file (passed or FAILED, and its seconds); each file's output goes to
# .journeys-alone/<file>.log.
set -uo pipefail
cd "$(dirname "$0")/../packages/admin"
pattern="${1:-*}"
mkdir -p ../../.journeys-alone
failed=0
total=0
for file in e2e/$pattern.test.ts; do
  name="$(basename "$file" .test.ts)"
  started=$(date +%s)
  if npx vitest run --project e2e "$file" > "../../.journeys-alone/$name.log" 2>&1; then result=passed; else result=FAILED; failed=$((failed + 1)); fi
  total=$((total + 1))
  printf '%-28s %-7s %4s s\n' "$name" "$result" "$(( $(date +%s) - started ))"
done
echo "$failed of $total journey files failed alone"
[ "$failed" -eq 0 ]
