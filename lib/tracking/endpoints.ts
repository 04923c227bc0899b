import { trackedStoreLimitBodySchema } from "@/lib/billing/schemas";
import { planLimitReachedBodySchema } from "@/lib/jobs/schemas";
import { defineEndpoint } from "@/lib/http/define-endpoint";
import { storeSlugParamsSchema } from "@/lib/store-domain/schemas";
import { paginationQuerySchema } from "@/lib/http/pagination";
import {
  inventoryEventListSchema,
  inventoryEventsQuerySchema,
  inventorySummarySchema,
  productInventorySchema,
  productParamsSchema,
} from "@/lib/inventory/schemas";
import { catalogEventPageSchema, catalogEventsQuerySchema } from "@/lib/changelog/schemas";
import { compareQuerySchema, snapshotComparisonSchema, storeAnalyticsSchema } from "@/lib/analytics/schemas";
import { trackedStoreListSchema, trackStoreBodySchema, trackStoreResultSchema, untrackStoreResultSchema } from "./schemas";

// The caller's tracked stores: the list (API key or session) and, under /api/store-detail, each
// one's figures for the dashboard (session only, docs/decisions.md §8.1).

export const listTrackedStoresEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/shops",
  access: "account",
  operationId: "listTrackedStores",
  tag: "tracking",
  summary: "Your tracked stores: store, latest job, last and next check; paginated",
  query: paginationQuerySchema,
  description:
    "Only the caller's own tracked stores; page and per_page (at most 50). next_check_at is when the monitor analyzes the store again.",
  answers: { 200: { schema: trackedStoreListSchema }, 400: "error" },
});

export const trackStoreEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/shops",
  access: "account",
  operationId: "trackStore",
  tag: "tracking",
  summary:
    "Track a store; idempotent. Its first analysis, unless a recent one exists, is charged like POST /api/jobs (402 plan_limit_reached, and nothing tracked, when the plan has no job left; 402 tracked_shop_limit; 403 email_unverified when REQUIRE_EMAIL_VERIFICATION is on; 503 storage_low while the server's disk is nearly full)",
  body: trackStoreBodySchema,
  description:
    "201 when the store became tracked (created: true; its latest_job is the first analysis when one was started), 200 when it already was (nothing changed). The domain is normalized like POST /api/jobs's; 400 when it is not a store domain.",
  answers: {
    200: { schema: trackStoreResultSchema, description: "Already tracked: nothing changed, no job started" },
    201: { schema: trackStoreResultSchema },
    400: "error",
    402: { schema: [planLimitReachedBodySchema, trackedStoreLimitBodySchema] },
    403: "error",
  },
});

export const untrackStoreEndpoint = defineEndpoint({
  method: "DELETE",
  path: "/api/shops/:slug",
  access: "account",
  operationId: "untrackStore",
  tag: "tracking",
  summary: "Stop tracking a store",
  params: storeSlugParamsSchema,
  description:
    "Only your tracking is removed: the store, its reports and the directory entry stay, and other users' tracking is untouched. 404 when you do not track a store of that slug.",
  answers: { 200: { schema: untrackStoreResultSchema }, 404: "error" },
});

export const getStoreAnalyticsEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/store-detail/:slug/analytics",
  access: "session-only",
  operationId: "getStoreAnalytics",
  tag: "tracking",
  summary: "Analytics of a tracked store: catalog size and prices per day, and the 365-day change heat graph",
  params: storeSlugParamsSchema,
  description:
    "404 when you do not track a store of that slug (tracking, not the directory, gives access to this data). A store tracked recently has few days of data.",
  answers: { 200: { schema: storeAnalyticsSchema }, 404: "error" },
});

export const getInventorySummaryEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/store-detail/:slug/inventory",
  access: "session-only",
  operationId: "getInventorySummary",
  tag: "tracking",
  summary:
    "Inventory of a tracked store: units sold in the last 30 days and daily sales (best guess and range with basis, case and confidence; the sum of the products'), top sellers, best sellers by measured units, sales in money (units × the prices of the window, a range, with the method), the units-per-sale-day assumption where quantities are hidden, recent restocks, total_inventory (0 when the store hides quantities)",
  params: storeSlugParamsSchema,
  description:
    "Only for a store you track (404 otherwise). Sales figures need analyses far enough apart (about a day of snapshots); a store tracked recently answers few or none. Units are inferred from the inventory the store exposes, so every figure carries its basis and confidence.",
  answers: { 200: { schema: inventorySummarySchema }, 404: "error" },
});

export const listInventoryEventsEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/store-detail/:slug/inventory/events",
  access: "session-only",
  operationId: "listInventoryEvents",
  tag: "tracking",
  summary: "Sale and restock events of the store, newest first",
  params: storeSlugParamsSchema,
  query: inventoryEventsQuerySchema,
  description:
    "Only for a store you track (404 otherwise). type narrows to sale or restock, product_id to one product; page and per_page (at most 50).",
  answers: { 200: { schema: inventoryEventListSchema }, 400: "error", 404: "error" },
});

export const getProductInventoryEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/store-detail/:slug/inventory/product/:shopifyId",
  access: "session-only",
  operationId: "getProductInventory",
  tag: "tracking",
  summary:
    "One product's units sold over the last 30 days and daily velocity (best guess and range with basis, case and confidence) and in money (units × the prices of the window, a range, with the method), its price history and quantity history per variant, and its events",
  params: productParamsSchema,
  query: paginationQuerySchema,
  description:
    "By the product's Shopify id (a positive integer, 400 otherwise). 404 when you do not track the store, or no inventory was recorded for this product. Its events are paginated (page, per_page at most 50).",
  answers: { 200: { schema: productInventorySchema }, 400: "error", 404: "error" },
});

export const listCatalogEventsEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/store-detail/:slug/catalog-events",
  access: "session-only",
  operationId: "listCatalogEvents",
  tag: "tracking",
  summary:
    "Catalog events of a tracked store, newest first, by cursor: products added (with their publish dates) and removed, variant prices changed (old and new price, either direction), variants sold out and back in stock, each with the two analyses it was seen between; coverage says what the analyses cannot tell",
  params: storeSlugParamsSchema,
  query: catalogEventsQuerySchema,
  description:
    "Only for a store you track (404 otherwise). Pages by cursor: pass next_cursor back as cursor (400 for a cursor this list did not give); limit at most 100; kind narrows to one event kind.",
  answers: { 200: { schema: catalogEventPageSchema }, 400: "error", 404: "error" },
});

export const compareSnapshotsEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/store-detail/:slug/compare",
  access: "session-only",
  operationId: "compareSnapshots",
  tag: "tracking",
  summary:
    "Two completed snapshots of a tracked store compared (its latest two by default): added, removed and changed items by category, at most 500 each, with totals",
  params: storeSlugParamsSchema,
  query: compareQuerySchema,
  description:
    "Only for a store you track (404 otherwise). from and to are job ids of the store's completed analyses (404 when either is not); without them, its latest two. 409 when the store has fewer than two completed snapshots, or a snapshot asked for was removed by cleanup (compare newer ones).",
  answers: { 200: { schema: snapshotComparisonSchema }, 400: "error", 404: "error", 409: "error" },
});
