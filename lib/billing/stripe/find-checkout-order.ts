import { eq } from "drizzle-orm";
import { getDb } from "@/db";
import { payments, type Job } from "@/db/schema";
import { findJob } from "@/lib/jobs/get-job";

/** Stripe Checkout Session ids look like cs_test_… / cs_live_…. */
export function isCheckoutSessionId(id: string): boolean {
  return /^cs_[A-Za-z0-9_]{6,200}$/.test(id);
}

/**
 * What a single_report buyer's link (/reports/<checkout session id>) shows before the report
 * exists: the payment awaiting Stripe's confirmation, or the job it paid for.
 */
export async function findCheckoutOrder(sessionId: string): Promise<{ status: string; domain: string | null; job: Job | null } | null> {
  if (!isCheckoutSessionId(sessionId)) return null;
  const [row] = await getDb()
    .select({ status: payments.status, domain: payments.domain, jobId: payments.jobId })
    .from(payments)
    .where(eq(payments.stripeCheckoutSessionId, sessionId))
    .limit(1);
  if (!row) return null;

  return { status: row.status, domain: row.domain, job: row.jobId ? await findJob(row.jobId) : null };
}
