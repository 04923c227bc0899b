import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite, type PGliteOptions } from "@electric-sql/pglite";
import type { SQL } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePostgres, type PostgresJsDatabase } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import * as schema from "./schema";
import { readDatabaseSettings } from "./settings";
import { PGLITE_BYTEA_PARSERS, PGLITE_BYTEA_SERIALIZERS } from "./pglite-bytea";
import { reportFatalDatabaseError } from "./fatal";
import { stopAtFatalError } from "./pglite-fatal";
import { lockPgliteDirectory } from "./pglite-lock";
import { yieldBeforeEachStatement } from "./pglite-turns";
import { compileWasmWithBaselineOnly } from "./pglite-wasm-tiers";

export type Database = PostgresJsDatabase<typeof schema>;
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
/** Either the database or an open transaction: a domain's write functions accept both, so a caller keeps several domains' writes atomic. */
export type DbOrTx = Database | Transaction;
export type DatabaseKind = "postgres" | "pglite";

type Listener = (payload: string) => void;

/** The one database handle of this process, whatever the driver underneath. */
export type DatabaseHandle = {
  kind: DatabaseKind;
  db: Database;
  /**
   * LISTEN on a channel; resolves to an unlisten function. `onListen` runs each time the
   * listening connection is (re)established: notifications sent while it was away are lost.
   */
  listen(channel: string, onPayload: Listener, onListen?: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /** PGlite only: the data directory as a tarball. */
  dump?: () => Promise<Blob | File>;
};

const GLOBAL_KEY = Symbol.for("storelens.db");
type GlobalWithDb = typeof globalThis & { [GLOBAL_KEY]?: DatabaseHandle };

/** Opens a separate handle on a PostgreSQL URL (tests, tools); the app uses getDatabase(). */
export function openPostgres(url: string): DatabaseHandle {
  const client = postgres(url, {
    max: 10,
    // A database that is away answers every request with a 503 within seconds instead of
    // holding it until the OS gives up on the connection (the driver's default is 30 s).
    // No statement timeout: building a large report is one long statement by design.
    connect_timeout: 5,
    onnotice: () => {},
    // Timestamps come back as Date objects; jsonb as parsed values (the drizzle defaults).
  });
  const db = drizzlePostgres(client, { schema, casing: "snake_case" });

  return {
    kind: "postgres",
    db,
    async listen(channel, onPayload, onListen) {
      const { unlisten } = await client.listen(channel, onPayload, onListen);

      return unlisten;
    },
    close: () => client.end({ timeout: 5 }),
  };
}

/**
 * PGlite runs PostgreSQL inside this process, so its buffers are our resident memory. The
 * defaults are a server's (shared_buffers 128MB, maintenance_work_mem 64MB); an embedded
 * installation's working set is a few MB, and the OS page cache sits under the data files anyway.
 */
export const PGLITE_MEMORY_SETTINGS = [
  "-c",
  "shared_buffers=16MB",
  "-c",
  "wal_buffers=1MB",
  "-c",
  "temp_buffers=1MB",
  "-c",
  "maintenance_work_mem=16MB",
];

/**
 * Opens a PGlite handle; `loadDataDir` starts it from a dump (tests start from a migrated one),
 * `fs` puts its files on another Emscripten file system (tests: one that fills up).
 */
export function openPglite(dir: string, options: { loadDataDir?: Blob; fs?: PGliteOptions["fs"] } = {}): DatabaseHandle {
  const isMemory = dir === "memory://" || dir === "";
  if (!isMemory) mkdirSync(path.resolve(dir), { recursive: true });
  // One process per data directory: a second one (another server, db:migrate) is refused.
  const unlock = isMemory ? () => {} : lockPgliteDirectory(path.resolve(dir));
  const settings = {
    ...options,
    startParams: [...PGlite.defaultStartParams, ...PGLITE_MEMORY_SETTINGS],
    serializers: PGLITE_BYTEA_SERIALIZERS,
    parsers: PGLITE_BYTEA_PARSERS,
  };
  compileWasmWithBaselineOnly();
  const client = isMemory ? new PGlite(settings) : new PGlite(path.resolve(dir), settings);
  stopAtFatalError(client, reportFatalDatabaseError);
  const db = drizzlePglite(yieldBeforeEachStatement(client), { schema, casing: "snake_case" }) as unknown as Database;

  return {
    kind: "pglite",
    db,
    dump: () => client.dumpDataDir("none"),
    async listen(channel, onPayload, onListen) {
      // One connection inside this process: it is never lost while the process lives.
      const unlisten = await client.listen(channel, onPayload);
      onListen?.();

      return () => unlisten();
    },
    close: () => client.close().finally(unlock),
  };
}

/**
 * The process-wide database handle. Created lazily (next build imports route modules)
 * and kept on globalThis: the custom server and Next's bundled routes are separate
 * module graphs in one process, and a PGlite directory must never be opened twice.
 */
export function getDatabase(): DatabaseHandle {
  const g = globalThis as GlobalWithDb;
  if (!g[GLOBAL_KEY]) {
    const settings = readDatabaseSettings();
    g[GLOBAL_KEY] = settings.DATABASE_URL ? openPostgres(settings.DATABASE_URL) : openPglite(settings.PGLITE_DIR);
  }

  return g[GLOBAL_KEY];
}

/** Makes `handle` the process-wide database (test set-up); closes any previous one. */
export async function installDatabase(handle: DatabaseHandle): Promise<void> {
  await closeDatabase();
  (globalThis as GlobalWithDb)[GLOBAL_KEY] = handle;
}

/** Shorthand for the drizzle client of the process-wide handle. */
export function getDb(): Database {
  return getDatabase().db;
}

/** Closes and forgets the process-wide handle (tests, graceful shutdown). */
export async function closeDatabase(): Promise<void> {
  const g = globalThis as GlobalWithDb;
  const handle = g[GLOBAL_KEY];
  g[GLOBAL_KEY] = undefined;
  await handle?.close();
}

/** Runs raw SQL and returns its rows, identically on both drivers. */
export async function queryRows<T extends Record<string, unknown>>(db: Database | Transaction, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown;

  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

export { schema };
