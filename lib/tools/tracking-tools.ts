import { z } from "zod";
import { compareQuerySchema, compareSnapshots, getStoreAnalytics } from "@/lib/analytics";
import { paginationQuerySchema } from "@/lib/http/pagination";
import { listCatalogEvents } from "@/lib/changelog/list-catalog-events";
import { catalogEventsQuerySchema } from "@/lib/changelog/schemas";
import { storeSlugParamsSchema } from "@/lib/store-domain/schemas";
import { getTrackedStore, listTrackedStores, trackedStoreInventory } from "@/lib/tracking";
import {
  compareSnapshotsEndpoint,
  getInventorySummaryEndpoint,
  getStoreAnalyticsEndpoint,
  listCatalogEventsEndpoint,
  listTrackedStoresEndpoint,
} from "@/lib/tracking/endpoints";
import { defineTool, userOf } from "./define-tool";

// The tracked-store tools are the caller's own data, each under its endpoint's row of the access
// matrix: the list is `account` (GET /api/shops: API key or session); inventory, analytics and
// compare are `session-only`, as GET /api/store-detail/* (no API key there: docs/decisions.md
// §8.1). Only a store the caller tracks answers — another user's store, like an unknown one,
// is the same 404 (getTrackedStore), so existence does not leak.

const SESSION_ONLY = "Only a shop you track, with a signed-in session (as the dashboard).";

export const listTrackedStoresTool = defineTool({
  name: "list_tracked_stores",
  title: "List tracked stores",
  endpoint: listTrackedStoresEndpoint,
  note: "API key or session. Their slugs feed the other tracked-shop tools.",
  input: z.strictObject(paginationQuerySchema.shape),
  run: (input, caller) => listTrackedStores(userOf(caller), input),
});

export const getStoreInventoryTool = defineTool({
  name: "get_store_inventory",
  title: "Inventory of a tracked store",
  endpoint: getInventorySummaryEndpoint,
  note: SESSION_ONLY,
  input: z.strictObject(storeSlugParamsSchema.shape),
  run: ({ slug }, caller) => trackedStoreInventory(userOf(caller).id, slug),
});

export const getStoreAnalyticsTool = defineTool({
  name: "get_store_analytics",
  title: "Analytics of a tracked store",
  endpoint: getStoreAnalyticsEndpoint,
  note: SESSION_ONLY,
  input: z.strictObject(storeSlugParamsSchema.shape),
  run: async ({ slug }, caller) => getStoreAnalytics(await getTrackedStore(userOf(caller).id, slug)),
});

export const compareSnapshotsTool = defineTool({
  name: "compare_snapshots",
  title: "Compare two snapshots of a tracked store",
  endpoint: compareSnapshotsEndpoint,
  note: `${SESSION_ONLY} Give both from and to (job ids), or neither.`,
  input: z
    .strictObject({ ...storeSlugParamsSchema.shape, ...compareQuerySchema.shape })
    .refine((q) => (q.from === undefined) === (q.to === undefined), { message: "give both from and to, or neither", path: ["to"] }),
  run: async ({ slug, from, to }, caller) => compareSnapshots(await getTrackedStore(userOf(caller).id, slug), { from, to }),
});

export const listCatalogEventsTool = defineTool({
  name: "list_catalog_events",
  title: "Catalog events of a tracked store",
  endpoint: listCatalogEventsEndpoint,
  note: `${SESSION_ONLY} Pass next_cursor as cursor for the next page; kind narrows to one kind of event.`,
  input: z.strictObject({ ...storeSlugParamsSchema.shape, ...catalogEventsQuerySchema.shape }),
  run: async ({ slug, ...query }, caller) => listCatalogEvents(await getTrackedStore(userOf(caller).id, slug), query),
});
