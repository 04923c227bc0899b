import { and, asc, eq, sql } from "drizzle-orm";
import { getDb } from "@/db";
import { changelogEntries } from "@/db/schema";
import { offsetOf, paginated, type PaginationQuery } from "@/lib/http/pagination";
import { findPreviousCompletedJob } from "@/lib/jobs/find-previous-completed-job";
import { fromCompletedJob } from "@/lib/jobs/from-completed-job";
import { getJob } from "@/lib/jobs/get-job";
import { throwIfPurged } from "./find-report";

/**
 * The changes a job found against the store's previous completed snapshot, one page at a time
 * (`page`, `per_page`, like every list): a 30,000-product store can change thousands of rows.
 * `previous_job_id` names that previous analysis whenever there was one, even when nothing
 * changed; null for a store's first analysis and for a job that has not completed.
 */
export async function getChangelog(jobId: string, query: PaginationQuery = { page: 1, per_page: 20 }) {
  const job = await getJob(jobId);
  await throwIfPurged(job.id);
  // A job still building its report has written part of its changelog: it shows none until it completes.
  const byJob = and(eq(changelogEntries.jobId, job.id), fromCompletedJob(changelogEntries.jobId));
  const [rows, [stats], previous] = await Promise.all([
    getDb()
      .select()
      .from(changelogEntries)
      .where(byJob)
      .orderBy(asc(changelogEntries.subject), asc(changelogEntries.change), asc(changelogEntries.subjectId), asc(changelogEntries.id))
      .limit(query.per_page)
      .offset(offsetOf(query)),
    getDb()
      .select({ total: sql<number>`count(*)::int` })
      .from(changelogEntries)
      .where(byJob),
    job.status === "completed" ? findPreviousCompletedJob(getDb(), job) : null,
  ]);
  const page = paginated(
    rows.map((row) => ({
      subject: row.subject,
      change: row.change,
      id: row.subjectId,
      title: row.title,
      before: row.before,
      after: row.after,
    })),
    query,
    stats?.total ?? 0,
  );

  return { job_id: job.id, status: job.status, previous_job_id: previous?.id ?? null, ...page };
}

/** How many entries of each subject and kind a job's changelog holds (the report page's tally). */
export async function getChangelogTally(jobId: string) {
  return getDb()
    .select({ subject: changelogEntries.subject, change: changelogEntries.change, count: sql<number>`count(*)::int` })
    .from(changelogEntries)
    .where(and(eq(changelogEntries.jobId, jobId), fromCompletedJob(changelogEntries.jobId)))
    .groupBy(changelogEntries.subject, changelogEntries.change)
    .orderBy(asc(changelogEntries.subject), asc(changelogEntries.change));
}
