import { and, isNotNull, isNull, lte, sql } from "drizzle-orm";
import { getDb } from "@/db";
import { stores } from "@/db/schema";
import { publicationCutoff, recordDuePublications } from "./report-publication";

/**
 * Publishes every report 30 days old at `now` (its /reports/<id> page becomes indexable and
 * enters the sitemap) and every store whose first report is (its store page likewise).
 * Idempotent: a publication keeps its first date, so running twice (or on two workers)
 * publishes nothing new, and nothing is ever unpublished.
 */
export async function publishDueReports(now: Date): Promise<{ published: string[]; reports: number }> {
  const cutoff = publicationCutoff(now);
  const reports = await recordDuePublications(now);
  const rows = await getDb()
    .update(stores)
    .set({ publishedAt: sql`${now.toISOString()}::timestamptz` })
    .where(and(isNull(stores.publishedAt), isNotNull(stores.latestJobId), lte(stores.firstAnalyzedAt, cutoff)))
    .returning({ slug: stores.slug });

  return { published: rows.map((row) => row.slug).sort(), reports };
}

/** A store page may be indexed and exported only once it is published. */
export const isPublished = (store: { publishedAt: Date | null }) => store.publishedAt !== null;
