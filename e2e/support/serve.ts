/**
 * The server Playwright tests run against: the production build behind our own custom
 * server (so WebSockets and the embedded executor run as in production), on a throwaway
 * database — a fresh PostgreSQL database when TEST_DATABASE_URL is set, else a fresh PGlite
 * directory — and with store domains *.test routed to a fake Shopify store on loopback.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  dropStaleDatabases,
  newDatabasePrefix,
  withAdmin,
  withDatabaseName,
} from "../../testing/test-database";
import { fixtureStore, generatedStore, startFakeStore } from "../../testing/fake-store";

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

// The stores the browser tests analyze: *.test domains go to a fake Shopify store on loopback.
const fakeStore = await startFakeStore({ port: Number(process.env.E2E_FAKE_STORE_PORT ?? 0) });
fakeStore.addStore(fixtureStore("demo.test"));
// Big enough, and slow enough per request, that a person can watch the progress bar move.
fakeStore.addStore(generatedStore("progress.test", { products: 4000, seed: 21, faults: { latencyMs: 120 } }));
process.env.SHOP_RESOLVE = fakeStore.shopResolve("*.test");
process.env.ALLOW_PRIVATE_NETWORK = "true";
process.env.SCRAPER_MIN_INTERVAL_MS = "0";
process.env.PAGESPEED_ENABLED = "false";

await import("../../server");
