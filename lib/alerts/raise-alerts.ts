import { and, eq, inArray } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/db";
import { alerts, type Alert } from "@/db/schema";
import { dispatchAlerts } from "./dispatch-alerts";
import type { AlertSubscriptionView } from "./schemas";
import { dedupKeyOf, priceChangePercent, type StoreEvent } from "./store-event";
import { subscribersOf } from "./subscriptions";

/** Whether a subscriber asked to hear about this event. */
function wants(subscription: AlertSubscriptionView, event: StoreEvent): boolean {
  if (subscription.muted || !subscription.kinds.includes(event.kind)) return false;
  if (!subscription.feed && subscription.email === "off" && !subscription.webhook) return false;
  if (event.kind !== "price_changed") return true;
  const percent = priceChangePercent(event.before, event.after);

  return percent !== null && Math.abs(percent) >= subscription.price_threshold_percent;
}

/**
 * Fans a store's events out to everyone tracking it who asked for them: one alert row per
 * user and event (the feed), then its e-mail and webhook. Raising the same event again
 * (a replayed step) adds nothing and sends nothing twice.
 *
 * Inside a caller's transaction (`tx`) only the rows are written: call dispatchAlerts with
 * the returned ids once it has committed. Without one, they are dispatched at once.
 */
export async function raiseAlerts(storeId: string, events: StoreEvent[], tx?: DbOrTx): Promise<Alert[]> {
  if (events.length === 0) return [];
  const db = tx ?? getDb();
  const rows = (await subscribersOf(storeId, db)).flatMap((subscriber) =>
    events
      .filter((event) => wants(subscriber, event))
      .map((event) => ({
        userId: subscriber.userId,
        storeId,
        kind: event.kind,
        subject: event.subject,
        before: event.before ?? null,
        after: event.after ?? null,
        occurredAt: event.occurredAt,
        evidence: event.evidence,
        dedupKey: dedupKeyOf(event),
        inFeed: subscriber.feed,
        email: subscriber.email,
        webhook: subscriber.webhook,
      })),
  );
  if (rows.length === 0) return [];
  const raised = await db.insert(alerts).values(rows).onConflictDoNothing().returning();
  if (tx) return raised;

  // Those raised by an earlier, interrupted run too: dispatching claims each channel once.
  const all = await db
    .select({ id: alerts.id })
    .from(alerts)
    .where(
      and(
        eq(alerts.storeId, storeId),
        inArray(
          alerts.dedupKey,
          rows.map((r) => r.dedupKey),
        ),
      ),
    );
  await dispatchAlerts(all.map((a) => a.id));

  return raised;
}
