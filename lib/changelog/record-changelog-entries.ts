import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import type { Change } from "../snapshots/diff-snapshots";

/**
 * One batch of a job's changelog against its previous job, inside the caller's transaction.
 * One jsonb parameter, not six per row. A missing before/after is stored as SQL NULL (not a
 * jsonb null), as the query builder would store it. `at` is the analysis's time of record, the
 * time its inventory events carry too, so catalog and inventory events line up on one timeline.
 */
export async function recordChangelogEntries(
  tx: DbOrTx,
  job: { jobId: string; storeId: string; previousJobId: string; at?: Date },
  changes: Change[],
): Promise<void> {
  const rows = changes.map((c) => ({
    subject: c.subject,
    change: c.change,
    subject_id: c.subjectId,
    product_id: c.productId ?? null,
    title: c.title,
    before: c.before,
    after: c.after,
  }));
  const at = (job.at ?? new Date()).toISOString();
  await tx.execute(sql`
      insert into changelog_entries (job_id, store_id, previous_job_id, subject, change, subject_id, product_id, title, before, after, created_at)
      select ${job.jobId}::uuid, ${job.storeId}::uuid, ${job.previousJobId}::uuid, r.subject, r.change, r.subject_id, r.product_id, r.title,
        nullif(r.before, 'null'::jsonb), nullif(r.after, 'null'::jsonb), ${at}::timestamptz
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        as r(subject text, change text, subject_id text, product_id bigint, title text, before jsonb, after jsonb)`);
}
