import { and, eq, isNull } from "drizzle-orm";
import { getDb } from "@/db";
import { emailNotifications } from "@/db/schema";
import { boundText, MESSAGE_TEXT_MAX } from "@/lib/bound-text";

// A job's e-mail record is created and closed with the job (create-job.ts, job-state.ts);
// lib/notifications records its one sending attempt here.

/** Claims the single sending attempt of a job's completion e-mail; null when it was already claimed. */
export async function claimEmailAttempt(jobId: string) {
  const [claimed] = await getDb()
    .update(emailNotifications)
    .set({ attemptedAt: new Date() })
    .where(and(eq(emailNotifications.jobId, jobId), isNull(emailNotifications.attemptedAt)))
    .returning();

  return claimed ?? null;
}

/** Records how the attempt ended; the error quotes the mail provider's and is cut to a bounded length. */
export async function settleEmailAttempt(
  id: string,
  outcome: { status: "sent"; providerMessageId: string | null } | { status: "failed"; error: string },
): Promise<void> {
  const row = outcome.status === "failed" ? { ...outcome, error: boundText(outcome.error, MESSAGE_TEXT_MAX) } : outcome;
  await getDb().update(emailNotifications).set(row).where(eq(emailNotifications.id, id));
}
