import type { EndpointAnswer } from "@/components/api/client";
import type {
  compareSnapshotsEndpoint,
  getInventorySummaryEndpoint,
  getProductInventoryEndpoint,
  getStoreAnalyticsEndpoint,
  listCatalogEventsEndpoint,
  listInventoryEventsEndpoint,
} from "@/lib/tracking/endpoints";

// The store-detail answers, as their endpoints declare them.
export type Analytics = EndpointAnswer<typeof getStoreAnalyticsEndpoint>;
export type InventorySummary = EndpointAnswer<typeof getInventorySummaryEndpoint>;
export type InventoryEventsPage = EndpointAnswer<typeof listInventoryEventsEndpoint>;
export type Comparison = EndpointAnswer<typeof compareSnapshotsEndpoint>;
export type CatalogEventsPage = EndpointAnswer<typeof listCatalogEventsEndpoint>;
export type CatalogEventItem = CatalogEventsPage["data"][number];
export type ProductInventory = EndpointAnswer<typeof getProductInventoryEndpoint>;
