export { findTrackedStore } from "./find-tracked-store";
export { listTrackedShops } from "./list-tracked-shops";
export { checkTrackedStore, findDueStores, MAX_CONSECUTIVE_FAILURES } from "./monitor-tracked-shops";
export { trackedShopLimit } from "./plan-limit";
export * from "./schemas";
export { trackShop } from "./track-shop";
export { tracksStore } from "./tracks-store";
export { untrackShop } from "./untrack-shop";
