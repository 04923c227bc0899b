import type { Transaction } from "@/db";
import { emailNotifications, jobs, webhookCallbacks, type Job } from "@/db/schema";
import { logger } from "@/lib/log";
import { dispatchJob, dispatchJobs } from "./dispatch-job";

/** A job's row as the admission decided it: its store, owner and what pays for it. */
export type NewJob = {
  /** Already normalized where it came in (the body schema, parseDomainOrThrow): admitJob passes it on. */
  domain: string;
  store: { id: string; slug: string };
  webhookUrl?: string;
  notifyEmail?: string;
  userId: string | null;
  paymentMethod: string;
  paymentRef?: string;
  /** Key of the soft per-caller concurrency cap (defaults to the user, else the job). */
  concurrencyKey?: string;
  retryOf?: string;
  /** The batch the job belongs to (lib/batches), whose row the admission wrote in this transaction. */
  batchId?: string;
  /** Its place in the batch's list, which the batch's pages follow. */
  batchPosition?: number;
};

/**
 * Writes a queued job with its webhook and e-mail records, in the caller's transaction. Only the
 * admission (lib/billing/admission/admit-job.ts) calls this (lint enforces it): it opens the transaction,
 * takes the charge in it and decides who owns the job.
 */
export async function insertJob(tx: Transaction, input: NewJob): Promise<Job> {
  const [created] = await tx
    .insert(jobs)
    .values({
      storeId: input.store.id,
      domain: input.domain,
      slug: input.store.slug,
      userId: input.userId,
      webhookUrl: input.webhookUrl,
      notifyEmail: input.notifyEmail,
      paymentMethod: input.paymentMethod,
      paymentRef: input.paymentRef,
      retryOf: input.retryOf,
      concurrencyKey: input.concurrencyKey,
      batchId: input.batchId,
      batchPosition: input.batchPosition,
    })
    .returning();
  if (input.webhookUrl) {
    await tx.insert(webhookCallbacks).values({ jobId: created!.id, url: input.webhookUrl });
  }
  if (input.notifyEmail) {
    await tx.insert(emailNotifications).values({ jobId: created!.id, email: input.notifyEmail });
  }

  return created!;
}

/** Starts the workflows of committed jobs, a batch's, with one event send per slice (lib/jobs/dispatch-job.ts). */
export async function startJobs(created: Job[]): Promise<void> {
  await dispatchJobs(created);
  logger.info("jobs created", { count: created.length, batchId: created[0]?.batchId });
}

/** Starts a committed job's workflow (a crash before this leaves it to the stalled-job cron). */
export async function startJob(job: Job): Promise<Job> {
  const runId = await dispatchJob(job);
  logger.info("job created", { jobId: job.id, domain: job.domain, runId });

  return { ...job, workflowRunId: runId };
}
