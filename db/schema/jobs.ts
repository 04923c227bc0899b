import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, real, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { batches } from "./batches";
import { JOB_STATUSES } from "./job-status";
import { stores } from "./store-directory";

/** One run of one pipeline step: a slice of a step that reads in slices, or one attempt of a retried step. */
export type StepRun = {
  step: string;
  /** The workflow's attempt number for this run (0 on the first). */
  attempt: number;
  startedAt: string;
  finishedAt: string;
  /** Wall time of the run in milliseconds, from a monotonic clock. */
  ms: number;
  /** False when the run threw (the step is then retried or the job fails). */
  ok: boolean;
};

export const jobs = pgTable(
  "jobs",
  {
    id: uuid().primaryKey().defaultRandom(),
    storeId: uuid()
      .notNull()
      .references(() => stores.id),
    domain: text().notNull(),
    slug: text().notNull(),
    userId: text().references(() => users.id, { onDelete: "set null" }),
    status: text({ enum: JOB_STATUSES }).notNull().default("queued"),
    step: text(),
    progress: real().notNull().default(0),
    counts: jsonb().$type<Record<string, number>>().notNull().default({}),
    /** Every run of every pipeline step, in the order they ended (lib/jobs/record-step-run.ts). */
    stepRuns: jsonb().$type<StepRun[]>().notNull().default([]),
    error: text(),
    errorCode: text(),
    /** Whether the product listing was read to the end (never diff an incomplete one as "removed"). */
    listingComplete: boolean(),
    webhookUrl: text(),
    notifyEmail: text(),
    /** What paid for this job (lib/billing/admission/admit-job.ts): plan | subscription | credit | x402 | single_report | retry | admin | monitor. */
    paymentMethod: text(),
    paymentRef: text(),
    /**
     * When a failed job's charge was given back (lib/jobs/return-job-charge.ts), in the transaction
     * that failed it: the quota stops counting it, a spent credit is granted again, an x402
     * payment earns one free retry. Null while the job has not failed, or when nothing paid for it.
     */
    chargeReturnedAt: timestamp({ withTimezone: true }),
    retryOf: uuid(),
    /** The soft per-payer concurrency cap's key, decided at admission; a re-sent event keeps it. */
    concurrencyKey: text(),
    /** The batch this job was started in (lib/batches), else null. */
    batchId: uuid().references(() => batches.id, { onDelete: "set null" }),
    /** Its line in the batch's list (0-based): a batch's jobs share one creation time, so this keeps their order. */
    batchPosition: integer(),
    /**
     * When the caller cancelled the MCP task that follows this job (lib/mcp/job-tasks.ts). The job
     * itself is paid for and runs on; only the task's status is cancelled from then on, which the
     * 2025-11-25 revision requires to last. Null while no task of it was cancelled.
     */
    taskCancelledAt: timestamp({ withTimezone: true }),
    workflowRunId: text(),
    /** When the workflow event was accepted; null means it must still be (re)sent. */
    dispatchedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp({ withTimezone: true }),
    completedAt: timestamp({ withTimezone: true }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index().on(t.storeId, t.createdAt),
    index().on(t.userId, t.createdAt),
    index().on(t.domain, t.createdAt),
    index().on(t.status),
    index().on(t.batchId, t.batchPosition),
    // A failed x402 job earns one free retry of its store, ever (docs/decisions.md §8.6).
    uniqueIndex("jobs_one_free_retry")
      .on(t.retryOf)
      .where(sql`${t.paymentMethod} = 'retry'`),
    check("jobs_progress_range", sql`${t.progress} >= 0 and ${t.progress} <= 1`),
  ],
);

export type Job = typeof jobs.$inferSelect;

/** The job.completed webhook of one job: at most one row per job, attempted at most once. */
export const webhookCallbacks = pgTable(
  "webhook_callbacks",
  {
    id: uuid().primaryKey().defaultRandom(),
    jobId: uuid()
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    url: text().notNull(),
    status: text({ enum: ["pending", "delivered", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer().notNull().default(0),
    responseStatus: integer(),
    error: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    attemptedAt: timestamp({ withTimezone: true }),
    completedAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex().on(t.jobId), check("webhook_callbacks_attempts_max_one", sql`${t.attempts} between 0 and 1`)],
);

/** The completion e-mail of one job: at most one row per job, sent at most once. */
export const emailNotifications = pgTable(
  "email_notifications",
  {
    id: uuid().primaryKey().defaultRandom(),
    jobId: uuid()
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    email: text().notNull(),
    status: text({ enum: ["pending", "sent", "failed"] })
      .notNull()
      .default("pending"),
    error: text(),
    providerMessageId: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    attemptedAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex().on(t.jobId)],
);
