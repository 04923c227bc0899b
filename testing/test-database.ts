import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import postgres from "postgres";

/**
 * Throwaway databases for tests on a real PostgreSQL server (TEST_DATABASE_URL).
 * Global setup migrates one template per run; every test file then gets its own
 * copy (CREATE DATABASE … TEMPLATE), so files never see each other's rows or workers.
 */
export const TEST_DB_PREFIX_VAR = "STORELENS_TEST_DB_PREFIX";
/** Path of the migrated PGlite dump of this run (no PostgreSQL). */
export const PGLITE_SNAPSHOT_VAR = "STORELENS_TEST_PGLITE_SNAPSHOT";

export function withDatabaseName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;

  return parsed.toString();
}

export async function withAdmin<T>(url: string, fn: (sql: postgres.Sql) => Promise<T>): Promise<T> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    return await fn(sql);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

export async function createDatabaseFromTemplate(adminUrl: string, template: string, name: string): Promise<string> {
  await withAdmin(adminUrl, (sql) => sql.unsafe(`CREATE DATABASE "${name}" TEMPLATE "${template}"`));

  return withDatabaseName(adminUrl, name);
}

export async function dropDatabasesWithPrefix(adminUrl: string, prefix: string): Promise<void> {
  await withAdmin(adminUrl, async (sql) => {
    const rows = await sql<{ datname: string }[]>`
      select datname from pg_database where datname like ${`${prefix}%`}`;
    for (const { datname } of rows) {
      await sql.unsafe(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    }
  });
}

/** Prefixed throwaway-database names carry their creation time, so leftovers of crashed runs can be found. */
export function newDatabasePrefix(kind: "test" | "e2e"): string {
  return `sl_${kind}_${Date.now().toString(36)}_${process.pid}`;
}

/** Drops throwaway databases of one kind older than `maxAgeMs` (left by killed runs). */
export async function dropStaleDatabases(adminUrl: string, kind: "test" | "e2e", maxAgeMs: number): Promise<void> {
  await withAdmin(adminUrl, async (sql) => {
    const rows = await sql<{ datname: string }[]>`
      select datname from pg_database where datname like ${`sl_${kind}_%`}`;
    for (const { datname } of rows) {
      const createdAt = parseInt(datname.split("_")[2] ?? "", 36);
      if (Number.isFinite(createdAt) && Date.now() - createdAt > maxAgeMs) {
        await sql.unsafe(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
      }
    }
  });
}

/**
 * A throwaway database for a benchmark run: a fresh database on the PostgreSQL server of
 * TEST_DATABASE_URL, else a fresh PGlite directory. Sets DATABASE_URL or PGLITE_DIR, so call
 * it before anything opens the database; `drop()` removes it afterwards.
 */
export async function provisionBenchDatabase(): Promise<{ drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const dir = mkdtempSync(path.join(tmpdir(), "storelens-bench-"));
    delete process.env.DATABASE_URL;
    process.env.PGLITE_DIR = dir;

    return { drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const name = newDatabasePrefix("test");
  await withAdmin(adminUrl, (sql) => sql.unsafe(`CREATE DATABASE "${name}"`));
  process.env.DATABASE_URL = withDatabaseName(adminUrl, name);

  return { drop: () => dropDatabasesWithPrefix(adminUrl, name) };
}
