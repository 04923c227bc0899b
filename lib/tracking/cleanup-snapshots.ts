import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { getDb, queryRows } from "@/db";
import { reportBodies, reports } from "@/db/schema";
import { getEnv } from "@/lib/env";
import { briefError, logger } from "@/lib/log";
import { deleteInventoryLevelsOfJobs } from "@/lib/inventory/delete-inventory-levels";
import { deleteJobSnapshots } from "@/lib/snapshots/delete-job-snapshots";
import { deleteScreenshotsOfJobs } from "@/lib/render/record-screenshots";
import { storeReportBody } from "@/lib/reports/report-body";

/** Jobs pruned per batch (one workflow step each). */
export const CLEANUP_BATCH = 100;

/** Skipped reports named one by one in a batch's log line; the rest are counted. */
const SKIPS_NAMED = 10;

export type PrunedBatch = {
  /** Jobs whose bulky rows were dropped. */
  jobs: number;
  /** Reports left as they were because their body could not be stored; tried again next run. */
  skipped: number;
  /** Where the next batch starts (keyset on the job id), or null when this was the last. */
  next: string | null;
};

/**
 * Stores the body of each report of `jobIds` that has none; answers the jobs whose report is
 * still without one. One report that cannot be stored (a snapshot row an earlier version wrote
 * in another shape, a body the database refuses) is left for the next run, not the batch's end.
 */
async function storeMissingBodies(jobIds: string[]): Promise<Set<string>> {
  const withoutBody = () =>
    getDb()
      .select({ jobId: reports.jobId })
      .from(reports)
      .leftJoin(reportBodies, eq(reportBodies.jobId, reports.jobId))
      .where(and(inArray(reports.jobId, jobIds), isNull(reportBodies.jobId)));
  const failures = new Map<string, unknown>();
  for (const { jobId } of await withoutBody()) {
    try {
      await storeReportBody(jobId);
    } catch (error) {
      failures.set(jobId, error);
    }
  }
  // Also a body that was built but not kept (its snapshot changed meanwhile): without it the
  // database refuses to drop the rows (docs/decisions.md §5.2), and with them the whole batch.
  const unstored = new Set((await withoutBody()).map((row) => row.jobId));
  if (unstored.size > 0) {
    logger.warn("snapshot cleanup skipped reports whose body could not be stored", {
      count: unstored.size,
      reports: [...unstored].slice(0, SKIPS_NAMED).map((jobId) => ({
        job_id: jobId,
        error: failures.has(jobId) ? briefError(failures.get(jobId)) : "the body was built but not stored",
      })),
    });
  }

  return unstored;
}

/**
 * Deletes the bulky per-snapshot data (products, inventory levels, step artifacts) of one
 * batch of old jobs, in job id order from `after`: completed jobs beyond the newest N of their
 * store, and failed jobs over a day old (with the screenshots their render step took). Jobs, reports, changelogs, inventory events and the
 * per-day aggregates stay, so the heat graph, inventory figures and events read the same
 * before and after. A completed report's products live on in its stored body, written here
 * first if it never was (the database refuses to drop the rows of a report without one), so
 * its answers never change; a report whose body cannot be stored keeps its rows and is passed
 * over, so it never holds up the jobs after it.
 */
export async function pruneSnapshotBatch(now: Date, batch = CLEANUP_BATCH, after: string | null = null): Promise<PrunedBatch> {
  // Untracked stores keep a few (the store page and the next diff read the latest); tracked
  // stores a month of daily compares. Analytics reads the per-day aggregates, never these.
  const { SNAPSHOTS_KEEP_TRACKED: keepTracked, SNAPSHOTS_KEEP_UNTRACKED: keepUntracked } = getEnv();
  const failedBefore = new Date(now.getTime() - 24 * 60 * 60 * 1000).toISOString();
  const rows = await queryRows<{ id: string; status: string }>(
    getDb(),
    sql`
      with ranked as (
        select j.id, j.status, j.completed_at,
               row_number() over (partition by j.store_id order by j.completed_at desc nulls last, j.id) as rn,
               exists (select 1 from tracked_stores t where t.store_id = j.store_id) as tracked,
               s.latest_job_id
        from jobs j join stores s on s.id = j.store_id
        where j.status in ('completed', 'failed')
      )
      select r.id, r.status from ranked r
      where r.id is distinct from r.latest_job_id
        and r.id > coalesce(${after}::uuid, '00000000-0000-0000-0000-000000000000'::uuid)
        and (
          (r.status = 'completed' and r.rn > case when r.tracked then ${keepTracked}::int else ${keepUntracked}::int end)
          or (r.status = 'failed' and r.completed_at < ${failedBefore}::timestamptz)
        )
        and (
          exists (select 1 from snapshot_products p where p.job_id = r.id)
          or exists (select 1 from inventory_levels l where l.job_id = r.id)
          or exists (select 1 from job_artifacts a where a.job_id = r.id)
          or (r.status = 'failed' and exists (select 1 from render_screenshots x where x.job_id = r.id))
        )
      order by r.id
      limit ${batch}::int
    `,
  );
  const ids = rows.map((row) => row.id);
  if (ids.length === 0) return { jobs: 0, skipped: 0, next: null };
  const unstored = await storeMissingBodies(ids);
  const prunable = ids.filter((id) => !unstored.has(id));
  if (prunable.length > 0) {
    // Batched statements, no transaction around them: embedded PGlite serves nothing else while
    // one runs. An interrupted batch leaves rows the next run still finds and drops.
    await deleteJobSnapshots(getDb(), prunable);
    await deleteInventoryLevelsOfJobs(getDb(), prunable);
    // A completed report's screenshots are part of it for good; a failed job's are nobody's.
    const failed = rows.filter((row) => row.status === "failed" && !unstored.has(row.id)).map((row) => row.id);
    if (failed.length > 0) await deleteScreenshotsOfJobs(getDb(), failed);
  }

  return { jobs: prunable.length, skipped: unstored.size, next: ids.length < batch ? null : ids.at(-1)! };
}
