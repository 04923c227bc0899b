import type { Confidence } from "@/lib/storefront-html/schemas";
import type { TagKind } from "./tag-kinds";

/**
 * How a tag shows in a URL (a script's src, a <noscript> image, an iframe) or in an inline
 * snippet: a literal `marker` found with indexOf, then `pattern`, anchored at the marker, tried
 * on the next WINDOW characters only — so no pattern ever runs over more than that, however
 * large the page. Group 1 is the id; "google" rules take the kind from the id's prefix.
 */
export type MarkerRule = {
  marker: string;
  pattern: RegExp;
  kind: TagKind | "google";
  /** url: script src, image, iframe; inline: inline script text (and the ScriptTag URLs listed in it); both. */
  where: "url" | "inline" | "both";
  /** The text must also contain this (UET's short `ti:` counts only beside bat.bing.com). */
  requires?: string;
  /** Written before the matched id (`AW-` for the digits of an older Google Ads snippet). */
  prefix?: string;
  confidence: Confidence;
};

/** Characters after a marker a pattern may read: a snippet's call with its spacing and quotes. */
export const WINDOW = 160;

const Q = `['"]`;
const GOOGLE_ID = "((?:G|AW|UA|GTM|GT)-[A-Z0-9][A-Z0-9-]{3,13})";
const UUID = "([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})";

/** `name(` then quoted arguments: `fbq('init', '123')` is call("fbq", ["init"], "(\\d{6,20})"). */
function call(name: string, args: string[], id: string): RegExp {
  const leading = args.map((arg) => `${Q}${arg}${Q}\\s*,\\s*`).join("");
  return new RegExp(`^${name.replace(/[.$]/g, "\\$&")}\\(\\s*${leading}${Q}${id}${Q}`);
}

export const MARKER_RULES: readonly MarkerRule[] = [
  // Google: gtag.js, Tag Manager (script, snippet, noscript iframe), Optimize, analytics.js.
  {
    marker: "googletagmanager.com/gtag/js?id=",
    pattern: new RegExp(`^googletagmanager\\.com/gtag/js\\?id=${GOOGLE_ID}(?![\\w-])`),
    kind: "google",
    where: "both",
    confidence: "high",
  },
  { marker: "gtag(", pattern: call("gtag", ["config"], GOOGLE_ID), kind: "google", where: "inline", confidence: "high" },
  {
    marker: "googletagmanager.com/gtm.js?id=",
    pattern: /^googletagmanager\.com\/gtm\.js\?id=(GTM-[A-Z0-9]{4,12})(?![\w-])/,
    kind: "google-tag-manager",
    where: "both",
    confidence: "high",
  },
  {
    // A saved copy renames the file (`ns5f2a.html?id=…`); the container id is what counts.
    marker: "googletagmanager.com/ns",
    pattern: /^googletagmanager\.com\/ns[a-z0-9]{0,8}\.html\?id=(GTM-[A-Z0-9]{4,12})(?![\w-])/,
    kind: "google-tag-manager",
    where: "both",
    confidence: "high",
  },
  // The container snippet: (window,document,'script','dataLayer','GTM-XXXX').
  {
    marker: "dataLayer",
    pattern: new RegExp(`^dataLayer${Q}\\s*,\\s*${Q}(GTM-[A-Z0-9]{4,12})${Q}`),
    kind: "google-tag-manager",
    where: "inline",
    confidence: "high",
  },
  {
    marker: "googleoptimize.com/optimize.js?id=",
    pattern: /^googleoptimize\.com\/optimize\.js\?id=((?:GTM|OPT)-[A-Z0-9]{4,12})(?![\w-])/,
    kind: "google-optimize",
    where: "both",
    confidence: "high",
  },
  // Google Ads' older conversion snippet and its image: the account number is the AW- id.
  {
    marker: "google_conversion_id",
    pattern: /^google_conversion_id\s*=\s*["']?(\d{6,12})(?!\w)/,
    kind: "google-ads",
    prefix: "AW-",
    where: "inline",
    confidence: "high",
  },
  {
    marker: "googleads.g.doubleclick.net/pagead/viewthroughconversion/",
    pattern: /^googleads\.g\.doubleclick\.net\/pagead\/viewthroughconversion\/(\d{6,12})\//,
    kind: "google-ads",
    prefix: "AW-",
    where: "url",
    confidence: "high",
  },
  {
    marker: "ga(",
    pattern: call("ga", ["create"], "(UA-\\d{4,12}-\\d{1,4})"),
    kind: "universal-analytics",
    where: "inline",
    confidence: "high",
  },
  // Meta
  { marker: "fbq(", pattern: call("fbq", ["init"], "(\\d{6,20})"), kind: "meta-pixel", where: "inline", confidence: "high" },
  {
    marker: "facebook.com/tr?id=",
    pattern: /^facebook\.com\/tr\?id=(\d{6,20})(?!\w)/,
    kind: "meta-pixel",
    where: "url",
    confidence: "high",
  },
  {
    marker: "facebook.com/tr/?id=",
    pattern: /^facebook\.com\/tr\/\?id=(\d{6,20})(?!\w)/,
    kind: "meta-pixel",
    where: "url",
    confidence: "high",
  },
  // fbevents.js fetches the pixel's configuration by its id.
  {
    marker: "connect.facebook.net/signals/config/",
    pattern: /^connect\.facebook\.net\/signals\/config\/(\d{6,20})(?!\w)/,
    kind: "meta-pixel",
    where: "both",
    confidence: "high",
  },
  // TikTok
  { marker: "ttq.load(", pattern: call("ttq.load", [], "([A-Z0-9]{10,30})"), kind: "tiktok-pixel", where: "inline", confidence: "high" },
  {
    marker: "analytics.tiktok.com/i18n/pixel/events",
    pattern: /^analytics\.tiktok\.com\/i18n\/pixel\/events[a-z0-9]{0,8}\.js\?sdkid=([A-Z0-9]{10,30})(?!\w)/,
    kind: "tiktok-pixel",
    where: "both",
    confidence: "high",
  },
  // Pinterest
  { marker: "pintrk(", pattern: call("pintrk", ["load"], "(\\d{6,20})"), kind: "pinterest-tag", where: "inline", confidence: "high" },
  {
    marker: "ct.pinterest.com/v3/?",
    pattern: /^ct\.pinterest\.com\/v3\/\?[\w=&%.-]{0,60}?\btid=(\d{6,20})(?!\w)/,
    kind: "pinterest-tag",
    where: "url",
    confidence: "high",
  },
  // Snapchat: the snippet, and the Snapchat app's ScriptTag (…/shopify-scevent.js?id=<uuid>).
  { marker: "snaptr(", pattern: call("snaptr", ["init"], UUID), kind: "snapchat-pixel", where: "inline", confidence: "high" },
  {
    marker: "intg.snapchat.com/shopify/shopify-scevent.js?id=",
    pattern: new RegExp(`^intg\\.snapchat\\.com/shopify/shopify-scevent\\.js\\?id=${UUID}`),
    kind: "snapchat-pixel",
    where: "both",
    confidence: "high",
  },
  // Microsoft Clarity: the snippet's (window, document, "clarity", "script", "<id>") and its script.
  {
    marker: "clarity",
    pattern: new RegExp(`^clarity${Q}\\s*,\\s*${Q}script${Q}\\s*,\\s*${Q}([a-z0-9]{6,14})${Q}`),
    kind: "microsoft-clarity",
    where: "inline",
    confidence: "high",
  },
  {
    marker: "clarity.ms/tag/",
    pattern: /^clarity\.ms\/tag\/([a-z0-9]{6,14})(?![\w-])/,
    kind: "microsoft-clarity",
    where: "both",
    confidence: "high",
  },
  // Hotjar: _hjSettings={hjid:123,hjsv:6}.
  { marker: "hjid", pattern: /^hjid\s*["']?\s*:\s*["']?(\d{4,12})(?!\w)/, kind: "hotjar", where: "inline", confidence: "high" },
  // Microsoft Ads (UET): {ti:"123"} in the bat.js loader, or bat.bing.com/action/0?ti= images.
  {
    marker: "ti:",
    pattern: /^ti:\s*["']?(\d{4,12})(?!\w)/,
    kind: "microsoft-ads",
    where: "inline",
    requires: "bat.bing.com",
    confidence: "high",
  },
  {
    marker: "bat.bing.com/action/0?ti=",
    pattern: /^bat\.bing\.com\/action\/0\?ti=(\d{4,12})(?!\w)/,
    kind: "microsoft-ads",
    where: "url",
    confidence: "high",
  },
  // X (Twitter)
  {
    marker: "twq(",
    pattern: new RegExp(`^twq\\(\\s*${Q}(?:init|config)${Q}\\s*,\\s*${Q}([a-z0-9]{4,10})${Q}`),
    kind: "x-pixel",
    where: "inline",
    confidence: "high",
  },
  // Reddit, Quora, Quantcast, LinkedIn
  { marker: "rdt(", pattern: call("rdt", ["init"], "([A-Za-z0-9_]{4,30})"), kind: "reddit-pixel", where: "inline", confidence: "high" },
  { marker: "qp(", pattern: call("qp", ["init"], "([0-9a-f]{32})"), kind: "quora-pixel", where: "inline", confidence: "high" },
  {
    marker: "q.quora.com/_/ad/",
    pattern: /^q\.quora\.com\/_\/ad\/([0-9a-f]{32})\//,
    kind: "quora-pixel",
    where: "url",
    confidence: "high",
  },
  {
    marker: "qacct",
    pattern: /^qacct\s*["']?\s*:\s*["'](p-[A-Za-z0-9_-]{8,20})["']/,
    kind: "quantcast",
    where: "inline",
    confidence: "high",
  },
  {
    marker: "_linkedin_partner_id",
    pattern: /^_linkedin_partner_id\s*=\s*["']?(\d{3,12})(?!\w)/,
    kind: "linkedin-insight",
    where: "inline",
    confidence: "high",
  },
  {
    marker: "px.ads.linkedin.com/collect/?pid=",
    pattern: /^px\.ads\.linkedin\.com\/collect\/\?pid=(\d{3,12})(?!\w)/,
    kind: "linkedin-insight",
    where: "url",
    confidence: "high",
  },
  // Smaller ad and analytics vendors seen on storefronts.
  { marker: "liadm.com/", pattern: /^liadm\.com\/(a-[a-z0-9]{3,8})\.min\.js/, kind: "liveintent", where: "both", confidence: "high" },
  {
    marker: "spdt(",
    pattern: new RegExp(`^spdt\\(\\s*${Q}conf${Q}\\s*,\\s*\\{\\s*key\\s*:\\s*${Q}([0-9a-f]{32})${Q}`),
    kind: "spotify-pixel",
    where: "inline",
    confidence: "high",
  },
  {
    marker: "tvscientific-pix-",
    pattern: /^(tvscientific-pix-[a-z]-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/,
    kind: "tvscientific-pixel",
    where: "both",
    requires: "tvspix.com",
    confidence: "medium",
  },
  {
    marker: "convertexperiments.com/v1/js/",
    pattern: /^convertexperiments\.com\/v1\/js\/(\d{4,12}-\d{4,12})\.js/,
    kind: "convert-experiments",
    where: "both",
    confidence: "high",
  },
  // Taboola (its pixel `_tfa`), Outbrain, Kwai.
  {
    marker: "cdn.taboola.com/libtrc/unip/",
    pattern: /^cdn\.taboola\.com\/libtrc\/unip\/(\d{4,10})\/tfa\.js/,
    kind: "taboola-pixel",
    where: "both",
    confidence: "high",
  },
  {
    marker: "_tfa.push(",
    pattern: /^_tfa\.push\(\s*\{[^}]{0,120}?\bid\s*:\s*["']?(\d{4,10})(?!\w)/,
    kind: "taboola-pixel",
    where: "inline",
    confidence: "high",
  },
  {
    marker: "OB_ADV_ID",
    pattern: /^OB_ADV_ID\s*=\s*["']([0-9a-f]{20,40})["']/,
    kind: "outbrain-pixel",
    where: "inline",
    confidence: "high",
  },
  { marker: "kwaiq.load(", pattern: call("kwaiq.load", [], "(\\d{10,25})"), kind: "kwai-pixel", where: "inline", confidence: "high" },
  { marker: "sm_beacon(", pattern: call("sm_beacon", ["setup", "beacon"], UUID), kind: "sm-beacon", where: "inline", confidence: "medium" },
  {
    marker: "pbid.pro-market.net/engine?",
    pattern: /^pbid\.pro-market\.net\/engine\?[\w=&%.-]{0,80}?&(site=\d{3,10})(?!\w)/,
    kind: "pro-market",
    where: "both",
    confidence: "medium",
  },
];

/**
 * Scripts that load a tag whose id the page does not show: the tag is there, its account is not
 * known. Only a script element counts (a resource hint or a mention in text loads nothing).
 */
export const SCRIPT_HOST_RULES: readonly { marker: string; kind: TagKind }[] = [
  { marker: "connect.facebook.net/", kind: "meta-pixel" },
  { marker: "analytics.tiktok.com/i18n/pixel/", kind: "tiktok-pixel" },
  { marker: "s.pinimg.com/ct/core.js", kind: "pinterest-tag" },
  { marker: "sc-static.net/scevent.min.js", kind: "snapchat-pixel" },
  { marker: "static.hotjar.com/", kind: "hotjar" },
  { marker: "bat.bing.com/bat.js", kind: "microsoft-ads" },
  { marker: "static.ads-twitter.com/uwt.js", kind: "x-pixel" },
  { marker: "redditstatic.com/ads/pixel.js", kind: "reddit-pixel" },
  { marker: "snap.licdn.com/li.lms-analytics/", kind: "linkedin-insight" },
  { marker: "cdn.utmify.com.br/scripts/", kind: "utmify" },
];
