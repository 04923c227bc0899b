#!/usr/bin/env bash
# `npm run screenshots`: regenerates the README's screenshots (docs/screenshots/) from the browser
# test of a new user's journey (e2e/journey.spec.ts) at a laptop's and a phone's width. Builds
# first when the build is missing or older than the code. The pictures are replaced only when
# the whole journey passed, so a failing run never leaves a half-updated set.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
out="docs/screenshots"

stale_build() {
  [ ! -f .next/BUILD_ID ] && return 0
  [ -n "$(find app components lib server db next.config.ts -newer .next/BUILD_ID -type f -print -quit 2>/dev/null)" ]
}
if stale_build; then
  echo "==> production build"
  # Turbopack refuses a node_modules that is a symbolic link (a git worktree sharing one); webpack does not.
  if [ -L node_modules ]; then npx next build --webpack; else npx next build; fi
fi

CHROMIUM_PATH="$(node --import tsx scripts/find-chromium.ts --install)"
export CHROMIUM_PATH
shots="$(mktemp -d)"
trap 'rm -rf "$shots"' EXIT

echo "==> the journey, saving its screens"
JOURNEY_SCREENSHOTS="$shots" npx playwright test e2e/journey.spec.ts

mkdir -p "$out"
rm -f "$out"/*.png
cp "$shots"/*.png "$out"/
ls -l "$out"
