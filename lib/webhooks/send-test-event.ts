import { ApiError } from "@/lib/http/errors";
import { toDeliveryView } from "./list-deliveries";
import { recordDeliveries, startDeliveries } from "./queue-delivery";
import { queuedWebhookDeliverySchema, type WebhookDeliveryView } from "./schemas";
import { webhookReceiver } from "./settings";

export const TEST_EVENT_TYPE = "webhook.test";

/** A `webhook.test` event to the account's receiver, delivered (and retried) like an alert. */
export async function sendTestEvent(userId: string): Promise<{ delivery: WebhookDeliveryView }> {
  const receiver = await webhookReceiver(userId);
  if (!receiver) throw new ApiError("conflict", "Set a webhook URL first (PUT /api/webhooks)");
  const at = new Date().toISOString();
  const [delivery] = await recordDeliveries([
    {
      userId,
      url: receiver.url,
      eventType: TEST_EVENT_TYPE,
      payload: { type: TEST_EVENT_TYPE, timestamp: at, data: { message: "A test event from StoreLens: your receiver is reachable." } },
    },
  ]);
  await startDeliveries([delivery!]);

  return queuedWebhookDeliverySchema.parse({ delivery: toDeliveryView(delivery!, []) });
}
