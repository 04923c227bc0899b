import { z } from "zod";
import { WEBHOOK_DELIVERY_STATUSES } from "@/db/schema/webhook-statuses";
import { HTTP_URL_PATTERN } from "@/lib/http/http-url";
import { paginatedSchema } from "@/lib/http/pagination";

const timestamp = z.iso.datetime({ offset: true });

/** GET /api/webhooks → 200: where alerts go and which secret signs; never the secret itself. */
export const webhookSettingsSchema = z.object({
  url: z.string().nullable().describe("Where alert and test events are POSTed; null: none"),
  secret: z
    .object({
      prefix: z.string().describe("The secret's first characters (`whsec_AbC123`), to tell secrets apart"),
      created_at: timestamp,
    })
    .nullable()
    .describe("The signing secret in use; null until one is created (webhooks then go unsigned)"),
});

/** PUT /api/webhooks request body. */
export const updateWebhookSettingsSchema = z.object({
  url: z
    .url({ protocol: /^https?$/, message: "url must be an http(s) URL" })
    // The protocol check above, said in the document (a JSON Schema `format: uri` takes any scheme).
    .meta({ pattern: HTTP_URL_PATTERN })
    .max(2000)
    .nullable()
    .meta({ examples: ["https://example.com/hooks/storelens"] }),
});

/** POST /api/webhooks/secret → 201: the new secret, shown this once. */
export const rotatedWebhookSecretSchema = z.object({
  secret: z.string().describe("`whsec_` + base64 of 32 random bytes: give it to your receiver now, it is never shown again"),
  prefix: z.string(),
  created_at: timestamp,
});

export const webhookAttemptSchema = z.object({
  number: z.number().int(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  response_status: z.number().int().nullable(),
  error: z.string().nullable(),
  started_at: timestamp,
  ended_at: timestamp.nullable(),
});

/** One event owed to the account's receiver and every attempt at it. */
export const webhookDeliverySchema = z.object({
  id: z.string().describe("Also the `webhook-id` header of every attempt"),
  event_type: z.string(),
  url: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  next_attempt_at: timestamp.nullable().describe("When the next attempt is due; null once delivered or given up"),
  created_at: timestamp,
  completed_at: timestamp.nullable(),
  attempt_log: z.array(webhookAttemptSchema),
});

/** GET /api/webhooks/deliveries → 200: newest first. */
export const webhookDeliveryListSchema = paginatedSchema(webhookDeliverySchema);

/** POST /api/webhooks/test → 202: the queued delivery. */
export const queuedWebhookDeliverySchema = z.object({ delivery: webhookDeliverySchema });

export type WebhookSettingsView = z.infer<typeof webhookSettingsSchema>;
export type RotatedWebhookSecret = z.infer<typeof rotatedWebhookSecretSchema>;
export type WebhookDeliveryView = z.infer<typeof webhookDeliverySchema>;
export type WebhookDeliveryList = z.infer<typeof webhookDeliveryListSchema>;
