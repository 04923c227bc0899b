import path from "node:path";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import { getDatabase, type DatabaseHandle } from "./index";

export const MIGRATIONS_FOLDER = path.join(process.cwd(), "db", "migrations");

/** Applies every committed migration not yet applied. Safe to call on every start. */
export async function migrateDatabase(handle: DatabaseHandle = getDatabase()): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_FOLDER };
  if (handle.kind === "pglite") {
    await migratePglite(handle.db as unknown as PgliteDatabase, config);
  } else {
    await migratePostgres(handle.db, config);
  }
}
