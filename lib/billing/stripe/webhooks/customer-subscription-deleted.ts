import { subscriptionChangeFromEvent } from "./subscription-change";
import type { StripeEventHandler } from "./types";

/** The subscription ended: canceled for good, whatever arrives after. */
export const customerSubscriptionDeleted: StripeEventHandler = {
  apply: (tx, event) => subscriptionChangeFromEvent(tx, event, "terminal"),
};
