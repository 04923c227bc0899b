export { compareSnapshots } from "./compare-snapshots";
export { buildHeatGraph, HEAT_GRAPH_DAYS } from "./heat-graph";
export { compareQuerySchema, COMPARE_CATEGORIES, COMPARE_MAX_ITEMS } from "./schemas";
export { getStoreAnalytics } from "./store-analytics";
