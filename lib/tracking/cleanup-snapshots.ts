import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { getDb, queryRows } from "@/db";
import { reportBodies, reports } from "@/db/schema";
import { getEnv } from "@/lib/env";
import { deleteInventoryLevelsOfJobs } from "@/lib/inventory/delete-inventory-levels";
import { deleteJobSnapshots } from "@/lib/reports/delete-job-snapshots";
import { storeReportBody } from "@/lib/reports/report-body";

/** Jobs pruned per batch (one workflow step each). */
export const CLEANUP_BATCH = 100;

/**
 * Deletes the bulky per-snapshot data (products, inventory levels, step artifacts) of one
 * batch of old jobs: completed jobs beyond the newest N of their store, and failed jobs over
 * a day old. Jobs, reports, changelogs, inventory events and the per-day aggregates stay, so
 * the heat graph, inventory figures and events read the same before and after. A completed
 * report's products live on in its stored body, written here first if it never was (the
 * database refuses to drop the rows of a report without one), so its answers never change.
 */
export async function pruneSnapshotBatch(now: Date, batch = CLEANUP_BATCH): Promise<{ jobs: number }> {
  // Untracked stores keep a few (the store page and the next diff read the latest); tracked
  // stores a month of daily compares. Analytics reads the per-day aggregates, never these.
  const { SNAPSHOTS_KEEP_TRACKED: keepTracked, SNAPSHOTS_KEEP_UNTRACKED: keepUntracked } = getEnv();
  const failedBefore = new Date(now.getTime() - 24 * 60 * 60 * 1000).toISOString();
  const rows = await queryRows<{ id: string }>(
    getDb(),
    sql`
      with ranked as (
        select j.id, j.status, j.completed_at,
               row_number() over (partition by j.store_id order by j.completed_at desc nulls last, j.id) as rn,
               exists (select 1 from tracked_shops t where t.store_id = j.store_id) as tracked,
               s.latest_job_id
        from jobs j join stores s on s.id = j.store_id
        where j.status in ('completed', 'failed')
      )
      select r.id from ranked r
      where r.id is distinct from r.latest_job_id
        and (
          (r.status = 'completed' and r.rn > case when r.tracked then ${keepTracked}::int else ${keepUntracked}::int end)
          or (r.status = 'failed' and r.completed_at < ${failedBefore}::timestamptz)
        )
        and (
          exists (select 1 from snapshot_products p where p.job_id = r.id)
          or exists (select 1 from inventory_levels l where l.job_id = r.id)
          or exists (select 1 from job_artifacts a where a.job_id = r.id)
        )
      limit ${batch}::int
    `,
  );
  const ids = rows.map((row) => row.id);
  if (ids.length === 0) return { jobs: 0 };
  const unstored = await getDb()
    .select({ jobId: reports.jobId })
    .from(reports)
    .leftJoin(reportBodies, eq(reportBodies.jobId, reports.jobId))
    .where(and(inArray(reports.jobId, ids), isNull(reportBodies.jobId)));
  for (const { jobId } of unstored) await storeReportBody(jobId);
  await getDb().transaction(async (tx) => {
    await deleteJobSnapshots(tx, ids);
    await deleteInventoryLevelsOfJobs(tx, ids);
  });

  return { jobs: ids.length };
}
