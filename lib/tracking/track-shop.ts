import { and, eq, sql } from "drizzle-orm";
import { getDb } from "@/db";
import { monitoredStores, trackedShops } from "@/db/schema";
import type { PrincipalUser } from "@/lib/auth/principal-user";
import { ApiError } from "@/lib/http/errors";
import { createJob } from "@/lib/jobs/create-job";
import { logger } from "@/lib/log";
import { claimStoreForDomain } from "@/lib/stores/claim-store";
import { currentTime } from "@/lib/system/clock";
import { SKIP_WINDOW_MS } from "./monitor-schedule";
import { trackedShopLimit } from "./plan-limit";
import type { TrackShopBody, TrackedShopView } from "./schemas";
import { latestJobsOf, loadTrackedShopViews } from "./tracked-shop-views";
import { parseDomainOrThrow } from "@/lib/shopify/parse-domain";

/**
 * The store row of a domain, created (without a job) when StoreLens has never seen it: the same
 * row a job for that domain would use. Never looked up by slug, which another domain may share
 * (`shop-co.uk` and `shop.co.uk`).
 */
async function findOrCreateStore(domain: string): Promise<string> {
  const store = await getDb().transaction((tx) => claimStoreForDomain(tx, domain));

  return store.id;
}

/**
 * Adds the store to the user's tracked shops under the plan's limit, atomically per user
 * (two concurrent requests cannot both take the last slot). Tracking again is a no-op that
 * also resumes monitoring of a store paused after repeated failures.
 */
async function addTrackedShop(user: PrincipalUser, storeId: string): Promise<boolean> {
  return getDb().transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`tracked-shops:${user.id}`}))`);
    const [existing] = await tx
      .select({ id: trackedShops.id })
      .from(trackedShops)
      .where(and(eq(trackedShops.userId, user.id), eq(trackedShops.storeId, storeId)));
    await tx
      .insert(monitoredStores)
      .values({ storeId })
      .onConflictDoUpdate({ target: monitoredStores.storeId, set: { pausedAt: null, consecutiveFailures: 0 } });
    if (existing) return false;

    const [{ n } = { n: 0 }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(trackedShops)
      .where(eq(trackedShops.userId, user.id));
    const max = trackedShopLimit(user);
    if (n >= max) {
      throw new ApiError("payment_required", `Your ${user.plan} plan allows ${max} tracked shop${max === 1 ? "" : "s"}; remove one or upgrade to pro_monthly`, {
        status: 402,
        extra: { reason: "tracked_shop_limit", plan: user.plan, limit: max, tracked: n },
      });
    }
    await tx.insert(trackedShops).values({ userId: user.id, storeId });

    return true;
  });
}

/** Starts a first analysis unless the store has a job (not failed) from the last ~20 hours. */
async function analyzeUnlessRecent(user: PrincipalUser, storeId: string, domain: string): Promise<void> {
  const latest = (await latestJobsOf([storeId])).get(storeId);
  const recent = latest && latest.status !== "failed" && currentTime().getTime() - latest.createdAt.getTime() < SKIP_WINDOW_MS;
  if (recent) return;
  const job = await createJob({ domain: latest?.domain ?? domain, userId: user.id, paymentMethod: "tracking" });
  logger.info("tracked shop: first analysis started", { storeId, jobId: job.id });
}

/** POST /api/shops: track a store by domain. */
export async function trackShop(user: PrincipalUser, body: TrackShopBody): Promise<{ shop: TrackedShopView; created: boolean }> {
  const domain = parseDomainOrThrow(body.domain);
  const storeId = await findOrCreateStore(domain);
  const created = await addTrackedShop(user, storeId);
  if (created) await analyzeUnlessRecent(user, storeId, domain);
  const [shop] = await loadTrackedShopViews({ userId: user.id, storeIds: [storeId] });

  return { shop: shop!, created };
}
