import { eq } from "drizzle-orm";
import { getDb } from "@/db";
import { webhookCallbacks, type Job } from "@/db/schema";
import { getEnv } from "@/lib/env";
import { claimWebhookAttempt, settleWebhookAttempt } from "@/lib/jobs/record-webhook-delivery";
import { logger } from "@/lib/log";
import { safeFetch } from "@/lib/net";
import { attemptOnce } from "./attempt-once";
import { jobCompletedPayload } from "./job-completed-payload";

const WEBHOOK_TIMEOUT_MS = 10_000;
/** Receivers answer with a status; their body is never needed. */
const WEBHOOK_MAX_RESPONSE_BYTES = 64 * 1024;

export type WebhookOutcome = "delivered" | "failed" | "none";

/** Sends the job.completed webhook at most once: one attempt, no redirects, no retries. */
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
  const result = await safeFetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(jobCompletedPayload(job)),
    timeoutMs: WEBHOOK_TIMEOUT_MS,
    maxBytes: WEBHOOK_MAX_RESPONSE_BYTES,
    maxRedirects: 0,
    allowPrivateNetwork: getEnv().ALLOW_PRIVATE_NETWORK,
  });

  if (!result.ok) {
    await settleWebhookAttempt(callbackId, "failed", { error: `${result.error.kind}: ${result.error.message}` });
    logger.warn("webhook failed", { jobId: job.id, kind: result.error.kind });

    return "failed";
  }
  const { status } = result.response;
  const delivered = status >= 200 && status < 300;
  await settleWebhookAttempt(callbackId, delivered ? "delivered" : "failed", {
    responseStatus: status,
    error: delivered ? undefined : `Receiver answered HTTP ${status}`,
  });

  return delivered ? "delivered" : "failed";
}
