import { and, eq, inArray, sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/db";
import { alertSubscriptions, listStores, lists, stores, trackedStores, type AlertSubscription, type Store } from "@/db/schema";
import { ApiError } from "@/lib/http/errors";
import { DEFAULT_SUBSCRIPTION } from "./defaults";
import type { AlertSubscriptionView, StoreAlertSettings, UpdateAlertSubscription } from "./schemas";

const toView = (row: AlertSubscription): AlertSubscriptionView => ({
  kinds: row.kinds,
  price_threshold_percent: row.priceThresholdPercent,
  feed: row.feed,
  email: row.email,
  webhook: row.webhook,
  muted: row.mutedAt !== null,
});

/** The store the user tracks under this slug; another user's store answers the same 404 as none. */
async function trackedStoreOf(userId: string, slug: string): Promise<Store> {
  const [row] = await getDb()
    .select({ store: stores })
    .from(stores)
    .innerJoin(trackedStores, and(eq(trackedStores.storeId, stores.id), eq(trackedStores.userId, userId)))
    .where(eq(stores.slug, slug));
  if (!row) throw new ApiError("not_found", "No tracked store with this slug");

  return row.store;
}

export async function getAlertSettings(userId: string, slug: string): Promise<StoreAlertSettings> {
  const store = await trackedStoreOf(userId, slug);
  const [row] = await getDb()
    .select()
    .from(alertSubscriptions)
    .where(and(eq(alertSubscriptions.userId, userId), eq(alertSubscriptions.storeId, store.id)));

  return { store: { domain: store.domain, slug: store.slug }, ...(row ? toView(row) : DEFAULT_SUBSCRIPTION), is_default: !row };
}

/** Changes what the user is told about the store (any subset; `muted: true` is the one-click mute). */
export async function updateAlertSettings(userId: string, slug: string, update: UpdateAlertSubscription): Promise<StoreAlertSettings> {
  const current = await getAlertSettings(userId, slug);
  const store = await trackedStoreOf(userId, slug);
  const next = { ...current, ...update };
  const values = {
    kinds: [...new Set(next.kinds)],
    priceThresholdPercent: next.price_threshold_percent,
    feed: next.feed,
    email: next.email,
    webhook: next.webhook,
    updatedAt: new Date(),
  };
  await getDb()
    .insert(alertSubscriptions)
    .values({ userId, storeId: store.id, ...values, mutedAt: next.muted ? values.updatedAt : null })
    .onConflictDoUpdate({
      target: [alertSubscriptions.userId, alertSubscriptions.storeId],
      // Muting again keeps the moment it was first muted.
      set: { ...values, mutedAt: next.muted ? sql`coalesce(${alertSubscriptions.mutedAt}, now())` : null },
    });

  return getAlertSettings(userId, slug);
}

/**
 * Everyone following the store, each with the alerts they chose (the defaults when they chose
 * none): those tracking it, and those with alerts on for a list holding it (lib/lists).
 *
 * A list's alerts are one switch on the list, not a subscription row per store: a segment's
 * stores change as the directory does, and rows per store would have to follow every entry
 * and exit (and would count as tracked stores, which the plan caps). The list's stores as of
 * its owner's last visit (list_stores) say whom to tell; a user who also tracks the store keeps
 * the choices made for it, and one event is one alert however many lists hold the store.
 */
export async function subscribersOf(storeId: string, tx: DbOrTx = getDb()): Promise<Array<{ userId: string } & AlertSubscriptionView>> {
  const tracking = await tx.select({ userId: trackedStores.userId }).from(trackedStores).where(eq(trackedStores.storeId, storeId));
  const listing = await tx
    .selectDistinct({ userId: lists.userId })
    .from(listStores)
    .innerJoin(lists, and(eq(lists.id, listStores.listId), eq(lists.alerts, true)))
    .where(eq(listStores.storeId, storeId));
  const followers = [...new Map([...tracking, ...listing].map((f) => [f.userId, f])).values()];
  if (followers.length === 0) return [];
  const chosen = await tx
    .select()
    .from(alertSubscriptions)
    .where(
      and(
        eq(alertSubscriptions.storeId, storeId),
        inArray(
          alertSubscriptions.userId,
          followers.map((f) => f.userId),
        ),
      ),
    );
  const byUser = new Map(chosen.map((row) => [row.userId, toView(row)]));

  return followers.map(({ userId }) => ({ userId, ...(byUser.get(userId) ?? DEFAULT_SUBSCRIPTION) }));
}
