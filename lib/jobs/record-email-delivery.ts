import { and, eq, isNull } from "drizzle-orm";
import { getDb } from "@/db";
import { emailNotifications } from "@/db/schema";

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

/** Records how the attempt ended. */
export async function settleEmailAttempt(
  id: string,
  outcome: { status: "sent"; providerMessageId: string | null } | { status: "failed"; error: string },
): Promise<void> {
  await getDb().update(emailNotifications).set(outcome).where(eq(emailNotifications.id, id));
}
