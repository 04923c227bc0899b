import { and, asc, desc, eq, lt } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/db";
import { reports, technologyEvents } from "@/db/schema";
import type { TimelineEvent } from "./schemas";

/**
 * The technology events one analysis's completion recorded, in a stable order: what the
 * report's history section lists, and what alerts about that completion are raised from.
 */
export async function listJobTechnologyEvents(jobId: string, db: DbOrTx = getDb()): Promise<TimelineEvent[]> {
  const rows = await db
    .select()
    .from(technologyEvents)
    .where(eq(technologyEvents.jobId, jobId))
    .orderBy(asc(technologyEvents.technology), asc(technologyEvents.kind), asc(technologyEvents.key));

  return rows.map((row) => ({
    kind: row.kind,
    key: row.key,
    label: row.label,
    before: row.before,
    after: row.after,
    analysis: { job_id: row.jobId, at: row.at.toISOString() },
    previous_analysis: { job_id: row.previousJobId, at: row.previousAt.toISOString() },
  }));
}

export type JobHistory = {
  events: TimelineEvent[];
  /** The store's completed analysis before this one, whose report is kept; null for a first analysis. */
  previous: { job_id: string; at: string } | null;
};

/** A report's "history": its technology events against the store's previous completed analysis. */
export async function getJobHistory(jobId: string): Promise<JobHistory> {
  const [report] = await getDb()
    .select({ storeId: reports.storeId, createdAt: reports.createdAt })
    .from(reports)
    .where(eq(reports.jobId, jobId));
  if (!report) return { events: [], previous: null };
  const [[previous], events] = await Promise.all([
    getDb()
      .select({ jobId: reports.jobId, createdAt: reports.createdAt })
      .from(reports)
      .where(and(eq(reports.storeId, report.storeId), lt(reports.createdAt, report.createdAt)))
      .orderBy(desc(reports.createdAt))
      .limit(1),
    listJobTechnologyEvents(jobId),
  ]);

  return { events, previous: previous ? { job_id: previous.jobId, at: previous.createdAt.toISOString() } : null };
}
