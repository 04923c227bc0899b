import { and, eq, inArray, isNull, lt } from "drizzle-orm";
import { getDb } from "@/db";
import { jobs, type Job } from "@/db/schema";
import { sendEvent } from "@/lib/workflow/engine";
import { storeAnalysisRequested } from "@/lib/workflow/events";
import { logger } from "@/lib/log";

type DispatchedJob = Pick<Job, "id" | "userId" | "concurrencyKey" | "batchId">;

/** Jobs whose event is still unsent this long after creation are sent again. */
export const REDISPATCH_AFTER_MS = 2 * 60 * 1000;

/**
 * Starts the workflow of a job and marks it dispatched. The event id is derived from the
 * job, so Inngest de-duplicates a second send of the same job.
 */
export async function dispatchJob(job: DispatchedJob): Promise<string | null> {
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
export async function sendAnalysisEvent(job: DispatchedJob): Promise<string[]> {
  const { runIds } = await sendEvent(analysisEvent(job));

  return runIds;
}

/** The event of a job: its concurrency key (the payer's, as admission recorded it, else the user's, else the job's own) and its batch. */
function analysisEvent(job: DispatchedJob) {
  const concurrencyKey = job.concurrencyKey ?? (job.userId ? `user:${job.userId}` : `job:${job.id}`);
  const data = job.batchId ? { jobId: job.id, concurrencyKey, batchId: job.batchId } : { jobId: job.id, concurrencyKey };

  return storeAnalysisRequested.create(data, { id: `analysis-${job.id}` });
}

/** Events sent per call when a batch starts: one round trip per slice instead of one per job. */
const DISPATCH_SLICE = 100;

/**
 * dispatchJob for the jobs of a batch: their events sent a slice at a time, each slice marked
 * dispatched in one statement. A crash half-way leaves the rest to redispatchStalledJobs.
 */
export async function dispatchJobs(list: DispatchedJob[]): Promise<void> {
  for (let i = 0; i < list.length; i += DISPATCH_SLICE) {
    const slice = list.slice(i, i + DISPATCH_SLICE);
    await sendEvent(slice.map(analysisEvent));
    await getDb()
      .update(jobs)
      .set({ dispatchedAt: new Date() })
      .where(
        and(
          inArray(
            jobs.id,
            slice.map((job) => job.id),
          ),
          inArray(jobs.status, ["queued", "running"]),
        ),
      );
  }
}

/**
 * A job is written before its event is sent; a process that died in between left a job
 * that would stay queued forever. The dispatch-stalled-jobs cron sends those again.
 */
export async function redispatchStalledJobs(limit = 100): Promise<number> {
  const stalled = await getDb()
    .select({ id: jobs.id, userId: jobs.userId, concurrencyKey: jobs.concurrencyKey, batchId: jobs.batchId })
    .from(jobs)
    .where(and(eq(jobs.status, "queued"), isNull(jobs.dispatchedAt), lt(jobs.createdAt, new Date(Date.now() - REDISPATCH_AFTER_MS))))
    .limit(limit); // the rest go next run
  for (const job of stalled) {
    await dispatchJob(job);
    logger.warn("re-dispatched a job whose workflow event was never sent", { jobId: job.id });
  }

  return stalled.length;
}
