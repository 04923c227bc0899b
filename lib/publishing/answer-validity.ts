import { and, eq, gt, isNull, min } from "drizzle-orm";
import { getDb } from "@/db";
import { jobs, reportPublications, reports, stores } from "@/db/schema";
import { PUBLICATION_AGE_DAYS, getReportPublication, publicationCutoff } from "./report-publication";

const DAY_MS = 24 * 3600_000;

/**
 * Until when the public answers of a completed report (its page, its JSON) stay as they are,
 * checked before one is rendered to be kept: null when there is no completed report under
 * this job id (a running job's page changes as it runs). A report changes when it is
 * published: by the daily run (an announced change) or by turning 30 days old, which is this
 * deadline. `expiresAt` null: already public, it only changes again when purged (announced).
 */
export async function reportAnswerValidity(jobId: string, now = new Date()): Promise<{ expiresAt: number | null } | null> {
  const publication = await getReportPublication(jobId, now);
  if (publication.publishes_at === null) return null;

  return { expiresAt: publication.indexable ? null : Date.parse(publication.publishes_at) };
}

/**
 * Until when a store page stays as it is: it lists the store's public reports, and a report
 * turns public 30 days after it completed, so the page expires when the next one of its
 * reports does. Null when the store has no report (no page to keep).
 */
export async function storeAnswerValidity(slug: string, now = new Date()): Promise<{ expiresAt: number | null } | null> {
  const [store] = await getDb()
    .select({ id: stores.id, latestJobId: stores.latestJobId })
    .from(stores)
    .where(eq(stores.slug, slug))
    .limit(1);
  if (!store?.latestJobId) return null;
  const [next] = await getDb()
    .select({ completedAt: min(jobs.completedAt) })
    .from(reports)
    .innerJoin(jobs, eq(jobs.id, reports.jobId))
    .leftJoin(reportPublications, eq(reportPublications.jobId, reports.jobId))
    .where(and(eq(reports.storeId, store.id), isNull(reportPublications.jobId), gt(jobs.completedAt, publicationCutoff(now))));
  const completedAt = next?.completedAt ? new Date(next.completedAt) : null;

  return { expiresAt: completedAt ? completedAt.getTime() + PUBLICATION_AGE_DAYS * DAY_MS : null };
}
