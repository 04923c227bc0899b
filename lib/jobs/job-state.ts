import { and, eq, inArray, sql } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import { getDb, type Database, type Transaction } from "@/db";
import { notify } from "@/db/notify";
import { isDatabaseUnavailable } from "@/db/unavailable";
import { emailNotifications, jobs, webhookCallbacks, type Job } from "@/db/schema";
import { boundText, MESSAGE_TEXT_MAX } from "@/lib/bound-text";
import { logger } from "@/lib/log";
import { JOB_EVENTS_CHANNEL, jobNotice } from "./job-messages";
import { returnJobCharge } from "./return-job-charge";

/**
 * The job state machine: queued → running → completed | failed, plus progress while
 * running. Every transition is written here, guarded on the state it leaves, and
 * announced in the same transaction — so a message is only seen once the write is
 * visible, a rolled-back write announces nothing, and a replayed or late step can never
 * move a job that has ended.
 */

const ACTIVE = ["queued", "running"] as const;

type Progress = {
  step: string;
  /** 0..1 of the whole job. */
  progress: number;
  /** Counts merged into the job's counts (products, collections, pages, …). */
  counts?: Record<string, number>;
};

export type Completion = {
  step: string;
  /** Whether every product was read (an incomplete listing is never diffed as "removed"). */
  listingComplete: boolean;
  /** Final counts, merged into the job's counts. */
  counts: Record<string, number>;
  at: Date;
};

const clamp = (value: number) => Math.min(1, Math.max(0, value));

/** Publishes a job's state to every process through PostgreSQL NOTIFY (in-process on PGlite). */
async function announce(job: Job, db: Database | Transaction): Promise<void> {
  const { payload, small } = jobNotice(job);
  await notify(db, JOB_EVENTS_CHANNEL, payload, small);
}

/** Moves a job that is still queued or running, and announces the new state. */
async function transition(db: Database | Transaction, jobId: string, set: PgUpdateSetSource<typeof jobs>): Promise<Job | null> {
  const [job] = await db
    .update(jobs)
    .set({ updatedAt: new Date(), ...set })
    .where(and(eq(jobs.id, jobId), inArray(jobs.status, ACTIVE)))
    .returning();
  if (job) await announce(job, db);

  return job ?? null;
}

/**
 * queued|running → running: records progress and announces it. No-op once the job has ended.
 * Progress never moves back: a step's start (done 0) or a slice's re-estimate only moves it on.
 */
export function recordJobProgress(jobId: string, update: Progress): Promise<Job | null> {
  return getDb().transaction((tx) =>
    transition(tx, jobId, {
      status: "running",
      step: update.step,
      progress: sql`greatest(${jobs.progress}, ${clamp(update.progress)})`,
      counts: update.counts ? sql`${jobs.counts} || ${JSON.stringify(update.counts)}::jsonb` : undefined,
      startedAt: sql`coalesce(${jobs.startedAt}, now())`,
    }),
  );
}

/** What a failed job says when the database refused its failure's own text. */
export const FAILURE_TEXT_REFUSED = "The analysis failed; its error message could not be recorded";
const FALLBACK_CODE = "analysis_failed";
const CODE = /^[a-z][a-z0-9_]{0,63}$/;

/**
 * queued|running → failed, with a clear error and machine code. A failed job never reaches
 * notify-callbacks, so its webhook and e-mail records are closed here, in the same
 * transaction: nothing is left `pending` for a job that can no longer complete. What paid for
 * it is given back in that transaction too when the failure's class allows it (return-job-charge.ts).
 *
 * The error often quotes a store or a network error, so it is cut to MESSAGE_TEXT_MAX here, the
 * one place a failure is stored; and should the database still refuse it (a NUL character, say),
 * the job fails with a fixed message instead of staying `running` (docs/decisions.md §6.1). Only a
 * database that is away makes this throw, for the caller's step to retry.
 */
export async function failJob(jobId: string, failure: { error: string; code: string; step?: string }): Promise<Job | null> {
  const code = CODE.test(failure.code) ? failure.code : FALLBACK_CODE;
  try {
    return await recordFailure(jobId, { ...failure, code, error: boundText(failure.error, MESSAGE_TEXT_MAX) });
  } catch (error) {
    if (isDatabaseUnavailable(error)) throw error;
    logger.warn("job failure recorded without its text, which the database refused", { jobId, code, error });

    return recordFailure(jobId, { ...failure, code, error: FAILURE_TEXT_REFUSED });
  }
}

function recordFailure(jobId: string, failure: { error: string; code: string; step?: string }): Promise<Job | null> {
  return getDb().transaction(async (tx) => {
    const job = await transition(tx, jobId, {
      status: "failed",
      error: failure.error,
      errorCode: failure.code,
      step: failure.step,
      completedAt: new Date(),
    });
    if (!job) return null;
    await closeNotifications(tx, jobId, job.completedAt ?? new Date());

    return returnJobCharge(tx, job);
  });
}

const NOT_SENT = "Job failed: job.completed is never sent";

async function closeNotifications(tx: Transaction, jobId: string, at: Date): Promise<void> {
  await tx
    .update(webhookCallbacks)
    .set({ status: "failed", error: NOT_SENT, completedAt: at })
    .where(and(eq(webhookCallbacks.jobId, jobId), eq(webhookCallbacks.status, "pending")));
  await tx
    .update(emailNotifications)
    .set({ status: "failed", error: NOT_SENT })
    .where(and(eq(emailNotifications.jobId, jobId), eq(emailNotifications.status, "pending")));
}

/**
 * running → completed, inside the caller's transaction (the one that writes the report),
 * so the job is completed exactly when its report exists.
 */
export function completeJob(tx: Transaction, jobId: string, completion: Completion): Promise<Job | null> {
  return transition(tx, jobId, {
    status: "completed",
    step: completion.step,
    progress: 1,
    listingComplete: completion.listingComplete,
    counts: sql`${jobs.counts} || ${JSON.stringify(completion.counts)}::jsonb`,
    completedAt: completion.at,
    updatedAt: completion.at,
  });
}
