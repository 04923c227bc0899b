import { defineEndpoint } from "@/lib/http/define-endpoint";
import { paginationQuerySchema } from "@/lib/http/pagination";
import {
  queuedWebhookDeliverySchema,
  rotatedWebhookSecretSchema,
  updateWebhookSettingsSchema,
  webhookDeliveryListSchema,
  webhookSettingsSchema,
} from "./schemas";

// The account's webhooks: where alerts go, the Standard Webhooks signing secret (every webhook
// sent for the account carries its signature, job.completed included), and the delivery log.
// Session only, as API keys are: a leaked key must not be able to mint the signing secret.

export const getWebhookSettingsEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/webhooks",
  access: "session-only",
  operationId: "getWebhookSettings",
  tag: "account",
  summary: "Your webhook URL and which signing secret is in use (never the secret)",
  description:
    "The account's webhook URL (null when none) and the prefix and creation time of the signing secret in use (null until one is created; webhooks then go unsigned). The secret itself is answered only by POST /api/webhooks/secret.",
  answers: { 200: { schema: webhookSettingsSchema } },
});

export const updateWebhookSettingsEndpoint = defineEndpoint({
  method: "PUT",
  path: "/api/webhooks",
  access: "session-only",
  operationId: "updateWebhookSettings",
  tag: "account",
  summary: "Set (or clear, with null) the URL your alert webhooks are POSTed to",
  body: updateWebhookSettingsSchema,
  description: "An http(s) URL of at most 2,000 characters (400 otherwise), or null to stop webhooks; takes effect for the next event.",
  answers: { 200: { schema: webhookSettingsSchema }, 400: "error" },
});

export const rotateWebhookSecretEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/webhooks/secret",
  access: "session-only",
  operationId: "rotateWebhookSecret",
  tag: "account",
  summary: "Create or rotate your webhook signing secret; the secret is returned only now and signs every webhook from now on",
  description:
    "The secret is in this answer only: store it now. Every webhook sent from now on is signed with it, no longer with the previous one.",
  answers: { 201: { schema: rotatedWebhookSecretSchema } },
});

export const sendTestWebhookEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/webhooks/test",
  access: "session-only",
  operationId: "sendTestWebhook",
  tag: "account",
  summary: "Send a signed `webhook.test` event to your webhook URL, retried like an alert (409 when no URL is set)",
  description:
    "Queues one delivery and answers at once (202); its attempts, retries and outcome show in GET /api/webhooks/deliveries. 409 when no webhook URL is set.",
  answers: { 202: { schema: queuedWebhookDeliverySchema }, 409: "error" },
});

export const listWebhookDeliveriesEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/webhooks/deliveries",
  access: "session-only",
  operationId: "listWebhookDeliveries",
  tag: "account",
  summary: "Your webhook delivery log: each event with every attempt, newest first; paginated",
  query: paginationQuerySchema,
  description:
    "Only the caller's own deliveries, newest first, each with every attempt and its next attempt when one is due; page and per_page (at most 50).",
  answers: { 200: { schema: webhookDeliveryListSchema }, 400: "error" },
});
