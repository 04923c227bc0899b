import { asc, eq } from "drizzle-orm";
import { getDb } from "@/db";
import { changelogEntries } from "@/db/schema";
import { getJobOrThrow } from "@/lib/jobs/get-job";

/** The changes a job found against the store's previous completed snapshot. */
export async function getChangelog(jobId: string) {
  const job = await getJobOrThrow(jobId);
  const rows = await getDb()
    .select()
    .from(changelogEntries)
    .where(eq(changelogEntries.jobId, job.id))
    .orderBy(asc(changelogEntries.subject), asc(changelogEntries.change), asc(changelogEntries.subjectId));

  return {
    job_id: job.id,
    status: job.status,
    previous_job_id: rows[0]?.previousJobId ?? null,
    entries: rows.map((row) => ({
      subject: row.subject,
      change: row.change,
      id: row.subjectId,
      title: row.title,
      before: row.before,
      after: row.after,
    })),
  };
}
