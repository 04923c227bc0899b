import { sql } from "drizzle-orm";
import { getDb } from "@/db";
import { pagespeedAudits } from "@/db/schema";

/**
 * A job's audits, one per strategy; a retried step replaces what it recorded before. Once the
 * job is completed the database refuses any change (docs/decisions.md §5.2).
 */
export async function recordPagespeedAudits(rows: (typeof pagespeedAudits.$inferInsert)[]): Promise<void> {
  if (rows.length === 0) return;
  await getDb()
    .insert(pagespeedAudits)
    .values(rows)
    .onConflictDoUpdate({
      target: [pagespeedAudits.jobId, pagespeedAudits.strategy],
      set: {
        performanceScore: sql`excluded.performance_score`,
        metrics: sql`excluded.metrics`,
        error: sql`excluded.error`,
        fetchedAt: sql`excluded.fetched_at`,
      },
    });
}
