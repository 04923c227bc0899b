import { and, eq, sql } from "drizzle-orm";
import { getDb, type Database, type Transaction } from "@/db";
import { monitoredStores, trackedStores, type Job } from "@/db/schema";
import { assertEmailVerifiedForJobs } from "@/lib/auth/email-verification";
import type { PrincipalUser } from "@/lib/auth/principal-user";
import { admitJob } from "@/lib/billing/admission/admit-job";
import { planName } from "@/lib/billing/admission/plan-ids";
import type { TrackedStoreLimitBody } from "@/lib/billing/schemas";
import { getEnv } from "@/lib/env";
import { ApiError } from "@/lib/http/errors";
import { logger } from "@/lib/log";
import { findStoreForDomain } from "@/lib/store-directory/claim-store";
import { currentTime } from "@/lib/time-of-record";
import { SKIP_WINDOW_MS } from "./monitor-schedule";
import { trackedStoreLimit } from "./plan-limit";
import type { TrackStoreBody, TrackedStoreView } from "./schemas";
import { latestJobsOf } from "@/lib/jobs/latest-jobs-of";
import { loadTrackedStoreViews } from "./tracked-store-views";
import { parseDomainOrThrow } from "@/lib/shopify-reader/parse-domain";

/** The user already tracks the store: tracking again changes nothing and starts no job. */
class AlreadyTracked extends Error {
  constructor(readonly storeId: string) {
    super("already tracked");
  }
}

/**
 * Adds the store to the user's tracked stores under the plan's limit, atomically per user
 * (two concurrent requests cannot both take the last slot), and puts it under monitoring.
 */
async function addTrackedStore(tx: Transaction, user: PrincipalUser, storeId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`tracked-stores:${user.id}`}))`);
  const [existing] = await tx
    .select({ id: trackedStores.id })
    .from(trackedStores)
    .where(and(eq(trackedStores.userId, user.id), eq(trackedStores.storeId, storeId)));
  if (existing) throw new AlreadyTracked(storeId);

  const [{ n } = { n: 0 }] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(trackedStores)
    .where(eq(trackedStores.userId, user.id));
  const max = trackedStoreLimit(user);
  if (n >= max) {
    const pricing = new URL("/pricing", getEnv().BASE_URL).toString();
    throw new ApiError(
      "payment_required",
      `Your ${planName(user.plan)} plan allows ${max} tracked store${max === 1 ? "" : "s"}; remove one or upgrade to Pro at ${pricing}`,
      {
        status: 402,
        extra: { reason: "tracked_shop_limit", plan: user.plan, limit: max, tracked: n, upgrade_url: pricing } satisfies Omit<
          TrackedStoreLimitBody,
          "error" | "code"
        >,
      },
    );
  }
  await tx.insert(trackedStores).values({ userId: user.id, storeId });
  await resumeMonitoring(tx, storeId);
}

/** Monitors the store again, also after it was paused for repeated failures. */
async function resumeMonitoring(db: Database | Transaction, storeId: string): Promise<void> {
  await db
    .insert(monitoredStores)
    .values({ storeId })
    .onConflictDoUpdate({ target: monitoredStores.storeId, set: { pausedAt: null, consecutiveFailures: 0 } });
}

/** A job of the store (not failed) from the last ~20 hours: its report is fresh, or soon will be. */
function isFresh(latest: Job | undefined): boolean {
  return Boolean(latest && latest.status !== "failed" && currentTime().getTime() - latest.createdAt.getTime() < SKIP_WINDOW_MS);
}

/**
 * Tracks the store a domain names and returns its id. A store StoreLens has never seen gets its
 * row in the transaction that admits its first analysis, never before: a refused request leaves
 * no store behind (docs/decisions.md §6.2).
 */
async function startTracking(user: PrincipalUser, domain: string): Promise<string> {
  // The same row a job for that domain would use; never looked up by slug, which another domain may share.
  const store = await findStoreForDomain(getDb(), domain);
  const latest = store ? (await latestJobsOf([store.id])).get(store.id) : undefined;
  if (store && isFresh(latest)) {
    await getDb().transaction((tx) => addTrackedStore(tx, user, store.id));

    return store.id;
  }
  const job = await admitJob(
    { payer: "account", user, purpose: "tracking", alongside: (tx, storeId) => addTrackedStore(tx, user, storeId) },
    { domain: latest?.domain ?? domain },
  );
  logger.info("tracked store: first analysis started", { storeId: job.storeId, jobId: job.id });

  return job.storeId;
}

/**
 * POST /api/shops: track a store by domain. A newly tracked store whose report is fresh reuses
 * it; otherwise its first analysis is admitted as the account's own job, charged to its plan in
 * the transaction that adds the tracked store: refused (402 plan_limit_reached), the store is not
 * tracked either, so tracking and untracking never starts an uncharged job. Tracking again is a
 * no-op that also resumes monitoring of a store paused after repeated failures.
 */
export async function trackStore(user: PrincipalUser, body: TrackStoreBody): Promise<{ shop: TrackedStoreView; created: boolean }> {
  // Tracking orders a first analysis and a daily one after it: the e-mail rule of every job.
  assertEmailVerifiedForJobs(user);
  const domain = parseDomainOrThrow(body.domain);
  let storeId: string;
  let created = true;
  try {
    storeId = await startTracking(user, domain);
  } catch (error) {
    if (!(error instanceof AlreadyTracked)) throw error;
    created = false;
    storeId = error.storeId;
    await resumeMonitoring(getDb(), storeId);
  }
  const [shop] = await loadTrackedStoreViews({ userId: user.id, storeIds: [storeId] });

  return { shop: shop!, created };
}
