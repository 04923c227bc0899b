import { and, eq } from "drizzle-orm";
import { getDb } from "@/db";
import { webhookCallbacks } from "@/db/schema";

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

/** Records how the attempt ended. */
export async function settleWebhookAttempt(id: string, status: "delivered" | "failed", details: { responseStatus?: number; error?: string }) {
  await getDb()
    .update(webhookCallbacks)
    .set({ status, responseStatus: details.responseStatus ?? null, error: details.error ?? null, completedAt: new Date() })
    .where(eq(webhookCallbacks.id, id));
}
