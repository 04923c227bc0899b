/**
 * App detection benchmark: time to detect catalog apps in a 1 MB storefront, next to the
 * time to merely parse that HTML with the same parser (the baseline, measured in this run).
 *
 *   npx tsx bench/detect-apps.ts [--runs=15]
 */
import { detectApps } from "@/lib/apps";
import { largeStorefrontHtml } from "@/testing/apps/large-storefront";
import { loadHtml } from "@/lib/storefront-html/load-html";

const runsArg = process.argv.find((a) => a.startsWith("--runs="));
const RUNS = runsArg ? Number(runsArg.split("=")[1]) : 15;
const html = largeStorefrontHtml();

function measure(fn: () => unknown): { median: number; min: number } {
  fn(); // warm-up: JIT and the once-per-process pattern compilation
  const times: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const t0 = performance.now();
    fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);

  return { median: times[Math.floor(times.length / 2)]!, min: times[0]! };
}

const parse = measure(() => loadHtml(html));
const detect = measure(() => detectApps(html));
const mb = html.length / 1_000_000;
console.log(`app detection on a ${mb.toFixed(2)} MB storefront, ${RUNS} runs`);
console.log(`  baseline: parse only     median ${parse.median.toFixed(1)} ms  min ${parse.min.toFixed(1)} ms`);
console.log(`  parse + detect apps      median ${detect.median.toFixed(1)} ms  min ${detect.min.toFixed(1)} ms`);
console.log(`  ratio to baseline        ×${(detect.median / parse.median).toFixed(2)}  (${(detect.median / mb).toFixed(1)} ms per MB)`);
