import { and, count, eq, gte, isNull } from "drizzle-orm";
import type { Database, Transaction } from "@/db";
import { jobs } from "@/db/schema";

/**
 * A user's jobs paid by `paymentMethod` since `start` whose charge stands: a failure that gave
 * its charge back (lib/jobs/return-job-charge.ts) is not counted. Billing's monthly quota.
 */
export async function countChargedJobs(
  db: Database | Transaction,
  query: { userId: string; paymentMethod: string; since: Date },
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(jobs)
    .where(
      and(
        eq(jobs.userId, query.userId),
        eq(jobs.paymentMethod, query.paymentMethod),
        gte(jobs.createdAt, query.since),
        isNull(jobs.chargeReturnedAt),
      ),
    );

  return row?.n ?? 0;
}
