export { attemptDelivery } from "./attempt-delivery";
export { listWebhookDeliveries } from "./list-deliveries";
export { postWebhook } from "./post-webhook";
export { recordDeliveries, restartStalledDeliveries, startDeliveries, type WebhookEvent } from "./queue-delivery";
export { sendTestEvent, TEST_EVENT_TYPE } from "./send-test-event";
export { getWebhookSettings, rotateWebhookSecret, setWebhookUrl, webhookReceiver, webhookSigningSecret } from "./settings";
