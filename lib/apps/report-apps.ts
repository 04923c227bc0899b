import type { CheerioAPI } from "cheerio";
import { readPageSignals } from "@/lib/storefront-html/page-signals";
import type { Confidence, DetectedApp, EvidenceSource, UnidentifiedApp } from "@/lib/storefront-html/schemas";
import { detectTechnologies } from "@/lib/technologies/detect-technologies";
import { detectAppTraces, type DetectOptions } from "./detect-apps";
import { findAppBySlug } from "./index";
import { catalogAppNamedByScriptTags, scriptHostApps } from "./script-host-apps";

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

/** Sources that only an app puts on a page: Shopify's ScriptTag loader lists what apps registered through the Admin API. */
const SCRIPT_TAG_SOURCES: ReadonlySet<string> = new Set(["script-tag", "proxied-script-tag"]);

/**
 * The apps of a parsed storefront page, and the apps Shopify names there that the catalog does not
 * know. Apps are our catalog's (detect-apps), then from the technology list (lib/technologies):
 * the fingerprint base's Shopify apps (kind "app") matched by a host the page loads, and any other
 * technology of the list Shopify's ScriptTag loader lists (only an installed app registers a
 * ScriptTag: Ryviu's widget, Kount's proxied script). One list of apps, so the apps finding,
 * store_apps and /apps count them all. The base's entries for our catalog's apps were left out
 * when it was imported and when the list is built (same slug, name or host), so an app is
 * reported once; a slug already reported is not added again.
 */
export function reportStorefrontApps(
  $: CheerioAPI,
  options: Pick<DetectOptions, "storeHost"> = {},
): { apps: DetectedApp[]; unidentified: UnidentifiedApp[] } {
  const detection = detectAppTraces($, options);
  const apps = detection.apps.flatMap((trace) => {
    const app = reportedApp(trace);
    return app ? [app] : [];
  });
  const page = readPageSignals($);
  // A ScriptTag on a shared host (a CloudFront id, a cloud tenant) named by a catalog app's name in its URL.
  for (const trace of catalogAppNamedByScriptTags(page)) {
    const app = apps.some((found) => found.slug === trace.slug) ? null : reportedApp(trace);
    if (app) apps.push(app);
  }
  const reported = new Set(apps.map((app) => app.slug));
  const technologies = detectTechnologies(page);
  for (const tech of technologies) {
    if (tech.kind === "tag" || reported.has(tech.slug)) continue;
    const scriptTag = tech.evidence.find((trace) => SCRIPT_TAG_SOURCES.has(trace.source ?? ""));
    // Its strongest trace (evidence comes strongest first); a global or a class alone shows no app.
    const trace = tech.kind === "app" ? tech.evidence[0] : scriptTag;
    if (!trace || trace.confidence === "low") continue;
    reported.add(tech.slug);
    apps.push({
      slug: tech.slug,
      name: tech.name,
      category: tech.category,
      evidence: trace.evidence,
      source: trace.source,
      confidence: trace.confidence,
      ...(tech.first_party ? { first_party: true as const } : {}),
    });
  }

  const unidentified = [
    ...detection.unidentified,
    ...scriptHostApps(page, options.storeHost ?? null, { apps, unidentified: detection.unidentified, technologies }),
  ];

  return { apps, unidentified };
}
