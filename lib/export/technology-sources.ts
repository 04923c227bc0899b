import { and, inArray, isNotNull } from "drizzle-orm";
import { getDb } from "@/db";
import { stores } from "@/db/schema";
import type { ProfileSource } from "./technology-profile";

/** Analyzed stores by id or slug, as export sources (their latest analysis). */
export async function latestSources(where: { slugs?: readonly string[]; ids?: readonly string[] }): Promise<ProfileSource[]> {
  const match = where.slugs ? inArray(stores.slug, [...where.slugs]) : inArray(stores.id, [...(where.ids ?? [])]);
  const rows = await getDb()
    .select({ id: stores.id, slug: stores.slug, jobId: stores.latestJobId })
    .from(stores)
    .where(and(match, isNotNull(stores.latestJobId)));
  const byKey = new Map(rows.map((row) => [where.slugs ? row.slug : row.id, row]));

  return [...(where.slugs ?? where.ids ?? [])].flatMap((key) => {
    const row = byKey.get(key);
    return row?.jobId ? [{ storeId: row.id, jobId: row.jobId }] : [];
  });
}
