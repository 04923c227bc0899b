/**
 * The server Playwright tests run against: the production build behind our own custom
 * server (so WebSockets and the embedded executor run as in production), on a throwaway
 * database — a fresh PostgreSQL database when TEST_DATABASE_URL is set, else a fresh PGlite
 * directory — with store domains *.test routed to a fake Shopify store on loopback, and chat
 * answered by a fake OpenAI-compatible model.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { dropStaleDatabases, newDatabasePrefix, withAdmin, withDatabaseName } from "../../testing/test-database";
import { fixtureStore, generatedStore, inventoryStore, passwordStore, startFakeStore } from "../../testing/fake-store";
import { startFakeStripe } from "../../testing/fake-stripe";
import { startFakeModel } from "../../testing/fake-model";
import { wildcardRobotsStore } from "../../testing/hostile/wildcard-robots-store";

const adminUrl = process.env.TEST_DATABASE_URL;
const prefix = newDatabasePrefix("e2e");
let pgliteDir: string | undefined;

if (adminUrl) {
  // The server is killed at the end of a run, so each run drops what earlier runs left
  // (older than half an hour: a run going on in parallel keeps its database).
  await dropStaleDatabases(adminUrl, "e2e", 30 * 60 * 1000);
  await withAdmin(adminUrl, (sql) => sql.unsafe(`CREATE DATABASE "${prefix}"`));
  process.env.DATABASE_URL = withDatabaseName(adminUrl, prefix);
} else {
  pgliteDir = mkdtempSync(path.join(tmpdir(), "storelens-e2e-"));
  process.env.PGLITE_DIR = pgliteDir;
  delete process.env.DATABASE_URL;
}

process.on("exit", () => {
  if (pgliteDir) rmSync(pgliteDir, { recursive: true, force: true });
});

// The stores the browser tests analyze: *.test domains (and the *.myshopify.com hosts their
// identity is confirmed on) go to a fake Shopify store on loopback.
const fakeStore = await startFakeStore({ port: Number(process.env.E2E_FAKE_STORE_PORT ?? 0) });
fakeStore.addStore(fixtureStore("demo.test"));
fakeStore.addStore(fixtureStore("paid.test"));
// A pasted list analyzed as one batch (e2e/batches.spec.ts).
fakeStore.addStore(fixtureStore("batch-a.test"));
fakeStore.addStore(fixtureStore("batch-b.test"));
// The report page's spec: the fixture catalog with its stock quantities showing.
fakeStore.addStore(inventoryStore("report.test"));
// The new user's journey (e2e/journey.spec.ts), one store per width so each starts from a first
// analysis; the spec slows it down while it watches the progress.
fakeStore.addStore(inventoryStore("journey-desktop.test"));
fakeStore.addStore(inventoryStore("journey-phone.test"));
// A signed-out visitor's quick look (e2e/quick-look.spec.ts), one store per width so each is read afresh.
fakeStore.addStore(fixtureStore("quick-look-desktop.test"));
fakeStore.addStore(fixtureStore("quick-look-phone.test"));
// Password-protected ("opening soon"): its analysis fails, and the page says why and what next.
fakeStore.addStore(passwordStore("locked.test"));
// A store whose quantities show, for the tracked-stores page (its spec moves it forward in time).
fakeStore.addStore(generatedStore("tracked.test", { products: 30, seed: 31, exposeInventory: true, hugeVariantsEvery: 1_000_000 }));
// Its own store for the tracked store's analytics on a phone, so neither spec moves the other's.
fakeStore.addStore(generatedStore("analytics.test", { products: 30, seed: 41, exposeInventory: true, hugeVariantsEvery: 1_000_000 }));
// Its own store for a tracked store's catalog events and product prices (e2e/tracked-store-catalog.spec.ts).
fakeStore.addStore(generatedStore("catalog.test", { products: 20, seed: 51, exposeInventory: true, hugeVariantsEvery: 1_000_000 }));
// Big enough, and slow enough per request, that a person can watch the progress bar move.
fakeStore.addStore(generatedStore("progress.test", { products: 4000, seed: 21, faults: { latencyMs: 120 } }));
// An agent's analyses over MCP, one store per protocol revision, slow enough to report progress.
for (const revision of ["2025", "2026"]) {
  fakeStore.addStore(generatedStore(`mcp-${revision}.test`, { products: 600, seed: 61, faults: { latencyMs: 60 } }));
}
// A hostile store (e2e/hostile-store.spec.ts): a robots.txt of 500,000 wildcards and a page asking
// its store for paths with long query strings, once enough to freeze the server.
fakeStore.addStore(wildcardRobotsStore("wildcard-robots.test"));
process.env.SHOP_RESOLVE = `${fakeStore.shopResolve("*.test")},${fakeStore.shopResolve("*.myshopify.com")}`;
process.env.ALLOW_PRIVATE_NETWORK = "true";
process.env.SCRAPER_MIN_INTERVAL_MS = "0";
process.env.PAGESPEED_ENABLED = "false";
process.env.APP_STORE_LOOKUPS = "false";

// Card payments: the real Stripe SDK talks to a fake Stripe on loopback, whose Checkout page
// sends signed webhooks to this server when the buyer presses Pay.
const stripeSecrets = { secretKey: "sk_test_e2e", webhookSecret: "whsec_e2e_secret" };
const fakeStripe = await startFakeStripe({
  ...stripeSecrets,
  webhookUrl: new URL("/api/stripe/webhook", process.env.BASE_URL ?? "http://127.0.0.1:3000").toString(),
  prices: { price_e2e_single: 999, price_e2e_pro: 2999 },
});
Object.assign(process.env, {
  STRIPE_SECRET_KEY: stripeSecrets.secretKey,
  STRIPE_WEBHOOK_SECRET: stripeSecrets.webhookSecret,
  STRIPE_API_BASE: fakeStripe.url,
  STRIPE_PRICE_SINGLE_REPORT: "price_e2e_single",
  STRIPE_PRICE_PRO_MONTHLY: "price_e2e_pro",
});
// Chat answers come from a fake OpenAI-compatible model on loopback (it looks up the store summary, then quotes it).
const fakeModel = await startFakeModel({ port: Number(process.env.E2E_FAKE_MODEL_PORT ?? 0) });
process.env.CHAT_BASE_URL = fakeModel.baseUrl;
process.env.CHAT_MODEL = "fake-model";

await import("../../server");
// Published and unpublished stores and a blog post for e2e/public-site.spec.ts.
await import("./seed-public-site");
