import { getDatabase, type DatabaseHandle } from "@/db";
import { migrateDatabase } from "@/db/migrate";
import { syncAppCatalog } from "@/lib/apps/sync-app-catalog";

/** Schema up to date and reference data (the app catalog) in place. Idempotent. */
export async function prepareDatabase(handle: DatabaseHandle = getDatabase()): Promise<void> {
  await migrateDatabase(handle);
  await syncAppCatalog(handle.db);
}
