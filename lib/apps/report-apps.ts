import type { CheerioAPI } from "cheerio";
import type { DetectedApp, UnidentifiedApp } from "@/lib/storefront-html/schemas";
import { detectAppTraces } from "./detect-apps";
import { findAppBySlug } from "./index";

/**
 * The apps of a parsed storefront page as the report and the storefront artifact keep them: each
 * catalogue app with its name, category, strongest trace and whether it is Shopify's own, and the
 * apps Shopify names there that the catalogue does not know.
 */
export function reportStorefrontApps($: CheerioAPI): { apps: DetectedApp[]; unidentified: UnidentifiedApp[] } {
  const detection = detectAppTraces($);
  const apps = detection.apps.flatMap(({ slug, evidence, source, confidence }) => {
    const app = findAppBySlug(slug);
    if (!app) return [];

    return [
      {
        slug,
        name: app.name,
        category: app.category,
        evidence,
        source,
        confidence,
        ...(app.firstParty ? { first_party: true as const } : {}),
      },
    ];
  });

  return { apps, unidentified: detection.unidentified };
}
