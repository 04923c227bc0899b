import { z } from "zod";
import { ALERT_EMAIL_MODES, ALERT_KINDS } from "@/db/schema/alert-kinds";
import { paginatedSchema, paginationQuerySchema } from "@/lib/http/pagination";
import { storeSlugSchema } from "@/lib/store-domain/schemas";

const timestamp = z.iso.datetime({ offset: true });

export const alertKindSchema = z.enum(ALERT_KINDS);
export type AlertKind = z.infer<typeof alertKindSchema>;

/** A user's alerts for one tracked store: which events, through which channels. */
export const alertSubscriptionSchema = z.object({
  kinds: z.array(alertKindSchema).describe("The events to be told about"),
  price_threshold_percent: z
    .number()
    .int()
    .min(1)
    .max(100)
    .describe("A price change alerts when it moves the price at least this much, either way"),
  feed: z.boolean().describe("Show the alerts in the in-app feed"),
  email: z.enum(ALERT_EMAIL_MODES).describe("`instant`: one e-mail per batch as it happens; `daily`: one digest a day; `off`"),
  webhook: z.boolean().describe("POST each alert, signed, to the account's webhook URL (PUT /api/webhooks)"),
  muted: z.boolean().describe("True: nothing is raised for this store until unmuted"),
});

/** GET /api/shops/:slug/alerts → 200. */
export const storeAlertSettingsSchema = alertSubscriptionSchema.extend({
  store: z.object({ domain: z.string(), slug: z.string() }),
  is_default: z.boolean().describe("True while the user has not changed anything: the defaults apply"),
});

/** PUT /api/shops/:slug/alerts body: any subset; the rest stays as it is. */
export const updateAlertSubscriptionSchema = alertSubscriptionSchema.partial().strict();

export const alertSchema = z.object({
  id: z.string(),
  kind: alertKindSchema,
  store: z.object({ domain: z.string(), slug: z.string() }),
  subject: z.object({ type: z.string(), id: z.string(), title: z.string().nullable() }),
  before: z.unknown(),
  after: z.unknown(),
  occurred_at: timestamp,
  evidence: z.record(z.string(), z.unknown()),
  read: z.boolean(),
  created_at: timestamp,
});

/** GET /api/alerts query. */
export const alertFeedQuerySchema = paginationQuerySchema.extend({
  unread: z
    .enum(["true", "false"])
    .optional()
    .transform((v) => v === "true")
    .describe("`true`: only unread alerts"),
  store: storeSlugSchema.optional().describe("Only the alerts of this store (its slug); `unread` then counts this store's"),
});

/** GET /api/alerts → 200: the feed, newest first, and how many are unread. */
export const alertFeedSchema = paginatedSchema(alertSchema).extend({
  unread: z.number().int().describe("How many alerts of the feed (of the store asked for, if any) are unread"),
});

/** POST /api/alerts/read body: these alerts, or every one. */
export const markAlertsReadSchema = z.union([
  z.object({ ids: z.array(z.uuid()).min(1).max(100) }).strict(),
  z.object({ all: z.literal(true) }).strict(),
]);

/** POST /api/alerts/read → 200. */
export const markedAlertsReadSchema = z.object({ marked: z.number().int(), unread: z.number().int() });

export type AlertSubscriptionView = z.infer<typeof alertSubscriptionSchema>;
export type StoreAlertSettings = z.infer<typeof storeAlertSettingsSchema>;
export type UpdateAlertSubscription = z.infer<typeof updateAlertSubscriptionSchema>;
export type AlertView = z.infer<typeof alertSchema>;
export type AlertFeed = z.infer<typeof alertFeedSchema>;
export type AlertFeedQuery = z.infer<typeof alertFeedQuerySchema>;
