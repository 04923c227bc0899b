import { afterAll } from "vitest";
import { readFileSync } from "node:fs";
import { closeDatabase, getDatabase, installDatabase, openPglite } from "@/db";
import { resetEnvCache } from "@/lib/env";
import { prepareDatabase } from "@/server/prepare-database";
import { createDatabaseFromTemplate, PGLITE_SNAPSHOT_VAR, TEST_DB_PREFIX_VAR } from "./test-database";

// Per test file: a database of its own. Real PostgreSQL (a copy of the migrated
// template) when TEST_DATABASE_URL is set, otherwise an in-memory PGlite.
const adminUrl = process.env.TEST_DATABASE_URL;
const prefix = process.env[TEST_DB_PREFIX_VAR];

if (adminUrl && prefix) {
  const name = `${prefix}_${crypto.randomUUID().slice(0, 8)}`;
  process.env.DATABASE_URL = await createDatabaseFromTemplate(adminUrl, `${prefix}_tpl`, name);
} else {
  delete process.env.DATABASE_URL;
  process.env.PGLITE_DIR = "memory://";
}
(process.env as Record<string, string>).NODE_ENV = "test";
resetEnvCache();
const snapshot = process.env[PGLITE_SNAPSHOT_VAR];
if (!process.env.DATABASE_URL && snapshot) {
  await installDatabase(openPglite("memory://", { loadDataDir: new Blob([readFileSync(snapshot)]) }));
} else {
  await prepareDatabase(getDatabase());
}

afterAll(async () => {
  await closeDatabase();
});
