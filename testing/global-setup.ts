import { rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import {
  dropDatabasesWithPrefix,
  dropStaleDatabases,
  newDatabasePrefix,
  PGLITE_SNAPSHOT_VAR,
  TEST_DB_PREFIX_VAR,
  withAdmin,
  withDatabaseName,
} from "./test-database";

/**
 * Vitest global setup: one prepared (migrated, app catalog synced) template database per run — on real PostgreSQL a
 * template database, on PGlite a dump every test file starts from (skips initdb + migrations).
 */
export default async function setup(_project: TestProject) {
  // Each project of vitest.config.mts runs this; the first one prepares for both.
  if (process.env[TEST_DB_PREFIX_VAR] || process.env[PGLITE_SNAPSHOT_VAR]) return;
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return preparePgliteSnapshot();

  await dropStaleDatabases(adminUrl, "test", 3 * 60 * 60 * 1000);
  const prefix = newDatabasePrefix("test");
  const template = `${prefix}_tpl`;
  await withAdmin(adminUrl, (sql) => sql.unsafe(`CREATE DATABASE "${template}"`));

  const { openPostgres } = await import("@/db");
  const { prepareDatabase } = await import("@/server/prepare-database");
  const handle = openPostgres(withDatabaseName(adminUrl, template));
  await prepareDatabase(handle);
  await handle.close();

  process.env[TEST_DB_PREFIX_VAR] = prefix;

  return async () => {
    await dropDatabasesWithPrefix(adminUrl, prefix);
  };
}

async function preparePgliteSnapshot() {
  const { openPglite } = await import("@/db");
  const { prepareDatabase } = await import("@/server/prepare-database");
  const handle = openPglite("memory://");
  await prepareDatabase(handle);
  const file = path.join(tmpdir(), `storelens-test-${process.pid}-${Date.now().toString(36)}.tar`);
  writeFileSync(file, Buffer.from(await (await handle.dump!()).arrayBuffer()));
  await handle.close();
  process.env[PGLITE_SNAPSHOT_VAR] = file;

  return () => rmSync(file, { force: true });
}
