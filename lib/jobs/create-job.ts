import { getDb, type Transaction } from "@/db";
import { emailNotifications, jobs, webhookCallbacks, type Job } from "@/db/schema";
import { logger } from "@/lib/log";
import { parseDomainOrThrow } from "@/lib/shopify-reader/parse-domain";
import { claimStoreForDomain } from "@/lib/store-directory/claim-store";
import { dispatchJob } from "./dispatch-job";
import type { JobCharge } from "./job-charge";

export type CreateJobInput = {
  domain: string;
  webhookUrl?: string;
  notifyEmail?: string;
  userId: string | null;
  /** What pays for the job (jobs.payment_method), when no charge decides it. */
  paymentMethod: string;
  paymentRef?: string;
  /** Key of the soft per-caller concurrency cap (defaults to the user, else the job). */
  concurrencyKey?: string;
  retryOf?: string;
  /** Billing's decision, taken atomically with the insert (overrides paymentMethod/paymentRef). */
  charge?: JobCharge;
  /** The caller's own writes for the job's store (a tracked store), in the job's transaction, before the charge. */
  alongside?: (tx: Transaction, storeId: string) => Promise<void>;
};

/**
 * Creates a queued job (with its webhook and e-mail records) and starts its workflow.
 * An invalid domain is refused before anything is written. Only the admission
 * (lib/billing/admit-job.ts) calls this: it decides who owns and who pays for the job.
 */
export async function createJob(input: CreateJobInput): Promise<Job> {
  const job = await insertQueuedJob(input);
  const runId = await dispatchJob(job);
  logger.info("job created", { jobId: job.id, domain: job.domain, runId });

  return { ...job, workflowRunId: runId };
}

/** The job's rows, not yet dispatched (a crash right after leaves it to the stalled-job cron). */
export async function insertQueuedJob(input: CreateJobInput): Promise<Job> {
  const domain = parseDomainOrThrow(input.domain);

  return getDb().transaction(async (tx) => {
    // www.example.com and example.com are one store; a slug is never shared by two domains. A
    // new store row exists only if this transaction commits: a refused job leaves none (§6.2).
    const store = await claimStoreForDomain(tx, domain);
    await input.alongside?.(tx, store.id);
    const paid = input.charge ? await input.charge.take(tx) : { paymentMethod: input.paymentMethod, paymentRef: input.paymentRef };
    const [created] = await tx
      .insert(jobs)
      .values({
        storeId: store.id,
        domain,
        slug: store.slug,
        userId: input.userId,
        webhookUrl: input.webhookUrl,
        notifyEmail: input.notifyEmail,
        paymentMethod: paid.paymentMethod,
        paymentRef: paid.paymentRef,
        retryOf: input.retryOf,
        concurrencyKey: input.concurrencyKey,
      })
      .returning();
    await input.charge?.link?.(tx, created!);
    if (input.webhookUrl) {
      await tx.insert(webhookCallbacks).values({ jobId: created!.id, url: input.webhookUrl });
    }
    if (input.notifyEmail) {
      await tx.insert(emailNotifications).values({ jobId: created!.id, email: input.notifyEmail });
    }

    return created!;
  });
}
