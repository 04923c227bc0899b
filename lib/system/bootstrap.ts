import { getDatabase } from "@/db";
import { migrateDatabase } from "@/db/migrate";
import { getEnv } from "@/lib/env";
import { logger } from "@/lib/log";

/**
 * Everything a process needs before it serves: valid settings, an up-to-date schema.
 * Idempotent; the custom server and the tools call it.
 */
export async function bootstrap(): Promise<void> {
  const env = getEnv();
  const database = getDatabase();
  await migrateDatabase(database);
  logger.info("database ready", {
    db: database.kind,
    location: env.DATABASE_URL ? "DATABASE_URL" : env.PGLITE_DIR,
  });
}
