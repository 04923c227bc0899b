import { and, desc, eq, isNotNull, lte, or, sql, type SQL } from "drizzle-orm";
import { getDb, queryRows, type Database, type Transaction } from "@/db";
import { jobs, reportPublications, reports, stores } from "@/db/schema";

/** Reports older than this become public search content (docs/decisions.md §9.1). */
export const PUBLICATION_AGE_DAYS = 30;
const DAY_MS = 24 * 3600_000;

export const publicationCutoff = (now: Date) => new Date(now.getTime() - PUBLICATION_AGE_DAYS * DAY_MS);

/**
 * A report is public once the daily run recorded it, or as soon as it is 30 days old (the
 * run comes at most a day later): the page is indexable from the exact moment, and a recorded
 * publication is never undone, whatever the clock or settings say later.
 */
export const isReportPublic = (now: Date): SQL =>
  or(isNotNull(reportPublications.jobId), and(isNotNull(jobs.completedAt), lte(jobs.completedAt, publicationCutoff(now))))!;

export type ReportPublication = { indexable: boolean; published_at: string | null; publishes_at: string | null };

/** Whether the report of `jobId` is public at `now`, and since or from when. */
export async function getReportPublication(jobId: string, now = new Date()): Promise<ReportPublication> {
  const [row] = await getDb()
    .select({ completedAt: jobs.completedAt, publishedAt: reportPublications.publishedAt })
    .from(reports)
    .innerJoin(jobs, eq(jobs.id, reports.jobId))
    .leftJoin(reportPublications, eq(reportPublications.jobId, reports.jobId))
    .where(eq(reports.jobId, jobId))
    .limit(1);
  if (!row?.completedAt) return { indexable: false, published_at: null, publishes_at: null };
  const due = new Date(row.completedAt.getTime() + PUBLICATION_AGE_DAYS * DAY_MS);
  const publishedAt = row.publishedAt ?? (due <= now ? due : null);

  return { indexable: publishedAt !== null, published_at: publishedAt?.toISOString() ?? null, publishes_at: due.toISOString() };
}

/** Published reports of a store, newest first (the store page links them). */
export async function listPublishedReports(storeId: string, { now = new Date(), limit = 24 } = {}) {
  const rows = await getDb()
    .select({ jobId: reports.jobId, completedAt: jobs.completedAt })
    .from(reports)
    .innerJoin(jobs, eq(jobs.id, reports.jobId))
    .leftJoin(reportPublications, eq(reportPublications.jobId, reports.jobId))
    .where(and(eq(reports.storeId, storeId), isReportPublic(now)))
    .orderBy(desc(jobs.completedAt), desc(reports.jobId))
    .limit(limit);

  return rows.map((row) => ({ job_id: row.jobId, completed_at: row.completedAt!.toISOString() }));
}

/**
 * Records every report 30 days old at `now` as published; returns those it recorded, with their store. Idempotent: a recorded report keeps
 * its first date, and nothing is ever removed, so a later run never unpublishes one.
 */
export async function recordDuePublications(now: Date, db: Database | Transaction = getDb()): Promise<{ job_id: string; slug: string }[]> {
  return queryRows<{ job_id: string; slug: string }>(
    db,
    sql`
    with published as (
      insert into ${reportPublications} (job_id, store_id, published_at)
      select r.job_id, r.store_id, ${now.toISOString()}::timestamptz
      from ${reports} r join ${jobs} j on j.id = r.job_id
      where j.completed_at <= ${publicationCutoff(now).toISOString()}::timestamptz
      on conflict (job_id) do nothing
      returning job_id, store_id
    )
    select p.job_id, s.slug from published p join ${stores} s on s.id = p.store_id
  `,
  );
}
