/**
 * The marketing and analytics tags we recognize: a stable slug (the API's `kind`, never renamed)
 * and the name a person reads. Apps that also track (Klaviyo, Lucky Orange …) are apps, not tags:
 * lib/apps reports them.
 */
export const TAG_KINDS = {
  "google-analytics-4": "Google Analytics 4",
  "universal-analytics": "Google Analytics (Universal)",
  "google-ads": "Google Ads",
  "google-tag": "Google tag",
  "google-tag-manager": "Google Tag Manager",
  "google-optimize": "Google Optimize",
  "meta-pixel": "Meta pixel",
  "tiktok-pixel": "TikTok pixel",
  "pinterest-tag": "Pinterest tag",
  "snapchat-pixel": "Snapchat pixel",
  "microsoft-clarity": "Microsoft Clarity",
  hotjar: "Hotjar",
  "microsoft-ads": "Microsoft Ads (Bing UET)",
  "x-pixel": "X (Twitter) pixel",
  "reddit-pixel": "Reddit pixel",
  "quora-pixel": "Quora pixel",
  quantcast: "Quantcast",
  "linkedin-insight": "LinkedIn Insight tag",
  liveintent: "LiveIntent",
  "spotify-pixel": "Spotify Ads pixel",
  "tvscientific-pixel": "tvScientific pixel",
  "convert-experiments": "Convert Experiments",
  "sm-beacon": "SM beacon (analytics-sm.com)",
  "pro-market": "Pro-Market ad pixel",
  utmify: "Utmify",
  "taboola-pixel": "Taboola pixel",
  "outbrain-pixel": "Outbrain pixel",
  "kwai-pixel": "Kwai pixel",
} as const;

export type TagKind = keyof typeof TAG_KINDS;

export const TAG_KIND_SLUGS = Object.keys(TAG_KINDS) as [TagKind, ...TagKind[]];

/**
 * The kind of a Google tag id, told by its prefix (gtag.js and Shopify's Google app take all of
 * them in one list). Ids of other Google products (MC- Merchant Center, DC- Floodlight) are no
 * tag of the storefront: null.
 */
export function googleTagKind(id: string): TagKind | null {
  if (id.startsWith("G-")) return "google-analytics-4";
  if (id.startsWith("AW-")) return "google-ads";
  if (id.startsWith("UA-")) return "universal-analytics";
  if (id.startsWith("GTM-")) return "google-tag-manager";
  if (id.startsWith("GT-")) return "google-tag";

  return null;
}

/** A Google tag id as gtag.js takes it: prefix and 4 to 14 capitals, digits or dashes (UA-123-1). */
export const GOOGLE_TAG_ID = /^(?:G|AW|UA|GTM|GT)-[A-Z0-9][A-Z0-9-]{3,13}$/;

/** A tag kind's name for people; a kind stored before it was renamed reads as its words. */
export function tagKindName(kind: string): string {
  const known = (TAG_KINDS as Record<string, string>)[kind];
  if (known) return known;
  const words = kind.replaceAll("-", " ");

  return words.charAt(0).toUpperCase() + words.slice(1);
}
