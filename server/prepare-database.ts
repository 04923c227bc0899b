import { getDatabase, type DatabaseHandle } from "@/db";
import { migrateDatabase } from "@/db/migrate";
import { syncAppCatalogue } from "@/lib/apps/sync-app-catalogue";

/** Schema up to date and reference data (the app catalogue) in place. Idempotent. */
export async function prepareDatabase(handle: DatabaseHandle = getDatabase()): Promise<void> {
  await migrateDatabase(handle);
  await syncAppCatalogue(handle.db);
}
