import { and, eq, inArray, sql } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import { getDb } from "@/db";
import { jobs, type Job } from "@/db/schema";
import { publishJobMessage } from "@/lib/realtime/publish-job-message";

type Progress = {
  step: string;
  /** 0..1 of the whole job. */
  progress: number;
  /** Counts merged into the job's counts (products, collections, pages, …). */
  counts?: Record<string, number>;
};

const clamp = (value: number) => Math.min(1, Math.max(0, value));

/** Updates a job that is still queued or running, in one transaction with its announcement. */
async function updateActiveJob(jobId: string, set: PgUpdateSetSource<typeof jobs>): Promise<Job | null> {
  return getDb().transaction(async (tx) => {
    const [job] = await tx
      .update(jobs)
      .set({ ...set, updatedAt: new Date() })
      .where(and(eq(jobs.id, jobId), inArray(jobs.status, ["queued", "running"])))
      .returning();
    if (job) await publishJobMessage(job, tx);

    return job ?? null;
  });
}

/**
 * Records progress of a running job and announces it. No-op once the job has ended, so a
 * replayed or late step can never move a finished job.
 */
export function recordJobProgress(jobId: string, update: Progress): Promise<Job | null> {
  return updateActiveJob(jobId, {
    status: "running",
    step: update.step,
    progress: clamp(update.progress),
    counts: update.counts ? sql`${jobs.counts} || ${JSON.stringify(update.counts)}::jsonb` : undefined,
    startedAt: sql`coalesce(${jobs.startedAt}, now())`,
  });
}

/** Ends a job as failed with a clear error and machine code, and announces it. */
export function failJob(jobId: string, failure: { error: string; code: string; step?: string }): Promise<Job | null> {
  return updateActiveJob(jobId, {
    status: "failed",
    error: failure.error,
    errorCode: failure.code,
    step: failure.step,
    completedAt: new Date(),
  });
}
