import { readBoundValue } from "@/lib/storefront-html/script-literals";
import type { TagCollector } from "./collect-tags";
import { googleIdsOfLabels } from "./from-web-pixels";
import { googleTagKind, type TagKind } from "./tag-kinds";

const MAX_IDS_PER_CHANNEL = 20;
const MAX_GTAG_EVENTS = 50;

type Channels = Record<string, unknown>;

function field(channels: Channels, channel: string, key: string): unknown {
  const settings = channels[channel];
  return typeof settings === "object" && settings !== null ? (settings as Record<string, unknown>)[key] : undefined;
}

function strings(value: unknown): string[] {
  const list = Array.isArray(value) ? (value as unknown[]) : [value];
  return list.slice(0, MAX_IDS_PER_CHANNEL).filter((item): item is string => typeof item === "string");
}

/** Shopify's own sales-channel pixels, as trekkie settings name them, with the key of their ids. */
const CHANNELS: readonly { channel: string; key: string; kind: TagKind; id: RegExp }[] = [
  { channel: "Facebook Pixel", key: "pixelIds", kind: "meta-pixel", id: /^\d{6,20}$/ },
  { channel: "Pinterest Pixel", key: "pixelId", kind: "pinterest-tag", id: /^\d{6,20}$/ },
  { channel: "TikTok Pixel", key: "pixelId", kind: "tiktok-pixel", id: /^[A-Z0-9]{10,30}$/ },
];

/**
 * The tags in the settings older storefronts hand to Shopify's analytics, `trekkie.load({...})`:
 * Universal Analytics, the Google channel's gtag ids, Meta, Pinterest and TikTok pixels.
 */
export function readTrekkieTags(inlineScripts: readonly string[], tags: TagCollector) {
  const scripts = inlineScripts.filter((text) => text.includes("trekkie.load"));
  const value = readBoundValue(scripts, "trekkie.load", "(");
  if (typeof value !== "object" || value === null || Array.isArray(value)) return;
  const channels = value as Channels;
  const add = (kind: TagKind, id: string, evidence: string) => tags.add(kind, id, { evidence, source: "trekkie", confidence: "high" });

  for (const id of strings(field(channels, "Google Analytics", "trackingId")))
    if (/^UA-\d{4,12}-\d{1,4}$/.test(id)) add("universal-analytics", id, `trekkie "Google Analytics" trackingId ${id}`);
  const events = field(channels, "Google Gtag Pixel", "eventLabels");
  const labels = [
    ...googleIdsOfLabels(field(channels, "Google Gtag Pixel", "conversionId")),
    ...(Array.isArray(events) ? (events as unknown[]) : [])
      .slice(0, MAX_GTAG_EVENTS)
      .flatMap((event) => googleIdsOfLabels((event as { action_label?: unknown } | null)?.action_label)),
  ];
  for (const id of labels) {
    const kind = googleTagKind(id);
    if (kind) add(kind, id, `trekkie "Google Gtag Pixel" ${id}`);
  }
  for (const { channel, key, kind, id: pattern } of CHANNELS)
    for (const id of strings(field(channels, channel, key))) if (pattern.test(id)) add(kind, id, `trekkie "${channel}" ${key} ${id}`);
}
