import type { TestProject } from "vitest/node";
import {
  dropDatabasesWithPrefix,
  dropStaleDatabases,
  newDatabasePrefix,
  TEST_DB_PREFIX_VAR,
  withAdmin,
  withDatabaseName,
} from "./test-database";

/** Vitest global setup: one migrated template database per run on real PostgreSQL. */
export default async function setup(_project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return;

  await dropStaleDatabases(adminUrl, "test", 3 * 60 * 60 * 1000);
  const prefix = newDatabasePrefix("test");
  const template = `${prefix}_tpl`;
  await withAdmin(adminUrl, (sql) => sql.unsafe(`CREATE DATABASE "${template}"`));

  const { openPostgres } = await import("@/db");
  const { migrateDatabase } = await import("@/db/migrate");
  const handle = openPostgres(withDatabaseName(adminUrl, template));
  await migrateDatabase(handle);
  await handle.close();

  process.env[TEST_DB_PREFIX_VAR] = prefix;

  return async () => {
    await dropDatabasesWithPrefix(adminUrl, prefix);
  };
}
