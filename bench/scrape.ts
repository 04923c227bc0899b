/**
 * Scrape benchmark: reads a generated fake store through the real scraper (lib/shopify-reader
 * on lib/net, paced, SSRF guard on) and prints throughput next to the pacing bound.
 *
 *   npx tsx bench/scrape.ts [--products=5000] [--latency=50] [--interval=100] [--variants-every=2500]
 *
 * latency: ms the fake store waits before every answer; interval: pacer min interval
 * between request starts. Figures only, no pass/fail: compare runs, not thresholds.
 */
import { parseResolveRules } from "@/lib/net";
import { createPacer } from "@/lib/shopify-reader/pacer";
import { PRODUCTS_PAGE_LIMIT } from "@/lib/shopify-reader/products";
import { readAllProducts } from "@/testing/read-all-products";
import { generatedStore, startFakeStore } from "@/testing/fake-store";

type Args = { products: number; latency: number; interval: number; variantsEvery: number };

function readArgs(argv: string[]): Args {
  const value = (name: string, fallback: number) => {
    const arg = argv.find((a) => a.startsWith(`--${name}=`));
    const parsed = arg ? Number(arg.slice(name.length + 3)) : fallback;
    if (!Number.isFinite(parsed) || parsed < 0) {
      throw new Error(`--${name} must be a non-negative number`);
    }

    return parsed;
  };

  return {
    products: value("products", 5000),
    latency: value("latency", 50),
    interval: value("interval", 100),
    variantsEvery: value("variants-every", 2500),
  };
}

/** Samples memory while the scrape runs; RSS peak also from the OS counter. */
function trackPeakMemory() {
  let heapPeak = process.memoryUsage().heapUsed;
  let rssPeak = process.memoryUsage().rss;
  const timer = setInterval(() => {
    const usage = process.memoryUsage();
    heapPeak = Math.max(heapPeak, usage.heapUsed);
    rssPeak = Math.max(rssPeak, usage.rss);
  }, 25);

  return () => {
    clearInterval(timer);

    return { heapPeak, rssPeak: Math.max(rssPeak, process.resourceUsage().maxRSS * 1024) };
  };
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function main() {
  const args = readArgs(process.argv.slice(2));
  const server = await startFakeStore();
  const domain = "bench-store.test";
  server.addStore(
    generatedStore(domain, {
      products: args.products,
      seed: 42,
      hugeVariantsEvery: args.variantsEvery,
      faults: { latencyMs: args.latency },
    }),
  );

  try {
    const stopTracking = trackPeakMemory();
    const started = performance.now();
    const result = await readAllProducts(domain, {
      pacer: createPacer({ minIntervalMs: args.interval }),
      net: { allowPrivateNetwork: false, resolveRules: parseResolveRules(server.shopResolve("*.test")) },
      expectedProducts: args.products,
      maxRetries: 0,
    });
    const seconds = (performance.now() - started) / 1000;
    const memory = stopTracking();

    const requests = server.store(domain).counters().requests;
    const products = result.products.length;
    const throughput = products / seconds;
    // One request at a time, starts at least `interval` apart, at most 250 products each.
    const pacingBound = args.interval > 0 ? (PRODUCTS_PAGE_LIMIT * 1000) / args.interval : Infinity;
    const latencyBound = (PRODUCTS_PAGE_LIMIT * 1000) / Math.max(args.interval, args.latency, 1);

    const rows: Array<[string, string]> = [
      ["store", `${args.products} products, ${args.latency} ms latency, ${args.interval} ms min interval`],
      ["outcome", result.status],
      ["products read", String(products)],
      ["elapsed", `${seconds.toFixed(2)} s`],
      ["requests", String(requests)],
      ["requests / product", (requests / Math.max(products, 1)).toFixed(4)],
      ["products / s", throughput.toFixed(1)],
      ["pacing bound (250 / interval)", Number.isFinite(pacingBound) ? `${pacingBound.toFixed(1)} products/s` : "unbounded"],
      ["ratio to pacing bound", Number.isFinite(pacingBound) ? (throughput / pacingBound).toFixed(3) : "n/a"],
      ["bound incl. latency (250 / max(interval, latency))", `${latencyBound.toFixed(1)} products/s`],
      ["ratio to that bound", (throughput / latencyBound).toFixed(3)],
      ["peak RSS", mb(memory.rssPeak)],
      ["peak heap used", mb(memory.heapPeak)],
    ];
    const width = Math.max(...rows.map(([label]) => label.length));
    for (const [label, value] of rows) {
      console.log(`${label.padEnd(width)}  ${value}`);
    }
    // The fake store runs in this process: its CPU (generating JSON) and memory are in these figures.
    console.log("(fake store in-process: its JSON generation and memory are included above)");
  } finally {
    await server.close();
  }
}

await main();
