#!/usr/bin/env bash
# `npm test`: typecheck, lint, unit + integration tests, production build, browser tests.
# Integration tests use real PostgreSQL when TEST_DATABASE_URL is set (a throwaway database
# per run), PGlite otherwise.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
# Not test-results/: Playwright empties that folder when it starts.
results=".test-reports"
mkdir -p "$results"

step() { printf '\n==> %s\n' "$*"; }

# Which Node runs this (npm's PATH puts the pinned node_modules/.bin/node first); stops if older.
node scripts/require-node.mjs

step "typecheck"
# Route types (PageProps<"/…">) are generated, not committed: generate them first.
npx next typegen
npx tsc --noEmit

step "lint, formatting, import layers and table writers"
npx eslint --max-warnings=0 .
npx prettier --check .
node scripts/check-cycles.mjs
node scripts/check-table-writers.mjs

if [ -n "${TEST_DATABASE_URL:-}" ]; then database="PostgreSQL"; else database="PGlite"; fi
step "unit and integration tests ($database)"
npx vitest run --reporter=default --reporter=json --outputFile="$results/vitest.json"

if [ -n "${TEST_DATABASE_URL:-}" ]; then
  step "migrations and invariants on PGlite too"
  env -u TEST_DATABASE_URL npx vitest run db/
fi

step "production build"
npx next build

step "browser tests (Chromium)"
# CHROMIUM_PATH, the system's Chromium, or Playwright's download (tried here if none): without
# a browser this stops on one line saying how to get one.
CHROMIUM_PATH="$(node --import tsx scripts/find-chromium.ts --install)"
export CHROMIUM_PATH
echo "Chromium: $CHROMIUM_PATH"
PLAYWRIGHT_JSON_OUTPUT_NAME="$results/playwright.json" npx playwright test --reporter=list,json

# One closing line for every suite together.
node -e '
  const fs = require("fs");
  const v = JSON.parse(fs.readFileSync(process.argv[1], "utf8"));
  const p = JSON.parse(fs.readFileSync(process.argv[2], "utf8")).stats;
  const passed = v.numPassedTests + p.expected + (p.flaky ?? 0);
  const failed = v.numFailedTests + p.unexpected;
  const skipped = v.numPendingTests + v.numTodoTests + p.skipped;
  console.log(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
' "$results/vitest.json" "$results/playwright.json"
