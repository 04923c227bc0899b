/**
 * Reconciliation benchmark: what checking the product listing against the product sitemap
 * costs, in store requests, as a ratio to the listing's own requests — on a store that does
 * not change and on one that deletes products at the front of the listing mid-crawl.
 *
 *   npx tsx bench/reconcile.ts [--sizes=5000,30000]
 *
 * Figures only, no pass/fail. Requests, not seconds: at one polite request per second,
 * every request is a second of the user's wait.
 */
import { parseResolveRules } from "@/lib/net";
import { createPacer } from "@/lib/shopify-reader/pacer";
import { crawlProducts, type ProductCrawlCursor } from "@/lib/shopify-reader/product-crawl";
import { createMemorySeenProducts } from "@/testing/memory-seen-products";
import { generatedStore, startFakeStore, type FakeStoreServer } from "@/testing/fake-store";

const sizes = (process.argv.find((a) => a.startsWith("--sizes="))?.slice(8) ?? "5000,30000").split(",").map(Number);

/** The listing's own requests, and those from the first sitemap request on (the reconciliation). */
function split(paths: string[]): { listing: number; reconciliation: number } {
  const start = paths.findIndex((path) => path.startsWith("/sitemap"));
  const reconciliation = start === -1 ? 0 : paths.length - start;

  return { listing: paths.length - reconciliation, reconciliation };
}

async function crawl(server: FakeStoreServer, domain: string, expected: number) {
  const seen = createMemorySeenProducts();
  let cursor: ProductCrawlCursor | null = null;
  for (;;) {
    const slice = await crawlProducts(domain, cursor, {
      pacer: createPacer({ minIntervalMs: 0 }),
      net: { allowPrivateNetwork: false, resolveRules: parseResolveRules(server.shopResolve("*.test")) },
      expectedProducts: expected,
      maxRetries: 0,
      maxRequests: 10, // as the workflow's fetch-products steps
      seen,
    });
    seen.remember(slice.products);
    cursor = slice.cursor;
    if (slice.state !== "more") return { outcome: slice.outcome ?? slice.failure?.status, cursor, held: seen.size };
  }
}

async function main() {
  const server = await startFakeStore();
  const rows: string[][] = [["store", "change during crawl", "outcome", "products held", "listing req", "reconcile req", "ratio"]];
  try {
    for (const size of sizes) {
      for (const change of ["none", "5 deleted at the front"] as const) {
        const domain = `reconcile-${size}-${change === "none" ? "still" : "moving"}.test`;
        server.addStore(generatedStore(domain, { products: size, seed: 5 }));
        const store = server.store(domain);
        if (change !== "none") {
          const catalog = store.shop!.catalog;
          store.changeBefore(/\/products\.json\?.*page=4\b/, {
            removeProducts: catalog.newestFirst(0, 5).map((slot) => catalog.meta(slot).id),
          });
        }
        const result = await crawl(server, domain, size);
        const counts = split(store.log().map((entry) => entry.path));
        rows.push([
          `${size} products`,
          change,
          String(result.outcome),
          String(result.held),
          String(counts.listing),
          String(counts.reconciliation),
          `${((counts.reconciliation / Math.max(counts.listing, 1)) * 100).toFixed(1)} %`,
        ]);
      }
    }
  } finally {
    await server.close();
  }
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  for (const row of rows) console.log(row.map((cell, i) => cell.padEnd(widths[i]!)).join("  "));
  console.log("(past the 25,000 cap the sitemap is also how the catalog is completed: there its requests are not all extra)");
}

await main();
