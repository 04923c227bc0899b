import { getEnv } from "@/lib/env";
import { attemptDelivery } from "@/lib/webhooks/attempt-delivery";
import { parseDurationMs } from "@/lib/workflow/embedded/duration";
import { inngest } from "@/lib/workflow/client";
import { webhookDeliveryRequested } from "@/lib/workflow/events";

/**
 * One alert or test webhook to its receiver: an attempt at once, then one after each wait of
 * WEBHOOK_RETRY_DELAYS until a 2xx; the waits are durable sleeps, so a restart loses none.
 */
export const deliverWebhookFn = inngest.createFunction(
  { id: "deliver-webhook", name: "Deliver a webhook", retries: 3, triggers: [webhookDeliveryRequested] },
  async ({ event, step }) => {
    const delays = getEnv().WEBHOOK_RETRY_DELAYS;
    for (let number = 1; number <= delays.length + 1; number += 1) {
      const wait = delays[number - 1];
      const retryInMs = wait === undefined ? null : (parseDurationMs(wait) ?? 0);
      const result = await step.run(`attempt-${number}`, () => attemptDelivery(event.data.deliveryId, number, retryInMs));
      if (result !== "failed" || wait === undefined) return { result, attempts: number };
      await step.sleep(`wait-${number}`, wait);
    }

    return { result: "failed", attempts: delays.length + 1 };
  },
);
