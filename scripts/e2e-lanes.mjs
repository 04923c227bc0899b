// `node scripts/e2e-lanes.mjs LANE COUNT`: the browser test files lane LANE (1-based) of COUNT
// runs, one per line. `npm test` (scripts/test.sh) runs the lanes at once, each with its own
// server and database. Every e2e/*.spec.ts lands in exactly one lane: the longest first, each into
// the lane with the least time so far, by the seconds below (the tests' own time in a CI run on
// 2 cores, beside the other lanes; a spec not listed counts as DEFAULT_SECONDS). Playwright's own --shard splits by test count, which
// put most of the slow specs into one half.
import { readdirSync } from "node:fs";

const SECONDS = {
  "api-errors.spec.ts": 5,
  "api-fuzz.spec.ts": 4,
  "api-keys.spec.ts": 11,
  "auth.spec.ts": 28,
  "batches.spec.ts": 19,
  "billing.spec.ts": 17,
  "chat.spec.ts": 17,
  "dashboard-pages.spec.ts": 115,
  "dashboard.spec.ts": 24,
  "directory-segments.spec.ts": 38,
  "home.spec.ts": 10,
  "hostile-store.spec.ts": 5,
  "journey.spec.ts": 82,
  "lists.spec.ts": 26,
  "mcp-app.spec.ts": 7,
  "mcp-client.spec.ts": 26,
  "public-pages.spec.ts": 212,
  "public-site.spec.ts": 32,
  "quick-look.spec.ts": 11,
  "report-page.spec.ts": 26,
  "security-headers.spec.ts": 40,
  "site-chrome.spec.ts": 28,
  "store-history.spec.ts": 24,
  "submit-and-watch.spec.ts": 70,
  "tracked-shop-analytics.spec.ts": 15,
  "tracked-store-catalog.spec.ts": 14,
  "tracked-stores.spec.ts": 40,
  "unhandled-errors.spec.ts": 15,
  "webhooks.spec.ts": 6,
};
const DEFAULT_SECONDS = 30;

const [lane, count] = process.argv.slice(2).map(Number);
if (!Number.isInteger(lane) || !Number.isInteger(count) || lane < 1 || lane > count) {
  console.error("usage: node scripts/e2e-lanes.mjs LANE COUNT (1 <= LANE <= COUNT)");
  process.exit(2);
}

const specs = readdirSync("e2e")
  .filter((name) => name.endsWith(".spec.ts"))
  .map((name) => ({ name, seconds: SECONDS[name] ?? DEFAULT_SECONDS }))
  .sort((a, b) => b.seconds - a.seconds || a.name.localeCompare(b.name));
const lanes = Array.from({ length: count }, () => ({ seconds: 0, specs: [] }));
for (const spec of specs) {
  const shortest = lanes.reduce((best, next) => (next.seconds < best.seconds ? next : best));
  shortest.seconds += spec.seconds;
  shortest.specs.push(`e2e/${spec.name}`);
}
console.log(lanes[lane - 1].specs.sort().join("\n"));
