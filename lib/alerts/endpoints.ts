import { defineEndpoint } from "@/lib/http/define-endpoint";
import { storeSlugParamsSchema } from "@/lib/store-domain/schemas";
import {
  alertFeedQuerySchema,
  alertFeedSchema,
  markAlertsReadSchema,
  markedAlertsReadSchema,
  storeAlertSettingsSchema,
  updateAlertSubscriptionSchema,
} from "./schemas";

// Alerts about tracked stores: the in-app feed, and per tracked store which events to be told
// about and where (feed, e-mail, webhook). An account's, by API key or session, like its stores.

export const listAlertsEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/alerts",
  access: "account",
  operationId: "listAlerts",
  tag: "tracking",
  summary: "Your alert feed about your tracked stores, newest first, with the unread count; paginated",
  query: alertFeedQuerySchema,
  description:
    "Only the caller's own feed; unread=true narrows to unread alerts, store to one tracked store's slug; page and per_page (at most 50).",
  answers: { 200: { schema: alertFeedSchema }, 400: "error" },
});

export const markAlertsReadEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/alerts/read",
  access: "account",
  operationId: "markAlertsRead",
  tag: "tracking",
  summary: "Mark alerts read: `{ ids: [...] }` or `{ all: true }`",
  body: markAlertsReadSchema,
  description:
    "Exactly one of { ids: [up to 100 alert ids] } or { all: true } (400 otherwise); ids that are not in your feed, or already read, are skipped. Answers how many were marked and how many stay unread.",
  answers: { 200: { schema: markedAlertsReadSchema }, 400: "error" },
});

export const getStoreAlertSettingsEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/shops/:slug/alerts",
  access: "account",
  operationId: "getStoreAlertSettings",
  tag: "tracking",
  summary: "Which events of a tracked store you are told about, and where (the defaults until you change them)",
  params: storeSlugParamsSchema,
  description: "404 when you do not track a store of that slug. Settings never changed answer the defaults.",
  answers: { 200: { schema: storeAlertSettingsSchema }, 404: "error" },
});

export const updateStoreAlertSettingsEndpoint = defineEndpoint({
  method: "PUT",
  path: "/api/shops/:slug/alerts",
  access: "account",
  operationId: "updateStoreAlertSettings",
  tag: "tracking",
  summary:
    "Change a tracked store's alerts: any of kinds, price_threshold_percent, feed, email, webhook, muted (`{ muted: true }` mutes it)",
  params: storeSlugParamsSchema,
  body: updateAlertSubscriptionSchema,
  description:
    "Any subset of the fields; the others keep their values. kinds replaces the whole list; price_threshold_percent is 1 to 100. 404 when you do not track a store of that slug.",
  answers: { 200: { schema: storeAlertSettingsSchema }, 400: "error", 404: "error" },
});
