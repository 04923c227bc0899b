import { and, eq } from "drizzle-orm";
import { getDb } from "@/db";
import { webhookAttempts, webhookDeliveries } from "@/db/schema";
import { boundText, MESSAGE_TEXT_MAX } from "@/lib/bound-text";
import { logger } from "@/lib/log";
import { postWebhook } from "./post-webhook";

export type AttemptResult = "delivered" | "failed" | "gone";

/**
 * Attempt `number` (1-based) of a delivery. The attempt is claimed and committed before it is
 * sent, so a step replayed after a crash never sends the same attempt twice (it counts as
 * failed, interrupted); a delivery already delivered is never sent again. `retryInMs` is the
 * wait before the next attempt, null on the last: a failure then gives the delivery up.
 */
export async function attemptDelivery(deliveryId: string, number: number, retryInMs: number | null): Promise<AttemptResult> {
  const db = getDb();
  const [delivery] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, deliveryId));
  if (!delivery) return "gone";
  if (delivery.status !== "pending") return delivery.status;

  const [claimed] = await db.insert(webhookAttempts).values({ deliveryId, number }).onConflictDoNothing().returning();
  if (!claimed) {
    await settleAttempt(deliveryId, number, retryInMs, { delivered: false, error: "Attempt interrupted by a worker stop" });

    return "failed";
  }
  await db.update(webhookDeliveries).set({ attempts: number, nextAttemptAt: null }).where(eq(webhookDeliveries.id, deliveryId));

  const outcome = await postWebhook({
    url: delivery.url,
    id: delivery.id,
    body: JSON.stringify(delivery.payload),
    ownerId: delivery.userId,
  });
  await settleAttempt(deliveryId, number, retryInMs, outcome);
  if (!outcome.delivered) logger.warn("webhook delivery attempt failed", { deliveryId, number, error: outcome.error });

  return outcome.delivered ? "delivered" : "failed";
}

async function settleAttempt(
  deliveryId: string,
  number: number,
  retryInMs: number | null,
  outcome: { delivered: boolean; responseStatus?: number; error?: string },
) {
  const now = new Date();
  const status = outcome.delivered ? "delivered" : "failed";
  await getDb().transaction(async (tx) => {
    await tx
      .update(webhookAttempts)
      .set({
        status,
        responseStatus: outcome.responseStatus ?? null,
        error: outcome.error === undefined ? null : boundText(outcome.error, MESSAGE_TEXT_MAX),
        endedAt: now,
      })
      .where(and(eq(webhookAttempts.deliveryId, deliveryId), eq(webhookAttempts.number, number), eq(webhookAttempts.status, "pending")));
    const givenUp = !outcome.delivered && retryInMs === null;
    await tx
      .update(webhookDeliveries)
      .set(
        outcome.delivered || givenUp
          ? { status, completedAt: now, nextAttemptAt: null }
          : { nextAttemptAt: new Date(now.getTime() + (retryInMs ?? 0)) },
      )
      .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.status, "pending")));
  });
}
