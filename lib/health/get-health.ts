import { sql } from "drizzle-orm";
import { getDatabase } from "@/db";
import { databaseUnavailable } from "@/lib/http/responses";
import { getEngineKind } from "@/lib/env";
import packageJson from "@/package.json";
import type { DegradedReason, Health } from "./schemas";
import { findRenderBrowser } from "@/lib/render/find-browser";
import { readStorage } from "./storage-space";

export type { DegradedReason, Health };

/** Liveness plus a real round trip to the database, and whether new work is accepted. */
export async function getHealth(): Promise<Health> {
  const database = getDatabase();
  try {
    await database.db.execute(sql`select 1`);
  } catch {
    throw databaseUnavailable();
  }
  const storage = await readStorage();
  const reasons: DegradedReason[] = storage.low
    ? [
        {
          code: "storage_low",
          message: `${Math.floor((storage.freeBytes ?? 0) / 1024 / 1024)} MB free on the database's disk, below the ${Math.floor(storage.minFreeBytes / 1024 / 1024)} MB minimum: new jobs are refused and workflow steps wait`,
        },
      ]
    : [];
  const base = { db: database.kind, engine: getEngineKind(), version: packageJson.version, browser: findRenderBrowser().status };

  return reasons.length ? { status: "degraded", reasons, ...base } : { status: "ok", ...base };
}
