import { and, eq, inArray, isNull, lt } from "drizzle-orm";
import { getDb } from "@/db";
import { jobs, type Job } from "@/db/schema";
import { sendEvent } from "@/lib/workflow/engine";
import { storeAnalysisRequested } from "@/lib/workflow/events";
import { logger } from "@/lib/log";

/** Jobs whose event is still unsent this long after creation are sent again. */
export const REDISPATCH_AFTER_MS = 2 * 60 * 1000;

/**
 * Starts the workflow of a job and marks it dispatched. The event id is derived from the
 * job, so Inngest de-duplicates a second send of the same job.
 */
export async function dispatchJob(job: Pick<Job, "id" | "userId" | "concurrencyKey">): Promise<string | null> {
  const runIds = await sendAnalysisEvent(job);
  await getDb()
    .update(jobs)
    .set({ workflowRunId: runIds[0] ?? null, dispatchedAt: new Date() })
    .where(and(eq(jobs.id, job.id), inArray(jobs.status, ["queued", "running"])));

  return runIds[0] ?? null;
}

/**
 * The send half of dispatchJob; the same job always sends the same event id, and the same
 * concurrency key: the payer's, as admission recorded it, else the user's, else the job's own.
 */
export async function sendAnalysisEvent(job: Pick<Job, "id" | "userId" | "concurrencyKey">): Promise<string[]> {
  const key = job.concurrencyKey ?? (job.userId ? `user:${job.userId}` : `job:${job.id}`);
  const { runIds } = await sendEvent(storeAnalysisRequested.create({ jobId: job.id, concurrencyKey: key }, { id: `analysis-${job.id}` }));

  return runIds;
}

/**
 * A job is written before its event is sent; a process that died in between left a job
 * that would stay queued forever. The dispatch-stalled-jobs cron sends those again.
 */
export async function redispatchStalledJobs(limit = 100): Promise<number> {
  const stalled = await getDb()
    .select({ id: jobs.id, userId: jobs.userId, concurrencyKey: jobs.concurrencyKey })
    .from(jobs)
    .where(and(eq(jobs.status, "queued"), isNull(jobs.dispatchedAt), lt(jobs.createdAt, new Date(Date.now() - REDISPATCH_AFTER_MS))))
    .limit(limit); // the rest go next run
  for (const job of stalled) {
    await dispatchJob(job);
    logger.warn("re-dispatched a job whose workflow event was never sent", { jobId: job.id });
  }

  return stalled.length;
}
