import { z } from "zod";
import { compareQuerySchema, compareSnapshots, getStoreAnalytics } from "@/lib/analytics";
import { paginationQuerySchema } from "@/lib/http/pagination";
import { getInventorySummary } from "@/lib/inventory";
import { getTrackedStore, listTrackedStores, trackedStoreParamsSchema } from "@/lib/tracking";
import { defineTool, userOf } from "./define-tool";

// The tracked-store tools are the caller's own data, each under its endpoint's row of the access
// matrix: the list is `account` (GET /api/shops: API key or session); inventory, analytics and
// compare are `session-only`, as GET /api/store-detail/* (no API key there: docs/decisions.md
// §8.1). Only a store the caller tracks answers — another user's store, like an unknown one,
// is the same 404 (getTrackedStore), so existence does not leak.

export const listTrackedStoresTool = defineTool({
  name: "list_tracked_stores",
  title: "List tracked shops",
  description: "Your tracked shops (API key or session): store, latest job, last and next check; paginated. Their slugs feed the other tracked-shop tools.",
  input: z.strictObject(paginationQuerySchema.shape),
  access: "account",
  endpoint: "GET /api/shops",
  readOnly: true,
  run: (input, caller) => listTrackedStores(userOf(caller), input),
});

export const getStoreInventoryTool = defineTool({
  name: "get_store_inventory",
  title: "Inventory of a tracked shop",
  description:
    "Inventory of a shop you track (signed-in session only, as the dashboard): units sold in the last 30 days and daily sales (best guess and range, with basis, case and confidence), top sellers, recent restocks, total_inventory (0 when the store hides quantities).",
  input: z.strictObject(trackedStoreParamsSchema.shape),
  access: "session-only",
  endpoint: "GET /api/store-detail/:slug/inventory",
  readOnly: true,
  run: async ({ slug }, caller) => getInventorySummary(await getTrackedStore(userOf(caller).id, slug)),
});

export const getStoreAnalyticsTool = defineTool({
  name: "get_store_analytics",
  title: "Analytics of a tracked shop",
  description: "Analytics of a shop you track (signed-in session only, as the dashboard): catalogue size and prices per day, and the 365-day change heat graph.",
  input: z.strictObject(trackedStoreParamsSchema.shape),
  access: "session-only",
  endpoint: "GET /api/store-detail/:slug/analytics",
  readOnly: true,
  run: async ({ slug }, caller) => getStoreAnalytics(await getTrackedStore(userOf(caller).id, slug)),
});

export const compareSnapshotsTool = defineTool({
  name: "compare_snapshots",
  title: "Compare two snapshots of a tracked shop",
  description:
    "Compare two completed snapshots of a shop you track (signed-in session only, as the dashboard; default its latest two, or give both from and to job ids): added, removed and changed items by category, at most 500 each, with totals.",
  input: z
    .strictObject({ ...trackedStoreParamsSchema.shape, ...compareQuerySchema.shape })
    .refine((q) => (q.from === undefined) === (q.to === undefined), { message: "give both from and to, or neither", path: ["to"] }),
  access: "session-only",
  endpoint: "GET /api/store-detail/:slug/compare",
  readOnly: true,
  run: async ({ slug, from, to }, caller) => compareSnapshots(await getTrackedStore(userOf(caller).id, slug), { from, to }),
});
