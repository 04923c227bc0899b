import type Stripe from "stripe";
import type { Transaction } from "@/db";
import { logger } from "@/lib/log";
import { periodEndOf, subscriptionObject } from "../objects";
import { applySubscriptionChange, findUserForCustomer, type SubscriptionChange } from "../subscription-state";
import { eventTime } from "./types";

/** The customer.subscription.* events share one translation into a subscription change. */
export async function subscriptionChangeFromEvent(tx: Transaction, event: Stripe.Event, kind: SubscriptionChange["kind"]): Promise<void> {
  const subscription = subscriptionObject.parse(event.data.object);
  const userId = await findUserForCustomer(tx, subscription.customer, subscription.metadata.userId);
  if (!userId) {
    logger.warn("stripe: subscription of an unknown customer ignored", { subscription: subscription.id });

    return;
  }
  await applySubscriptionChange(tx, {
    stripeSubscriptionId: subscription.id,
    userId,
    status: kind === "terminal" ? "canceled" : subscription.status,
    currentPeriodEnd: periodEndOf(subscription),
    eventAt: eventTime(event),
    kind,
  });
}
