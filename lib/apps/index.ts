import type { App } from "./schemas";
import { APP_CATALOGUE } from "./catalogue";

export { APP_CATEGORIES, appCatalogueSchema, appCategorySchema, appPatternsSchema, appSchema } from "./schemas";
export type { App, AppCategory, AppPatterns } from "./schemas";
export { APP_CATALOGUE } from "./catalogue";
export { APP_CATEGORY_LABELS, appCategoryLabel } from "./category-labels";
export { detectApps, detectAppsInDocument, detectAppTraces } from "./detect-apps";
export type { AppDetection, DetectedApp, DetectOptions } from "./detect-apps";
export { syncAppCatalogue } from "./sync-app-catalogue";

const BY_SLUG = new Map<string, App>(APP_CATALOGUE.map((app) => [app.slug, app]));

/** The catalogue entry for a slug, or undefined when the slug is unknown. */
export function findAppBySlug(slug: string): App | undefined {
  return BY_SLUG.get(slug);
}
