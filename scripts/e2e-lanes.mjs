// `node scripts/e2e-lanes.mjs LANE COUNT`: the browser test files lane LANE (1-based) of COUNT
// runs, one per line. `npm test` (scripts/test.sh) runs the lanes at once, each with its own
// server and database. Every e2e/*.spec.ts lands in exactly one lane: the longest first, each into
// the lane with the least time so far, by the seconds below (measured alone on 2 cores; a spec
// not listed counts as DEFAULT_SECONDS). Playwright's own --shard splits by test count, which
// put most of the slow specs into one half.
import { readdirSync } from "node:fs";

const SECONDS = {
  "api-errors.spec.ts": 10,
  "api-fuzz.spec.ts": 30,
  "api-keys.spec.ts": 15,
  "auth.spec.ts": 30,
  "billing.spec.ts": 30,
  "chat.spec.ts": 30,
  "dashboard.spec.ts": 30,
  "every-page.spec.ts": 60,
  "home.spec.ts": 10,
  "hostile-store.spec.ts": 60,
  "journey.spec.ts": 120,
  "mcp-client.spec.ts": 60,
  "public-site.spec.ts": 40,
  "quick-look.spec.ts": 30,
  "report-page.spec.ts": 30,
  "security-headers.spec.ts": 20,
  "site-chrome.spec.ts": 30,
  "submit-and-watch.spec.ts": 90,
  "tracked-shop-analytics.spec.ts": 40,
  "tracked-stores.spec.ts": 40,
  "unhandled-errors.spec.ts": 120,
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
