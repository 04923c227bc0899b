import { and, eq, exists, isNull, lt, or, sql } from "drizzle-orm";
import { getDb } from "@/db";
import { monitoredStores, stores, trackedStores } from "@/db/schema";
import { admitJob } from "@/lib/billing/admission/admit-job";
import { StoreNotTracked } from "@/lib/billing/admission/job-charges";
import { findJob } from "@/lib/jobs/get-job";
import { latestJobsOf } from "@/lib/jobs/latest-jobs-of";
import { logger } from "@/lib/log";
import { isDue, SKIP_WINDOW_MS } from "./monitor-schedule";
import { lastActivityOf } from "./next-snapshot";

/** Failed checks in a row after which a store is paused (reported, not retried every day). */
export const MAX_CONSECUTIVE_FAILURES = 3;
/** Stores one tick hands out at most; the rest are due at the next tick. */
const MAX_STORES_PER_TICK = 2000;

/**
 * Stores someone tracks whose daily check slot has passed since their last job, and whose
 * last job is over ~20 hours old. One entry per store, however many users track it.
 */
export async function listDueStores(now: Date): Promise<string[]> {
  const cutoff = new Date(now.getTime() - SKIP_WINDOW_MS);
  const candidates = await getDb()
    .select({ storeId: monitoredStores.storeId, lastCheckedAt: monitoredStores.lastCheckedAt })
    .from(monitoredStores)
    .where(
      and(
        isNull(monitoredStores.pausedAt),
        or(isNull(monitoredStores.lastCheckedAt), lt(monitoredStores.lastCheckedAt, cutoff)),
        exists(
          getDb()
            .select({ one: sql`1` })
            .from(trackedStores)
            .where(eq(trackedStores.storeId, monitoredStores.storeId)),
        ),
      ),
    )
    .orderBy(monitoredStores.lastCheckedAt)
    .limit(MAX_STORES_PER_TICK);
  const latest = await latestJobsOf(candidates.map((c) => c.storeId));

  return candidates.filter((c) => isDue(c.storeId, lastActivityOf(c, latest.get(c.storeId)), now)).map((c) => c.storeId);
}

/** The store's previous monitoring job, when it failed: what its followers are alerted about. */
export type MonitorFailure = { jobId: string; code: string | null; error: string | null; at: Date };

type PreviousOutcome = { state: "running" | "paused" | "blocked" | "ok"; failure?: MonitorFailure };

/**
 * Folds the outcome of the store's previous monitoring job into its failure count, once, and
 * pauses the store at MAX_CONSECUTIVE_FAILURES. Returns "running" while that job has not ended.
 */
async function recordPreviousOutcome(storeId: string, now: Date): Promise<PreviousOutcome> {
  const [monitor] = await getDb().select().from(monitoredStores).where(eq(monitoredStores.storeId, storeId));
  if (!monitor) return { state: "ok" };
  if (monitor.pausedAt) return { state: "paused" };
  if (!monitor.lastJobId) return { state: "ok" };
  const job = await findJob(monitor.lastJobId);
  if (job && (job.status === "queued" || job.status === "running")) return { state: "running" };
  const failed = job?.status === "failed";
  const failures = failed ? monitor.consecutiveFailures + 1 : 0;
  const pause = failures >= MAX_CONSECUTIVE_FAILURES;
  await getDb()
    .update(monitoredStores)
    .set({
      lastJobId: null,
      consecutiveFailures: failures,
      lastError: failed ? job.error : null,
      lastErrorCode: failed ? job.errorCode : null,
      pausedAt: pause ? now : null,
    })
    .where(eq(monitoredStores.storeId, storeId));

  const failure = failed ? { jobId: job.id, code: job.errorCode, error: job.error, at: job.completedAt ?? now } : undefined;
  if (pause) return { state: "paused", failure };

  return { state: failed && job.errorCode === "store_blocked" ? "blocked" : "ok", failure };
}

export type CheckOutcome = {
  storeId: string;
  outcome: "started" | "skipped" | "paused";
  jobId?: string;
  /** The previous check's job failed (folded in by this check, once). */
  failure?: MonitorFailure;
};

/**
 * One store's daily check: claims the day (so a replayed or duplicated event starts no second
 * job), then starts a system job, admitted only while someone tracks the store. A store whose
 * recent checks all failed is paused instead.
 */
export async function checkTrackedStore(storeId: string, at: Date): Promise<CheckOutcome> {
  const [store] = await getDb().select({ domain: stores.domain }).from(stores).where(eq(stores.id, storeId));
  if (!store) return { storeId, outcome: "skipped" };
  const latest = (await latestJobsOf([storeId])).get(storeId);
  if (latest && at.getTime() - latest.createdAt.getTime() < SKIP_WINDOW_MS && latest.createdAt <= at) {
    return { storeId, outcome: "skipped" };
  }
  const { state: previousOutcome, failure } = await recordPreviousOutcome(storeId, at);
  if (previousOutcome === "running") return { storeId, outcome: "skipped" };
  if (previousOutcome === "paused") {
    logger.warn("monitor: store paused after repeated failures", { storeId });

    return { storeId, outcome: "paused", failure };
  }
  if (previousOutcome === "blocked") {
    // The store blocked the last check (store_blocked): it rests for a day. Today's check is
    // taken without a job, so the next one comes with tomorrow's slot.
    await getDb().update(monitoredStores).set({ lastCheckedAt: at }).where(eq(monitoredStores.storeId, storeId));
    logger.warn("monitor: store blocked the last check, paused for a day", { storeId });

    return { storeId, outcome: "paused", failure };
  }

  const cutoff = new Date(at.getTime() - SKIP_WINDOW_MS);
  const [previous] = await getDb()
    .select({ lastCheckedAt: monitoredStores.lastCheckedAt })
    .from(monitoredStores)
    .where(eq(monitoredStores.storeId, storeId));
  const claimed = await getDb()
    .update(monitoredStores)
    .set({ lastCheckedAt: at })
    .where(
      and(
        eq(monitoredStores.storeId, storeId),
        isNull(monitoredStores.pausedAt),
        or(isNull(monitoredStores.lastCheckedAt), lt(monitoredStores.lastCheckedAt, cutoff)),
      ),
    )
    .returning({ storeId: monitoredStores.storeId });
  if (claimed.length === 0) return { storeId, outcome: "skipped", failure };

  try {
    const job = await admitJob({ payer: "monitor" }, { domain: store.domain });
    await getDb().update(monitoredStores).set({ lastJobId: job.id }).where(eq(monitoredStores.storeId, storeId));

    return { storeId, outcome: "started", jobId: job.id, failure };
  } catch (error) {
    // Give the day back so the step's retry (or the next tick) can try again.
    await getDb()
      .update(monitoredStores)
      .set({ lastCheckedAt: previous?.lastCheckedAt ?? null })
      .where(eq(monitoredStores.storeId, storeId));
    // Untracked since the tick chose it: nothing to check, and nothing to retry.
    if (error instanceof StoreNotTracked) return { storeId, outcome: "skipped" };
    throw error;
  }
}
