/**
 * Lighthouse benchmark: the public pages as a phone on a slow network sees them.
 *
 *   npm run bench:lighthouse -- [--runs=3] [--only=/blog,/pricing]
 *
 * Builds nothing: run `npx next build` first. Starts the production server the way the browser
 * tests do (e2e/support/serve.ts: server.ts on a throwaway database, the fake Shopify store, the
 * public site seeded by e2e/support/seed-public-site.ts, so a store page and its report exist),
 * then runs Lighthouse (mobile: its default emulated phone, simulated slow 4G and 4× CPU slowdown)
 * in the system's Chromium on the eight public pages, `--runs` rounds of all eight in turn.
 * Prints per page the median of the rounds for each of the four category scores, the JavaScript
 * transferred (gzip, as the phone receives it), the part of it Lighthouse found unused, LCP and
 * TBT; and the load average before and after, since Lighthouse's CPU-bound metrics (TBT, and
 * through it the performance score) move with the machine's load. Figures only, no pass/fail.
 */
import { loadavg } from "node:os";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { argValue } from "./bench-args";
import { startPublicSiteServer } from "./public-site-server";

const RUNS = argValue("runs", 3);
const PAGES = ["/", "/stores", "/stores/published-shop-test", "/reports/published-shop-test", "/apps", "/blog", "/pricing", "/docs"];
const only = process.argv.find((a) => a.startsWith("--only="))?.slice("--only=".length);
const pages = only ? only.split(",") : PAGES;
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(" ");
const loadBefore = load();

const server = await startPublicSiteServer("bench:lighthouse");
const { origin } = server;

type Row = {
  scores: Record<(typeof CATEGORIES)[number], number>;
  jsKiB: number;
  unusedKiB: number;
  lcpMs: number;
  tbtMs: number;
  /** The audits that cost points outside performance, e.g. "seo: is-crawlable". */
  failed: string[];
};

type Audit = {
  numericValue?: number;
  details?: { items?: { resourceType?: string; transferSize?: number }[]; overallSavingsBytes?: number };
};

async function measure(chromePort: number, path: string): Promise<Row> {
  const result = await lighthouse(`${origin}${path}`, {
    port: chromePort,
    output: "json",
    logLevel: "error",
    onlyCategories: [...CATEGORIES],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
  const { categories, audits, runtimeError } = result.lhr;
  if (runtimeError) throw new Error(`${path}: ${runtimeError.code} ${runtimeError.message}`);
  const audit = (id: string) => audits[id] as Audit | undefined;
  const failed = CATEGORIES.filter((c) => c !== "performance").flatMap((c) =>
    (categories[c]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && audits[ref.id]?.score !== null && (audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => `${c}: ${ref.id}`),
  );
  const scripts = audit("resource-summary")?.details?.items?.find((item) => item.resourceType === "script");

  return {
    scores: Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((categories[c]?.score ?? 0) * 100)])) as Row["scores"],
    jsKiB: (scripts?.transferSize ?? 0) / 1024,
    unusedKiB: (audit("unused-javascript")?.details?.overallSavingsBytes ?? 0) / 1024,
    lcpMs: audit("largest-contentful-paint")?.numericValue ?? NaN,
    tbtMs: audit("total-blocking-time")?.numericValue ?? NaN,
    failed,
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

let chrome: chromeLauncher.LaunchedChrome | undefined;
try {
  chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    chromeFlags: ["--headless=new", "--no-sandbox"],
  });
  // One request each first: the first read of a route loads its module (preloadEntriesOnStart is off).
  for (const path of pages) await fetch(`${origin}${path}`).then((r) => r.arrayBuffer());

  const rows = new Map<string, Row[]>(pages.map((p) => [p, []]));
  for (let round = 1; round <= RUNS; round++) {
    for (const path of pages) {
      const row = await measure(chrome.port, path);
      rows.get(path)!.push(row);
      process.stderr.write(`round ${round}/${RUNS} ${path}: performance ${row.scores.performance} (load ${load()})\n`);
    }
  }

  const loadAfter = load();
  console.log(
    `\nLighthouse ${RUNS > 1 ? `median of ${RUNS} runs` : "one run"}, mobile (simulated slow 4G, 4× CPU slowdown), production build`,
  );
  console.log(`load average (1, 5, 15 min): before ${loadBefore}, after ${loadAfter}\n`);
  console.log("| page | performance | accessibility | best practices | SEO | JS (KiB, gzip) | unused JS (KiB) | LCP (ms) | TBT (ms) |");
  console.log("|---|---|---|---|---|---|---|---|---|");
  for (const [path, runs] of rows) {
    const m = (pick: (r: Row) => number) => median(runs.map(pick));
    const performanceSpread = runs.map((r) => r.scores.performance).join("/");
    console.log(
      `| ${path} | ${m((r) => r.scores.performance)} (${performanceSpread}) | ${m((r) => r.scores.accessibility)} | ${m((r) => r.scores["best-practices"])} | ${m((r) => r.scores.seo)} | ${m((r) => r.jsKiB).toFixed(1)} | ${m((r) => r.unusedKiB).toFixed(1)} | ${Math.round(m((r) => r.lcpMs))} | ${Math.round(m((r) => r.tbtMs))} |`,
    );
  }
  const failures = [...rows].map(([path, runs]) => [path, [...new Set(runs.flatMap((r) => r.failed))]] as const);
  if (failures.some(([, failed]) => failed.length > 0)) {
    console.log("\nAudits that cost points outside performance (in any run):");
    for (const [path, failed] of failures) if (failed.length > 0) console.log(`  ${path}: ${failed.join(", ")}`);
  }
} finally {
  await chrome?.kill();
  server.stop();
}
process.exit(0);
