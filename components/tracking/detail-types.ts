import type { compareSnapshots, getStoreAnalytics } from "@/lib/analytics";
import type { getInventorySummary, listInventoryEvents } from "@/lib/inventory";

// The store-detail answers as the API sends them (JSON of these functions' results).
export type Analytics = Awaited<ReturnType<typeof getStoreAnalytics>>;
export type InventorySummary = Awaited<ReturnType<typeof getInventorySummary>>;
export type InventoryEventsPage = Awaited<ReturnType<typeof listInventoryEvents>>;
export type Comparison = Awaited<ReturnType<typeof compareSnapshots>>;
