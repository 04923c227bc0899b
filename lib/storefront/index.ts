export { buildDawnStorefrontHtml } from "./dawn-fixture";
export type { DawnFixtureOptions } from "./dawn-fixture";
export { loadHtml } from "./load-html";
export { parseStorefrontDocument, parseStorefrontHtml } from "./parse-storefront-html";
export type { StorefrontInfo, StorefrontTheme } from "./parse-storefront-html";
export { THEME_STORE_NAMES, themeNameForStoreId } from "./theme-store";
