import { and, isNotNull, isNull, lte, sql } from "drizzle-orm";
import { getDb } from "@/db";
import { stores } from "@/db/schema";
import { announceAnswerChanges, reportTopic, storeTopic } from "@/lib/answer-changes/answer-events";
import { publicationCutoff, recordDuePublications } from "@/lib/publishing/report-publication";

/**
 * Publishes every report 30 days old at `now` (its /reports/<id> page becomes indexable and
 * enters the sitemap) and every store whose first report is (its store page likewise).
 * Idempotent: a publication keeps its first date, so running twice (or on two workers)
 * publishes nothing new, and nothing is ever unpublished. It lives with the stores it
 * publishes: lib/publishing records the reports' publications and never writes a store.
 * Pages kept in memory by any process are dropped when this commits.
 */
export async function publishDueReports(now: Date): Promise<{ published: string[]; reports: number }> {
  const cutoff = publicationCutoff(now);

  return getDb().transaction(async (tx) => {
    const reports = await recordDuePublications(now, tx);
    const rows = await tx
      .update(stores)
      .set({ publishedAt: sql`${now.toISOString()}::timestamptz` })
      .where(and(isNull(stores.publishedAt), isNotNull(stores.latestJobId), lte(stores.firstAnalyzedAt, cutoff)))
      .returning({ slug: stores.slug });
    await announceAnswerChanges(tx, [
      ...reports.flatMap((report) => [reportTopic(report.job_id), storeTopic(report.slug)]),
      ...rows.map((row) => storeTopic(row.slug)),
    ]);

    return { published: rows.map((row) => row.slug).sort(), reports: reports.length };
  });
}
