/**
 * The server Playwright tests run against: the production build behind our own custom
 * server (so WebSockets and the embedded executor run as in production), on a throwaway
 * database — a fresh PostgreSQL database when TEST_DATABASE_URL is set, else a fresh PGlite
 * directory — and with store domains *.test routed to a fake Shopify store on loopback.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { dropDatabasesWithPrefix, withAdmin, withDatabaseName } from "../../testing/test-database";

const adminUrl = process.env.TEST_DATABASE_URL;
const prefix = `sl_e2e_${Date.now().toString(36)}`;
let pgliteDir: string | undefined;

if (adminUrl) {
  await withAdmin(adminUrl, (sql) => sql.unsafe(`CREATE DATABASE "${prefix}"`));
  process.env.DATABASE_URL = withDatabaseName(adminUrl, prefix);
} else {
  pgliteDir = mkdtempSync(path.join(tmpdir(), "storelens-e2e-"));
  process.env.PGLITE_DIR = pgliteDir;
  delete process.env.DATABASE_URL;
}

async function cleanUp() {
  if (adminUrl) await dropDatabasesWithPrefix(adminUrl, prefix).catch(() => {});
  if (pgliteDir) rmSync(pgliteDir, { recursive: true, force: true });
}
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void cleanUp().finally(() => process.exit(0));
  });
}

await import("../../server");
