import { subscriptionChangeFromEvent } from "./subscription-change";
import type { StripeEventHandler } from "./types";

/** Status or period changed (renewal, past_due, unpaid…): applied only if newer than what we have. */
export const customerSubscriptionUpdated: StripeEventHandler = {
  apply: (tx, event) => subscriptionChangeFromEvent(tx, event, "newer"),
};
