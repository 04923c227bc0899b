import { eq } from "drizzle-orm";
import { getDb } from "@/db";
import { webhookCallbacks, type Job } from "@/db/schema";
import { getEnv } from "@/lib/env";
import { claimWebhookAttempt, settleWebhookAttempt } from "@/lib/jobs/record-webhook-delivery";
import { logger } from "@/lib/log";
import { safeFetch } from "@/lib/net";
import { jobCompletedPayload } from "./job-completed-payload";

const WEBHOOK_TIMEOUT_MS = 10_000;
/** Receivers answer with a status; their body is never needed. */
const WEBHOOK_MAX_RESPONSE_BYTES = 64 * 1024;

export type WebhookOutcome = "delivered" | "failed" | "none";

/** Sends the job.completed webhook at most once: one attempt, no redirects, no retries. */
export async function deliverJobWebhook(job: Job): Promise<WebhookOutcome> {
  // The attempt is recorded (and committed) BEFORE the request is sent, so a step resumed after
  // a crash can see that an attempt may already have reached the receiver and never sends a
  // second one.
  const callback = await claimWebhookAttempt(job.id);
  if (!callback) {
    // Already attempted. If the outcome was never written, the worker died mid-attempt:
    // the receiver may or may not have it, and the contract allows no second attempt.
    const [previous] = await getDb().select().from(webhookCallbacks).where(eq(webhookCallbacks.jobId, job.id));
    if (!previous) return "none";
    if (previous.status === "pending") {
      await settleWebhookAttempt(previous.id, "failed", { error: "Delivery interrupted by a worker stop; not retried (one attempt only)" });

      return "failed";
    }

    return previous.status;
  }

  const result = await safeFetch(callback.url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(jobCompletedPayload(job)),
    timeoutMs: WEBHOOK_TIMEOUT_MS,
    maxBytes: WEBHOOK_MAX_RESPONSE_BYTES,
    maxRedirects: 0,
    allowPrivateNetwork: getEnv().ALLOW_PRIVATE_NETWORK,
  });

  if (!result.ok) {
    await settleWebhookAttempt(callback.id, "failed", { error: `${result.error.kind}: ${result.error.message}` });
    logger.warn("webhook failed", { jobId: job.id, kind: result.error.kind });

    return "failed";
  }
  const { status } = result.response;
  const delivered = status >= 200 && status < 300;
  await settleWebhookAttempt(callback.id, delivered ? "delivered" : "failed", {
    responseStatus: status,
    error: delivered ? undefined : `Receiver answered HTTP ${status}`,
  });

  return delivered ? "delivered" : "failed";
}
