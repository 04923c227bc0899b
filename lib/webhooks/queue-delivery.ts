import { and, eq, lt } from "drizzle-orm";
import { getDb, type DbOrTx } from "@/db";
import { webhookDeliveries, type WebhookDelivery } from "@/db/schema";
import { sendEvent } from "@/lib/workflow/engine";
import { webhookDeliveryRequested } from "@/lib/workflow/events";

/** `userId` null: sent for nobody's account (a batch paid by x402), unsigned. */
export type WebhookEvent = { userId: string | null; url: string; eventType: string; payload: Record<string, unknown> };

/** Records the deliveries (in the caller's transaction, if any); start them with startDeliveries once it committed. */
export async function recordDeliveries(events: WebhookEvent[], tx: DbOrTx = getDb()): Promise<WebhookDelivery[]> {
  if (events.length === 0) return [];

  return tx.insert(webhookDeliveries).values(events).returning();
}

/** Hands each delivery to its workflow run; the event id is the delivery's, so a second send starts nothing. */
export async function startDeliveries(deliveries: Pick<WebhookDelivery, "id">[]): Promise<void> {
  if (deliveries.length === 0) return;
  await sendEvent(deliveries.map(({ id }) => webhookDeliveryRequested.create({ deliveryId: id }, { id: `webhook-delivery-${id}` })));
}

/** Deliveries still unattempted this long after they were recorded are started again. */
const RESTART_AFTER_MS = 2 * 60 * 1000;

/**
 * A delivery is recorded before its workflow event is sent; a process that died in between
 * left one nobody would ever attempt. The dispatch-stalled-jobs cron starts those again (the
 * event id is the delivery's, so one already running is not started twice).
 */
export async function restartStalledDeliveries(limit = 500): Promise<number> {
  const stalled = await getDb()
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.status, "pending"),
        eq(webhookDeliveries.attempts, 0),
        lt(webhookDeliveries.createdAt, new Date(Date.now() - RESTART_AFTER_MS)),
      ),
    )
    .limit(limit);
  await startDeliveries(stalled);

  return stalled.length;
}
