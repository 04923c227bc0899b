export { getAppMarket } from "./market-report";
export { getThemeReport } from "./theme-report";
export * from "./schemas";
