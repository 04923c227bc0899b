export { listInventoryEvents } from "./inventory-events";
export { getInventorySummary } from "./inventory-summary";
export { getProductInventory } from "./product-history";
export * from "./schemas";
