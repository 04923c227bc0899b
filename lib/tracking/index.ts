export { getTrackedStore } from "./get-tracked-store";
export { listTrackedStores } from "./list-tracked-stores";
export { checkTrackedStore, listDueStores, MAX_CONSECUTIVE_FAILURES } from "./monitor-tracked-stores";
export { trackedStoreLimit } from "./plan-limit";
export * from "./schemas";
export { trackStore } from "./track-store";
export { tracksStore } from "./tracks-store";
export { untrackStore } from "./untrack-store";
export { trackedStoreInventory } from "./next-snapshot";
