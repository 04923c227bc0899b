// Dependency-free on purpose: the delivery log's schemas reach the browser, the tables must not.

/** An alert or test webhook delivery, and each of its attempts (lib/webhooks). */
export const WEBHOOK_DELIVERY_STATUSES = ["pending", "delivered", "failed"] as const;
