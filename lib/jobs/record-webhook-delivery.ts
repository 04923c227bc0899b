import { and, eq } from "drizzle-orm";
import { getDb } from "@/db";
import { webhookCallbacks } from "@/db/schema";
import { boundText, MESSAGE_TEXT_MAX } from "@/lib/bound-text";

// A job's webhook record is created and closed with the job (create-job.ts, job-state.ts);
// lib/notifications records its one delivery attempt here.

/** Claims the single delivery attempt of a job's webhook; null when it was already claimed. */
export async function claimWebhookAttempt(jobId: string) {
  const [claimed] = await getDb()
    .update(webhookCallbacks)
    .set({ attempts: 1, attemptedAt: new Date() })
    .where(and(eq(webhookCallbacks.jobId, jobId), eq(webhookCallbacks.attempts, 0)))
    .returning();

  return claimed ?? null;
}

/** Records how the attempt ended; the error quotes the receiver's side and is cut to a bounded length. */
export async function settleWebhookAttempt(
  id: string,
  status: "delivered" | "failed",
  details: { responseStatus?: number; error?: string },
) {
  const error = details.error === undefined ? null : boundText(details.error, MESSAGE_TEXT_MAX);
  await getDb()
    .update(webhookCallbacks)
    .set({ status, responseStatus: details.responseStatus ?? null, error, completedAt: new Date() })
    .where(eq(webhookCallbacks.id, id));
}
