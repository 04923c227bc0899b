import type { App } from "./schemas";
import { APP_CATALOG } from "./catalog";

export { APP_CATEGORIES, appCatalogSchema, appCategorySchema, appPatternsSchema, appSchema } from "./schemas";
export type { App, AppCategory, AppPatterns } from "./schemas";
export { APP_CATALOG } from "./catalog";
export { APP_CATEGORY_LABELS, appCategoryLabel } from "./category-labels";
export { detectApps, detectAppsInDocument, detectAppTraces } from "./detect-apps";
export type { AppDetection, DetectedApp, DetectOptions } from "./detect-apps";
export { syncAppCatalog } from "./sync-app-catalog";

const BY_SLUG = new Map<string, App>(APP_CATALOG.map((app) => [app.slug, app]));

/** The catalog entry for a slug, or undefined when the slug is unknown. */
export function findAppBySlug(slug: string): App | undefined {
  return BY_SLUG.get(slug);
}
