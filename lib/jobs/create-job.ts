import { sql } from "drizzle-orm";
import { getDb } from "@/db";
import { emailNotifications, jobs, stores, webhookCallbacks, type Job } from "@/db/schema";
import { ApiError } from "@/lib/api/errors";
import { normalizeDomain, slugForDomain } from "@/lib/shopify/domain";
import { logger } from "@/lib/log";
import { dispatchJob } from "./dispatch-job";

export type CreateJobInput = {
  domain: string;
  webhookUrl?: string;
  notifyEmail?: string;
  userId: string | null;
  /** What pays for the job: plan | credit | x402 | admin. */
  paymentMethod: string;
  paymentRef?: string;
  /** Key of the soft per-caller concurrency cap (defaults to the user, else the job). */
  concurrencyKey?: string;
  retryOf?: string;
};

function parseDomainOrThrow(input: string): string {
  const result = normalizeDomain(input);
  if (!result.ok) {
    throw new ApiError("invalid_request", `Invalid domain: ${result.error}`, {
      extra: { issues: [{ path: "body.domain", message: result.error }] },
    });
  }

  return result.domain;
}

/**
 * Creates a queued job (with its webhook and e-mail records) and starts its workflow.
 * An invalid domain is refused before anything is written.
 */
export async function createJob(input: CreateJobInput): Promise<Job> {
  const domain = parseDomainOrThrow(input.domain);
  const slug = slugForDomain(domain);

  const job = await getDb().transaction(async (tx) => {
    // The store is keyed by slug: www.example.com and example.com are one store.
    const [store] = await tx
      .insert(stores)
      .values({ domain, slug })
      .onConflictDoUpdate({ target: stores.slug, set: { slug: sql`excluded.slug` } })
      .returning({ id: stores.id });
    const [created] = await tx
      .insert(jobs)
      .values({
        storeId: store!.id,
        domain,
        slug,
        userId: input.userId,
        webhookUrl: input.webhookUrl,
        notifyEmail: input.notifyEmail,
        paymentMethod: input.paymentMethod,
        paymentRef: input.paymentRef,
        retryOf: input.retryOf,
      })
      .returning();
    if (input.webhookUrl) {
      await tx.insert(webhookCallbacks).values({ jobId: created!.id, url: input.webhookUrl });
    }
    if (input.notifyEmail) {
      await tx.insert(emailNotifications).values({ jobId: created!.id, email: input.notifyEmail });
    }

    return created!;
  });

  const runId = await dispatchJob(job, input.concurrencyKey);
  logger.info("job created", { jobId: job.id, domain, runId });

  return { ...job, workflowRunId: runId };
}
