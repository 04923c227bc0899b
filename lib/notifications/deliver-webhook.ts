import { eq } from "drizzle-orm";
import { getDb } from "@/db";
import { webhookCallbacks, type Job } from "@/db/schema";
import { claimWebhookAttempt, settleWebhookAttempt } from "@/lib/jobs/record-webhook-delivery";
import { logger } from "@/lib/log";
import { postWebhook } from "@/lib/webhooks/post-webhook";
import { attemptOnce } from "./attempt-once";
import { jobCompletedPayload } from "./job-completed-payload";

export type WebhookOutcome = "delivered" | "failed" | "none";

/**
 * Sends the job.completed webhook at most once: one attempt, no redirects, no retries; signed
 * (Standard Webhooks) when the job's owner has a signing secret, as the contract's plain POST otherwise.
 */
export function deliverJobWebhook(job: Job): Promise<WebhookOutcome> {
  return attemptOnce({
    claim: () => claimWebhookAttempt(job.id),
    recorded: async () => (await getDb().select().from(webhookCallbacks).where(eq(webhookCallbacks.jobId, job.id)))[0],
    markInterrupted: (id) =>
      settleWebhookAttempt(id, "failed", { error: "Delivery interrupted by a worker stop; not retried (one attempt only)" }),
    send: (callback) => post(job, callback.url, callback.id),
  });
}

async function post(job: Job, url: string, callbackId: string): Promise<"delivered" | "failed"> {
  // The callback's id is the webhook-id: a receiver that keeps ids drops nothing it has not seen.
  const outcome = await postWebhook({ url, id: callbackId, body: JSON.stringify(jobCompletedPayload(job)), ownerId: job.userId });
  await settleWebhookAttempt(callbackId, outcome.delivered ? "delivered" : "failed", {
    responseStatus: outcome.responseStatus,
    error: outcome.error,
  });
  if (!outcome.delivered) logger.warn("webhook failed", { jobId: job.id, error: outcome.error });

  return outcome.delivered ? "delivered" : "failed";
}
