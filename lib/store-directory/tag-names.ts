/** Display names of marketing tag kinds, for the directory's filters and the app directory's counts. */
const TAG_NAMES: Record<string, string> = {
  "google-analytics-4": "Google Analytics 4",
  "universal-analytics": "Universal Analytics",
  "google-tag-manager": "Google Tag Manager",
  "google-ads": "Google Ads",
  "meta-pixel": "Meta Pixel",
  "tiktok-pixel": "TikTok Pixel",
  "pinterest-tag": "Pinterest Tag",
  "snapchat-pixel": "Snap Pixel",
  "microsoft-clarity": "Microsoft Clarity",
  hotjar: "Hotjar",
  "bing-uet": "Microsoft Advertising UET",
  "x-pixel": "X Pixel",
  "linkedin-insight": "LinkedIn Insight Tag",
  "reddit-pixel": "Reddit Pixel",
  "custom-pixel": "Custom pixel",
};

/** A tag kind's name; a kind without one reads as its words ("some-new-tag" → "Some new tag"). */
export function tagName(kind: string): string {
  const known = TAG_NAMES[kind];
  if (known) return known;
  const words = kind.replaceAll("-", " ");

  return words.charAt(0).toUpperCase() + words.slice(1);
}
