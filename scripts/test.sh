#!/usr/bin/env bash
# `npm test`: typecheck, lint, unit + integration tests, production build, browser tests.
# Integration tests use real PostgreSQL when TEST_DATABASE_URL is set (a throwaway database
# per run), PGlite otherwise.
#
# On 2 cores the stages take longer one after another than side by side (most tests wait on
# sockets and timers, not the CPU), so the lanes run at once (docs/testing.md › Where the
# time goes):
#   vitest:  unit and integration tests
#   checks:  lint ‖ production build, then
#              typecheck → db/ again on PGlite
#              ‖ browser tests, in two parts at once, each with its own server
# The browser tests need a build that passed; every other stage runs whatever another said. Each stage's output goes to
# .test-reports/stages/<stage>.log and is printed whole when the stage ends. At the end: a table
# of every stage's time, one line counting every test, and exit 1 when any stage failed.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
# Not test-results/: Playwright empties that folder when it starts.
results=".test-reports"
logs="$results/stages"
rm -rf "$logs"
mkdir -p "$logs"
run_started=$(date +%s)
# The machine's busy and idle CPU ticks (Linux): the stage table's CPU column counts only what each
# stage waited for, not the browsers Playwright starts, the PostgreSQL server or anything else.
machine_ticks() { if [ -r /proc/stat ]; then awk '/^cpu /{print $2+$3+$4+$7+$8+$9, $5+$6}' /proc/stat; fi; }
machine_started=$(machine_ticks)

# Which Node runs this (npm's PATH puts the pinned node_modules/.bin/node first); stops if older.
node scripts/require-node.mjs

# stage NAME COMMAND…: runs the command in a bash of its own (stopping at its first failing line;
# the functions below are exported to it) with its output in the stage's log, then prints the
# log whole and records status, wall time and CPU time.
stage() {
  local name=$1 started ended rc cpu_before cpu_after
  shift
  printf '==> %s: started\n' "$name"
  started=$(date +%s)
  cpu_seconds
  cpu_before=$cpu_now
  rc=0
  bash -euo pipefail -c '"$@"' "$name" "$@" >"$logs/$name.log" 2>&1 || rc=$?
  ended=$(date +%s)
  cpu_seconds
  cpu_after=$cpu_now
  # CPU seconds of everything the stage ran (the PostgreSQL server's own work aside).
  echo "$rc $((ended - started)) $((cpu_after - cpu_before))" >"$logs/$name.result"
  (
    flock 9
    printf '\n==> %s: %s in %s (log: %s)\n' "$name" "$(verdict "$rc")" "$(duration $((ended - started)))" "$logs/$name.log"
    cat "$logs/$name.log"
    printf '<== %s: %s\n' "$name" "$(verdict "$rc")"
  ) 9>"$logs/.print"
  return "$rc"
}

# cpu_now: user + system CPU seconds of this shell's finished children, the second line of
# `times` run in this shell (in a command substitution it would be a new process, no children).
cpu_seconds() {
  local file="$logs/.times.$BASHPID"
  times >"$file"
  cpu_now=$(sed -n 2p "$file" | awk '{
    total = 0
    for (i = 1; i <= 2; i++) { split($i, part, "m"); sub("s", "", part[2]); total += part[1] * 60 + part[2] }
    printf "%d", total
  }')
  rm -f "$file"
}

verdict() { if [ "$1" = 0 ]; then echo "passed"; else echo "FAILED (exit $1)"; fi; }
duration() { printf '%dm%02ds' $(($1 / 60)) $(($1 % 60)); }

if [ -n "${TEST_DATABASE_URL:-}" ]; then database="PostgreSQL"; else database="PGlite"; fi

# Every stage runs at the same CPU priority. Under `nice -n 10` beside the tests, the build (two
# minutes of CPU, at the head of the longest chain) took ten minutes, and the typecheck (one
# minute of CPU) sixteen, with lint and the PGlite pass still to come after it
# (docs/testing.md › The stages and where the time goes).
typecheck() {
  npx tsc --noEmit
}

lint() {
  npx eslint --max-warnings=0 .
  npx prettier --check .
  node scripts/check-cycles.mjs
  node scripts/check-table-writers.mjs
}

# On CI a test file with a failed test runs once more, alone, as Playwright retries a browser test
# there: a test that then passes is named as flaky at the end and does not fail the run; one that
# fails again does. Most of these tests wait on timers and sockets beside the other lanes, and on
# 2 busy cores a wait can run out once.
vitest_main() {
  echo "database: $database"
  rm -f "$results/vitest-again.json"
  npx vitest run --reporter=default --reporter=json --outputFile="$results/vitest.json" && return 0
  [ -n "${CI:-}" ] || return 1
  local failed
  failed=$(node -e '
    const report = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
    const files = report.testResults.filter((file) => file.status === "failed").map((file) => file.name.replace(process.cwd() + "/", ""));
    console.log(files.join("\n"));
  ' "$results/vitest.json")
  [ -n "$failed" ] || return 1
  printf '\nRunning the files with a failed test once more:\n%s\n' "$failed"
  # shellcheck disable=SC2086 # one word per test file
  npx vitest run --reporter=default --reporter=json --outputFile="$results/vitest-again.json" $failed
}

vitest_pglite() {
  if [ -z "${TEST_DATABASE_URL:-}" ]; then
    echo "Already on PGlite: nothing more to run."
    return 0
  fi
  # Only the files that use the default database: db/pglite-*.test.ts open PGlite themselves and
  # ran in the vitest stage already, whatever TEST_DATABASE_URL says.
  env -u TEST_DATABASE_URL npx vitest run db/schema.test.ts db/notify.test.ts
}

# The typecheck stage checks the same program: the build does not check it again (next.config.ts).
build() {
  BUILD_TYPECHECKED_ELSEWHERE=1 npx next build
}

# The browser tests run in BROWSER_LANES parts at once, each with its own server. Three were
# tried: beside the Vitest lane, an MCP tool call waiting on its job lost its connection in both
# runs with three servers (docs/testing.md › The stages and where the time goes), never with two.
BROWSER_LANES=2

# One part of the browser tests (scripts/e2e-lanes.mjs splits the specs by their measured
# time), on its own port, server, database and output folder.
browser() {
  local lane=$1 port=$((${E2E_PORT:-3100} + ($1 - 1) * 10))
  local specs
  specs=$(node scripts/e2e-lanes.mjs "$lane" "$BROWSER_LANES")
  echo "Chromium: $CHROMIUM_PATH; port $port; specs: $specs"
  # shellcheck disable=SC2086 # one word per spec file
  E2E_PORT=$port PLAYWRIGHT_JSON_OUTPUT_NAME="$results/playwright-$lane.json" \
    npx playwright test --reporter=list,json --output="test-results/lane-$lane" $specs
}

browser_lanes() {
  # CHROMIUM_PATH, the system's Chromium, or Playwright's download (tried here if none): without
  # a browser this stops on one line saying how to get one.
  CHROMIUM_PATH="$(node --import tsx scripts/find-chromium.ts --install)"
  export CHROMIUM_PATH
  rm -f "$results"/playwright-*.json
  local rc=0 lane pids=()
  for lane in $(seq 1 "$BROWSER_LANES"); do
    stage "browser-$lane" browser "$lane" &
    pids+=($!)
  done
  for lane in "${pids[@]}"; do wait "$lane" || rc=$?; done
  return "$rc"
}

export results database BROWSER_LANES
export -f typecheck lint vitest_main vitest_pglite build browser

# Route types (PageProps<"/…">) are generated, not committed: generated first, before the
# typecheck and the build read them.
stage "typegen" npx next typegen

lanes=()
stage "vitest" vitest_main &
lanes+=($!)
# The typecheck runs once the build has ended: the build rewrites .next/types, which the typecheck
# reads (a clean-clone run's typecheck once failed on a routes.d.ts the build was writing). Lint
# reads no generated file and runs beside the build; the browser tests start when the build
# passed. Every check runs, whatever another one said.
(
  stage "lint" lint &
  lint_lane=$!
  if stage "build" build; then
    browser_lanes &
    browser_lane=$!
  fi
  wait "$lint_lane" || true
  stage "typecheck" typecheck || true
  stage "vitest-pglite" vitest_pglite || true
  if [ -n "${browser_lane:-}" ]; then wait "$browser_lane" || true; fi
) &
lanes+=($!)
for lane in "${lanes[@]}"; do wait "$lane" || true; done

# The table: every stage, its status, wall time and CPU time; a stage that never ran fails the run.
failed=0
printf '\n%-15s %-16s %8s %8s\n' "stage" "status" "time" "CPU"
for name in typegen typecheck lint vitest vitest-pglite build $(seq -f "browser-%g" 1 "$BROWSER_LANES"); do
  if [ -f "$logs/$name.result" ]; then
    read -r rc wall cpu <"$logs/$name.result"
    [ "$rc" = 0 ] || failed=1
    printf '%-15s %-16s %8s %8s\n' "$name" "$(verdict "$rc")" "$(duration "$wall")" "$(duration "$cpu")"
  else
    failed=1
    printf '%-15s %-16s %8s %8s\n' "$name" "not run" "-" "-"
  fi
done
printf '%-15s %-16s %8s\n' "whole run" "" "$(duration $(($(date +%s) - run_started)))"
if [ -n "$machine_started" ]; then
  # Whether the run waited or worked: when the cores were busy all along, only less work shortens it.
  read -r busy_before idle_before <<<"$machine_started"
  read -r busy_after idle_after <<<"$(machine_ticks)"
  busy=$((busy_after - busy_before)) idle=$((idle_after - idle_before))
  ticks=$(getconf CLK_TCK)
  printf 'machine: %s of CPU busy (every process, not only the stages), %d %% of its %d cores\n' \
    "$(duration $((busy / ticks)))" $((100 * busy / (busy + idle + 1))) "$(nproc)"
fi

# One closing line for every suite together (a suite that wrote no report counts as failed above).
node -e '
  const fs = require("fs");
  const read = (file) => (fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, "utf8")) : undefined);
  const v = read(process.argv[1]) ?? { numPassedTests: 0, numFailedTests: 0, numPendingTests: 0, numTodoTests: 0 };
  // A Vitest test that failed, then passed when its file ran once more (vitest_main), is flaky.
  const again = read(process.argv[2]);
  const key = (file, test) => `${file.name.replace(process.cwd() + "/", "")} › ${test.fullName}`;
  const passedAgain = new Set();
  for (const file of again?.testResults ?? []) {
    for (const test of file.assertionResults ?? []) if (test.status === "passed") passedAgain.add(key(file, test));
  }
  const names = [];
  const flaky = [];
  for (const file of v.testResults ?? []) {
    for (const test of file.assertionResults ?? []) {
      if (test.status !== "failed") continue;
      (passedAgain.has(key(file, test)) ? flaky : names).push(key(file, test));
    }
  }
  let passed = v.numPassedTests + flaky.length, failed = v.numFailedTests - flaky.length, skipped = v.numPendingTests + v.numTodoTests;
  for (const file of process.argv.slice(3)) {
    const p = read(file)?.stats;
    if (!p) continue;
    passed += p.expected + (p.flaky ?? 0);
    failed += p.unexpected;
    skipped += p.skipped;
  }
  console.log(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
  // The names of the failed tests last: a CI log is often read from its tail only.
  const walk = (suite, path) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const name = `${spec.file}:${spec.line} › ${[...path, spec.title].join(" › ")}`;
        if (test.status === "unexpected") names.push(name);
        if (test.status === "flaky") flaky.push(name);
      }
    }
    for (const child of suite.suites ?? []) walk(child, child.title && !child.title.endsWith(".ts") ? [...path, child.title] : path);
  };
  for (const file of process.argv.slice(3)) for (const suite of read(file)?.suites ?? []) walk(suite, []);
  if (flaky.length) console.log(`flaky (failed, then passed when run again):\n${flaky.map((name) => `  ${name}`).join("\n")}`);
  if (names.length) console.log(`failed:\n${names.map((name) => `  ${name}`).join("\n")}`);
' "$results/vitest.json" "$results/vitest-again.json" $(seq -f "$results/playwright-%g.json" 1 "$BROWSER_LANES")

exit "$failed"
