import { and, eq, inArray, lte, ne, or, isNull, sql } from "drizzle-orm";
import type { Transaction } from "@/db";
import { subscriptions, users } from "@/db/schema";
import { setStripeCustomer } from "@/lib/auth/set-stripe-customer";
import { setUserPlan } from "@/lib/auth/set-user-plan";
import { logger } from "@/lib/log";
import { isProStatus, PRO_STATUSES } from "../admission/plans";

/** Sets users.plan from the user's subscriptions: Pro while any of them is in a Pro status. */
export async function refreshUserPlan(tx: Transaction, userId: string): Promise<void> {
  const [pro] = await tx
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, [...PRO_STATUSES])))
    .limit(1);
  await setUserPlan(tx, userId, pro ? "pro_monthly" : "free");
}

/** Our user for a Stripe customer: by the userId we put in metadata, else by the customer id. */
export async function findUserForCustomer(tx: Transaction, customerId: string, userIdHint?: string): Promise<string | null> {
  if (userIdHint) {
    const [byId] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userIdHint));
    if (byId) {
      await setStripeCustomer(tx, byId.id, customerId);

      return byId.id;
    }
  }
  const [byCustomer] = await tx.select({ id: users.id }).from(users).where(eq(users.stripeCustomerId, customerId));

  return byCustomer?.id ?? null;
}

export type SubscriptionChange = {
  stripeSubscriptionId: string;
  userId: string;
  status: string;
  currentPeriodEnd: Date | null;
  /** Creation time of the Stripe event that says so. */
  eventAt: Date;
  /**
   * first: `created` (never overwrites what a later event already wrote); newer: only if no
   * newer event was applied; terminal: `deleted` (a canceled subscription never comes back).
   */
  kind: "first" | "newer" | "terminal";
};

/**
 * Applies a subscription state from a Stripe event, in event order whatever the delivery
 * order: Stripe does not guarantee order, so an event older than the newest one applied is
 * ignored, and a canceled subscription stays canceled. Then the user's plan follows.
 */
export async function applySubscriptionChange(tx: Transaction, change: SubscriptionChange): Promise<boolean> {
  const values = {
    userId: change.userId,
    stripeSubscriptionId: change.stripeSubscriptionId,
    plan: "pro_monthly" as const,
    status: change.status,
    currentPeriodEnd: change.currentPeriodEnd,
    lastEventAt: change.eventAt,
    updatedAt: new Date(),
  };
  const set = {
    status: change.status,
    currentPeriodEnd: sql`coalesce(excluded.current_period_end, ${subscriptions.currentPeriodEnd})`,
    lastEventAt: sql`greatest(excluded.last_event_at, ${subscriptions.lastEventAt})`,
    updatedAt: new Date(),
  };
  const insert = tx.insert(subscriptions).values(values);
  const written =
    change.kind === "first"
      ? await insert.onConflictDoNothing().returning({ id: subscriptions.id })
      : await insert
          .onConflictDoUpdate({
            target: subscriptions.stripeSubscriptionId,
            set,
            setWhere:
              change.kind === "terminal"
                ? undefined
                : and(
                    ne(subscriptions.status, "canceled"),
                    or(isNull(subscriptions.lastEventAt), lte(subscriptions.lastEventAt, change.eventAt)),
                  ),
          })
          .returning({ id: subscriptions.id });

  if (written.length === 0) {
    logger.info("stripe: stale subscription event ignored", { subscription: change.stripeSubscriptionId, status: change.status });
  }
  await refreshUserPlan(tx, change.userId);

  return written.length > 0 && isProStatus(change.status);
}
