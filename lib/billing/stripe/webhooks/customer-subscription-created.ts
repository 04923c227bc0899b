import { subscriptionChangeFromEvent } from "./subscription-change";
import type { StripeEventHandler } from "./types";

/** A new subscription: recorded unless a later event about it already was. */
export const customerSubscriptionCreated: StripeEventHandler = {
  apply: (tx, event) => subscriptionChangeFromEvent(tx, event, "first"),
};
