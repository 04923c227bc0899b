import { and, count, desc, eq, inArray } from "drizzle-orm";
import { getDb } from "@/db";
import { monitoredStores, stores, trackedStores } from "@/db/schema";
import { latestJobsOf } from "@/lib/jobs/latest-jobs-of";
import { serializeJob } from "@/lib/jobs/serialize-job";
import { currentTime } from "@/lib/time-of-record";
import { lastActivityOf, nextSnapshotOf } from "./next-snapshot";
import type { TrackedStoreView } from "./schemas";

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

type Where = { userId: string; storeIds?: string[]; offset?: number; limit?: number };

/** Tracked stores of a user as the API shows them, newest first. */
export async function loadTrackedStoreViews({ userId, storeIds, offset = 0, limit = 50 }: Where): Promise<TrackedStoreView[]> {
  const rows = await getDb()
    .select({ tracked: trackedStores, store: stores, monitor: monitoredStores })
    .from(trackedStores)
    .innerJoin(stores, eq(stores.id, trackedStores.storeId))
    .leftJoin(monitoredStores, eq(monitoredStores.storeId, trackedStores.storeId))
    .where(and(eq(trackedStores.userId, userId), storeIds ? inArray(trackedStores.storeId, storeIds) : undefined))
    .orderBy(desc(trackedStores.createdAt), desc(trackedStores.id))
    .offset(offset)
    .limit(limit);
  const latest = await latestJobsOf(rows.map((row) => row.store.id));
  const now = currentTime();

  return rows.map(({ tracked, store, monitor }) => {
    const job = latest.get(store.id);
    const failing = job?.status === "failed";
    const paused = Boolean(monitor?.pausedAt);

    return {
      slug: store.slug,
      tracked_since: tracked.createdAt.toISOString(),
      store: {
        id: store.id,
        domain: store.domain,
        slug: store.slug,
        name: store.name,
        product_count: store.productCount,
        exposes_inventory: store.exposesInventory,
        last_analyzed_at: iso(store.lastAnalyzedAt),
      },
      latest_job: job ? serializeJob(job) : null,
      monitoring: {
        state: paused ? "paused" : failing ? "failing" : "active",
        last_checked_at: iso(lastActivityOf(monitor, job)),
        next_check_at: iso(nextSnapshotOf(store.id, monitor, job, now)),
        consecutive_failures: monitor?.consecutiveFailures ?? 0,
        last_error: failing ? job.error : (monitor?.lastError ?? null),
        last_error_code: failing ? job.errorCode : (monitor?.lastErrorCode ?? null),
      },
    };
  });
}

export async function countTrackedStores(userId: string): Promise<number> {
  const [row] = await getDb().select({ n: count() }).from(trackedStores).where(eq(trackedStores.userId, userId));

  return row?.n ?? 0;
}
