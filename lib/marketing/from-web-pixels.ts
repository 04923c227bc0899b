import type { WebPixel } from "@/lib/storefront-html/web-pixels";
import type { TagCollector } from "./collect-tags";
import type { CustomPixels } from "./schemas";
import { GOOGLE_TAG_ID, googleTagKind, type TagKind } from "./tag-kinds";

/** Shopify apps whose web pixel is a tag, by API client id, and the configuration key holding its id. */
const APP_PIXELS: ReadonlyMap<number, { kind: TagKind; key: string; id: RegExp }> = new Map([
  [2329312, { kind: "meta-pixel", key: "pixel_id", id: /^\d{6,20}$/ }],
  [3009811, { kind: "pinterest-tag", key: "tagID", id: /^\d{6,20}$/ }],
  [4383523, { kind: "tiktok-pixel", key: "pixelCode", id: /^[A-Z0-9]{10,30}$/ }],
  [2556259, { kind: "snapchat-pixel", key: "pixelId", id: /^[0-9a-fA-F-]{36}$/ }],
]);

/** Shopify's Google & YouTube app: `config` is JSON again, with `pixel_id` and each event's `action_label`s. */
const GOOGLE_APP = 1780363;
const MAX_GOOGLE_EVENTS = 50;

function parseObject(text: unknown): Record<string, unknown> | null {
  if (typeof text !== "string") return null;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * The Google tag ids of a gtag configuration: `AW-123/label` is conversion label of Google Ads
 * account AW-123; Merchant Center ids (MC-…) are no tag.
 */
export function googleIdsOfLabels(labels: unknown): string[] {
  const list = Array.isArray(labels) ? (labels as unknown[]) : [labels];

  return list.flatMap((label) => {
    if (typeof label !== "string") return [];
    const id = label.split("/", 1)[0] as string;
    return GOOGLE_TAG_ID.test(id) && googleTagKind(id) ? [id] : [];
  });
}

function addGooglePixel(pixel: WebPixel, tags: TagCollector) {
  const config = parseObject(pixel.configuration?.config);
  if (!config) return;
  const events = Array.isArray(config.gtag_events) ? (config.gtag_events as unknown[]).slice(0, MAX_GOOGLE_EVENTS) : [];
  // `google_tag_ids` lists every tag the app loads, the combined Google tag (GT-…) among them.
  const tagIds = Array.isArray(config.google_tag_ids) ? (config.google_tag_ids as unknown[]).slice(0, MAX_GOOGLE_EVENTS) : [];
  const ids = [
    ...googleIdsOfLabels(config.pixel_id),
    ...googleIdsOfLabels(tagIds),
    ...events.flatMap((event) => googleIdsOfLabels((event as { action_label?: unknown } | null)?.action_label)),
  ];
  for (const id of ids) {
    const kind = googleTagKind(id);
    if (kind)
      tags.add(kind, id, {
        evidence: `web pixel ${pixel.id} (Google & YouTube app ${GOOGLE_APP}) ${id === config.pixel_id ? "pixel_id" : tagIds.includes(id) ? "google_tag_ids" : "gtag event"} ${id}`,
        source: "web-pixel",
        confidence: "high",
      });
  }
}

/** The tags of Shopify's web pixel list (app pixels that carry an id) and its custom pixels. */
export function readWebPixelTags(pixels: readonly WebPixel[], tags: TagCollector): CustomPixels {
  const names: string[] = [];
  let count = 0;
  for (const pixel of pixels) {
    if (pixel.shopifyOwn) continue;
    if (pixel.type === "CUSTOM") {
      count += 1;
      if (pixel.name) names.push(pixel.name);
      continue;
    }
    if (pixel.apiClientId === GOOGLE_APP) {
      addGooglePixel(pixel, tags);
      continue;
    }
    const app = pixel.apiClientId === null ? undefined : APP_PIXELS.get(pixel.apiClientId);
    const id = app && pixel.configuration?.[app.key];
    if (app && typeof id === "string" && app.id.test(id))
      tags.add(app.kind, id, {
        evidence: `web pixel ${pixel.id} (app ${pixel.apiClientId}) ${app.key} ${id}`,
        source: "web-pixel",
        confidence: "high",
      });
  }

  return { count, names };
}
