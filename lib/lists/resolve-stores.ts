import { and, inArray, isNotNull } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/db";
import { stores } from "@/db/schema";
import type { MemberStore } from "./list-members";

/** Analyzed stores by slug, in the order given; the slugs of none are answered apart. */
export async function resolveStores(slugs: readonly string[], db: DbOrTx = getDb()): Promise<{ found: MemberStore[]; unknown: string[] }> {
  const unique = [...new Set(slugs)];
  const rows = unique.length
    ? await db
        .select({ id: stores.id, slug: stores.slug, domain: stores.domain, name: stores.name })
        .from(stores)
        .where(and(inArray(stores.slug, unique), isNotNull(stores.latestJobId)))
    : [];
  const bySlug = new Map(rows.map((row) => [row.slug, row]));

  return { found: unique.flatMap((slug) => bySlug.get(slug) ?? []), unknown: unique.filter((slug) => !bySlug.has(slug)) };
}
