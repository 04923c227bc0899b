import { afterAll } from "vitest";
import { closeDatabase, getDatabase } from "@/db";
import { resetEnvCache } from "@/lib/env";
import { prepareDatabase } from "@/lib/system/prepare-database";
import { createDatabaseFromTemplate, TEST_DB_PREFIX_VAR } from "./test-database";

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
await prepareDatabase(getDatabase());

afterAll(async () => {
  await closeDatabase();
});
