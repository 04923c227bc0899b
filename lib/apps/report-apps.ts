import type { CheerioAPI } from "cheerio";
import type { Confidence, DetectedApp, EvidenceSource, UnidentifiedApp } from "@/lib/storefront-html/schemas";
import { detectAppTraces, type DetectOptions } from "./detect-apps";
import { findAppBySlug } from "./index";

/**
 * A catalog app as the report and the storefront artifact keep it, from one of its traces: its
 * name, category, the trace, and whether it is Shopify's own; null for a slug the catalog does
 * not know. Both detect-apps and the render report apps through it.
 */
export function reportedApp(trace: {
  slug: string;
  evidence: string;
  source?: EvidenceSource;
  confidence?: Confidence;
}): DetectedApp | null {
  const app = findAppBySlug(trace.slug);
  if (!app) return null;

  return {
    slug: trace.slug,
    name: app.name,
    category: app.category,
    evidence: trace.evidence,
    source: trace.source,
    confidence: trace.confidence,
    ...(app.firstParty ? { first_party: true as const } : {}),
  };
}

/** The apps of a parsed storefront page, and the apps Shopify names there that the catalog does not know. */
export function reportStorefrontApps(
  $: CheerioAPI,
  options: Pick<DetectOptions, "storeHost"> = {},
): { apps: DetectedApp[]; unidentified: UnidentifiedApp[] } {
  const detection = detectAppTraces($, options);
  const apps = detection.apps.flatMap((trace) => {
    const app = reportedApp(trace);
    return app ? [app] : [];
  });

  return { apps, unidentified: detection.unidentified };
}
