#!/usr/bin/env bash
# `npm test`: typecheck, lint, unit + integration tests, production build, browser tests.
# Integration tests use real PostgreSQL when TEST_DATABASE_URL is set (a throwaway database
# per run), PGlite otherwise.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1

step() { printf '\n==> %s\n' "$*"; }

step "typecheck"
# Route types (PageProps<"/…">) are generated, not committed: generate them first.
npx next typegen
npx tsc --noEmit

step "lint"
npx eslint --max-warnings=0 .

step "unit and integration tests (${TEST_DATABASE_URL:+PostgreSQL}${TEST_DATABASE_URL:-PGlite})"
npx vitest run

if [ -n "${TEST_DATABASE_URL:-}" ]; then
  step "migrations and invariants on PGlite too"
  env -u TEST_DATABASE_URL npx vitest run db/
fi

step "production build"
npx next build

step "browser tests (Chromium)"
npx playwright test
