import { and, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import type Stripe from "stripe";
import type { Transaction } from "@/db";
import { subscriptions } from "@/db/schema";
import { invoiceObject, subscriptionIdOfInvoice } from "../objects";
import { refreshUserPlan } from "../subscription-state";
import { eventTime } from "./types";

/**
 * An invoice event moves its subscription between statuses, under the same ordering rule as
 * the subscription events: only from the listed statuses, and only if no newer event was applied.
 */
export async function invoiceStatusChange(tx: Transaction, event: Stripe.Event, move: { from: string[]; to: string }): Promise<void> {
  const invoice = invoiceObject.parse(event.data.object);
  const subscriptionId = subscriptionIdOfInvoice(invoice);
  if (!subscriptionId) return; // a one-off invoice: nothing to change

  const at = eventTime(event);
  const periodEnd = Math.max(0, ...(invoice.lines?.data ?? []).map((line) => line.period?.end ?? 0));
  const [changed] = await tx
    .update(subscriptions)
    .set({
      status: move.to,
      lastEventAt: at,
      updatedAt: new Date(),
      ...(move.to === "active" && periodEnd
        ? { currentPeriodEnd: sql`greatest(${subscriptions.currentPeriodEnd}, ${new Date(periodEnd * 1000).toISOString()}::timestamptz)` }
        : {}),
    })
    .where(
      and(
        eq(subscriptions.stripeSubscriptionId, subscriptionId),
        inArray(subscriptions.status, move.from),
        or(isNull(subscriptions.lastEventAt), lte(subscriptions.lastEventAt, at)),
      ),
    )
    .returning({ userId: subscriptions.userId });
  if (changed) await refreshUserPlan(tx, changed.userId);
}
