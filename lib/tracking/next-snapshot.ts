import { eq } from "drizzle-orm";
import { getDb } from "@/db";
import { monitoredStores, type Job, type Store } from "@/db/schema";
import { getInventorySummary } from "@/lib/inventory";
import { latestJobsOf } from "@/lib/jobs/latest-jobs-of";
import { currentTime } from "@/lib/time-of-record";
import { getTrackedStore } from "./get-tracked-store";
import { nextCheckAt } from "./monitor-schedule";

/** When a store was last analyzed or queued for analysis: its latest job or the monitor's last check. */
export function lastActivityOf(monitor: { lastCheckedAt: Date | null } | null, latest: Job | undefined): Date | null {
  const times = [monitor?.lastCheckedAt, latest?.createdAt].filter((t): t is Date => t instanceof Date);

  return times.length ? new Date(Math.max(...times.map((t) => t.getTime()))) : null;
}

type Monitor = { lastCheckedAt: Date | null; pausedAt: Date | null } | null;

/** The monitor's next snapshot of a store; none while monitoring is paused. */
export function nextSnapshotOf(storeId: string, monitor: Monitor, latest: Job | undefined, now: Date): Date | null {
  return monitor?.pausedAt ? null : nextCheckAt(storeId, lastActivityOf(monitor, latest), now);
}

/** The inventory figures of a store the user tracks, with when its next snapshot comes (what the day-one states say). */
export async function trackedStoreInventory(userId: string, slug: string) {
  const store: Store = await getTrackedStore(userId, slug);
  const [[monitor], latest] = await Promise.all([
    getDb()
      .select({ lastCheckedAt: monitoredStores.lastCheckedAt, pausedAt: monitoredStores.pausedAt })
      .from(monitoredStores)
      .where(eq(monitoredStores.storeId, store.id)),
    latestJobsOf([store.id]),
  ]);

  return getInventorySummary(store, nextSnapshotOf(store.id, monitor ?? null, latest.get(store.id), currentTime()));
}
