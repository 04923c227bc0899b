import { and, isNotNull, isNull, lte, sql } from "drizzle-orm";
import { getDb } from "@/db";
import { stores } from "@/db/schema";

/** Reports older than this become public search content (contract: Limits, auto-publication). */
export const PUBLICATION_AGE_DAYS = 30;
const DAY_MS = 24 * 3600_000;

/**
 * Publishes every store whose first report is older than 30 days at `now`: its page becomes
 * indexable and it enters the sitemap. Idempotent: a published store keeps its first
 * publication date, so running twice (or on two workers) publishes nothing new.
 */
export async function publishDueReports(now: Date): Promise<{ published: string[] }> {
  const cutoff = new Date(now.getTime() - PUBLICATION_AGE_DAYS * DAY_MS);
  const rows = await getDb()
    .update(stores)
    .set({ publishedAt: sql`${now.toISOString()}::timestamptz` })
    .where(and(isNull(stores.publishedAt), isNotNull(stores.latestJobId), lte(stores.firstAnalyzedAt, cutoff)))
    .returning({ slug: stores.slug });

  return { published: rows.map((row) => row.slug).sort() };
}

/** A store page may be indexed and exported only once it is published. */
export const isPublished = (store: { publishedAt: Date | null }) => store.publishedAt !== null;
