import { getDatabase } from "@/db";
import { initializePgliteDirectory } from "@/db/pglite-init";
import { getEnv } from "@/lib/env";
import { logger } from "@/lib/log";
import { ensureAuthSecret } from "./ensure-auth-secret";
import { keepDataPrivate } from "./keep-data-private";
import { prepareDatabase } from "@/server/prepare-database";

/**
 * Everything a process needs before it serves: valid settings, an up-to-date schema and
 * the app catalog.
 * Idempotent; the custom server and the tools call it.
 */
export async function bootstrap(): Promise<void> {
  ensureAuthSecret();
  const env = getEnv();
  if (!env.DATABASE_URL) await initializePgliteDirectory(env.PGLITE_DIR);
  keepDataPrivate(env);
  const database = getDatabase();
  await prepareDatabase(database);
  logger.info("database ready", {
    db: database.kind,
    location: env.DATABASE_URL ? "DATABASE_URL" : env.PGLITE_DIR,
  });
}
