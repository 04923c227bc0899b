import { sql } from "drizzle-orm";
import { getDatabase } from "@/db";
import { ApiError } from "@/lib/http/errors";
import { getEngineKind } from "@/lib/env";
import packageJson from "@/package.json";

export type Health = {
  status: "ok";
  db: "postgres" | "pglite";
  engine: "embedded" | "inngest";
  version: string;
};

/** Liveness plus a real round trip to the database. */
export async function getHealth(): Promise<Health> {
  const database = getDatabase();
  try {
    await database.db.execute(sql`select 1`);
  } catch {
    throw new ApiError("unavailable", "Database is not reachable");
  }

  return { status: "ok", db: database.kind, engine: getEngineKind(), version: packageJson.version };
}
