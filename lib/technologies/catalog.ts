import { TAG_KINDS, type TagKind } from "@/lib/marketing/tag-kinds";
import type { TechnologyCategory } from "./categories";
import fingerprintFile from "./fingerprints.json";
import { type Claim, claimedBy, nameKey } from "./overlap";
import {
  APP_DETECTOR_SOURCE,
  appDetectorFileSchema,
  FINGERPRINT_SOURCE,
  type Fingerprint,
  fingerprintFileSchema,
  type ImportedSource,
  type TechnologyKind,
  type TechnologySource,
} from "./schemas";
import appDetectorFile from "./shopify-app-detector.json";

/**
 * One technology StoreLens can report: an app of the hand-written app catalog, a marketing tag
 * kind, or an entry of an imported base (the list of Shopify apps, the fingerprint base). `hosts`, `globals` and `markup` are what the
 * technology detector matches (imported and hand-added technologies only: apps and tags have
 * their own detectors, tuned on real pages, and join the list by slug).
 */
export type Technology = {
  slug: string;
  name: string;
  category: TechnologyCategory;
  website: string | null;
  kind: TechnologyKind;
  source: TechnologySource;
  hosts: readonly string[];
  globals: readonly string[];
  markup: readonly string[];
  firstParty?: true;
};

/** Category and hosts of each tag kind: the hosts only its tag loads, so an imported entry naming one is that tag. */
const TAG_TECHNOLOGIES: Record<TagKind, { category: TechnologyCategory; hosts: string[]; aliases?: string[] }> = {
  "google-analytics-4": {
    category: "analytics",
    hosts: ["googletagmanager.com/gtag/js", "google-analytics.com/"],
    aliases: ["Google Analytics"],
  },
  "universal-analytics": { category: "analytics", hosts: ["google-analytics.com/analytics.js", "google-analytics.com/ga.js"] },
  "google-ads": { category: "advertising", hosts: ["googleadservices.com/"], aliases: ["Google Ads Conversion Tracking"] },
  "google-tag": { category: "tag-manager", hosts: [] },
  "google-tag-manager": { category: "tag-manager", hosts: ["googletagmanager.com/gtm.js", "googletagmanager.com/ns.html"] },
  "google-optimize": { category: "ab-testing", hosts: ["googleoptimize.com/"] },
  "meta-pixel": { category: "advertising", hosts: ["connect.facebook.net/"], aliases: ["Facebook Pixel", "Facebook"] },
  "tiktok-pixel": { category: "advertising", hosts: ["analytics.tiktok.com/"] },
  "pinterest-tag": { category: "advertising", hosts: ["s.pinimg.com/ct/"], aliases: ["Pinterest Conversion Tag"] },
  "snapchat-pixel": { category: "advertising", hosts: ["sc-static.net/scevent"], aliases: ["Snap Pixel"] },
  "microsoft-clarity": { category: "analytics", hosts: ["clarity.ms/"] },
  hotjar: { category: "analytics", hosts: ["static.hotjar.com/", "script.hotjar.com/"] },
  "microsoft-ads": { category: "advertising", hosts: ["bat.bing.com/"], aliases: ["Microsoft Advertising"] },
  "x-pixel": { category: "advertising", hosts: ["static.ads-twitter.com/"], aliases: ["Twitter Ads"] },
  "reddit-pixel": { category: "advertising", hosts: ["redditstatic.com/ads/"], aliases: ["Reddit Ads"] },
  "quora-pixel": { category: "advertising", hosts: ["a.quora.com/"] },
  quantcast: { category: "advertising", hosts: ["quantserve.com/"], aliases: ["Quantcast Measure"] },
  "linkedin-insight": { category: "advertising", hosts: ["snap.licdn.com/"], aliases: ["LinkedIn Insight Tag"] },
  liveintent: { category: "advertising", hosts: ["liadm.com"] },
  "spotify-pixel": { category: "advertising", hosts: ["pixel.byspotify.com"] },
  "tvscientific-pixel": { category: "advertising", hosts: ["tvscientific.com/"] },
  "convert-experiments": { category: "ab-testing", hosts: ["convertexperiments.com/"], aliases: ["Convert"] },
  "sm-beacon": { category: "analytics", hosts: ["analytics-sm.com/"] },
  "pro-market": { category: "advertising", hosts: ["pro-market.net/"] },
  utmify: { category: "analytics", hosts: ["cdn.utmify.com.br/"] },
  "taboola-pixel": { category: "advertising", hosts: ["cdn.taboola.com/libtrc/unip/"], aliases: ["Taboola"] },
  "outbrain-pixel": { category: "advertising", hosts: [], aliases: ["Outbrain"] },
  "kwai-pixel": { category: "advertising", hosts: [] },
};

/** Every host pattern a tag kind loads (its own detector reads the tags; this only says a URL is one). */
export const TAG_HOST_PATTERNS: readonly { pattern: string; kind: TagKind }[] = (
  Object.entries(TAG_TECHNOLOGIES) as [TagKind, (typeof TAG_TECHNOLOGIES)[TagKind]][]
).flatMap(([kind, tag]) => tag.hosts.map((pattern) => ({ pattern, kind })));

/**
 * Technologies neither an app nor a tag that the imported base misses or names too loosely, with
 * the hosts their current loaders use (Sentry's loader script, Optimizely's snippet host).
 */
const HAND_TECHNOLOGIES: readonly (Omit<Technology, "kind" | "source"> & { aliases?: string[] })[] = [
  {
    slug: "sentry",
    name: "Sentry",
    category: "error-tracking",
    website: "https://sentry.io",
    hosts: ["js.sentry-cdn.com", "browser.sentry-cdn.com"],
    globals: ["__SENTRY__", "Sentry.init"],
    markup: [],
  },
  {
    slug: "optimizely",
    name: "Optimizely",
    category: "ab-testing",
    website: "https://www.optimizely.com",
    hosts: ["cdn.optimizely.com", "cdn-pci.optimizely.com"],
    globals: ["optimizely"],
    markup: [],
  },
  {
    slug: "amazon-pay",
    name: "Amazon Pay",
    category: "payments-bnpl",
    website: "https://pay.amazon.com",
    hosts: ["payments-amazon.com", "amazonpay.com/"],
    globals: ["OffAmazonPayments", "AmazonPayments"],
    markup: [],
  },
  // Seen on storefronts where the base's hosts are out of date or missing.
  {
    slug: "kount",
    name: "Kount",
    category: "security",
    website: "https://kount.com",
    // Its ScriptTag, usually proxied by Shopify (cdn.shopify.com/proxy/<hash>/api.kount.com/shopify/js).
    hosts: ["api.kount.com/shopify/", "shopify.kount.net"],
    globals: ["ka.ClientSDK"],
    markup: [],
  },
  {
    slug: "adroll",
    name: "AdRoll",
    category: "advertising",
    website: "https://www.adroll.com",
    hosts: ["adroll.com"],
    globals: ["adroll_adv_id", "adroll_pix_id"],
    markup: [],
  },
  {
    slug: "mouseflow",
    name: "Mouseflow",
    category: "analytics",
    website: "https://mouseflow.com",
    hosts: ["cdn.mouseflow.com"],
    globals: ["mouseflow", "_mfq"],
    markup: [],
  },
  {
    slug: "adobe-fonts",
    name: "Adobe Fonts",
    category: "fonts",
    website: "https://fonts.adobe.com",
    hosts: ["use.typekit.net", "use.typekit.com"],
    globals: [],
    markup: [],
    aliases: ["Typekit"],
  },
  {
    slug: "rakuten-advertising",
    name: "Rakuten Advertising",
    category: "advertising",
    website: "https://rakutenadvertising.com",
    hosts: ["js.rmtag.com", "tag.rmp.rakuten.com"],
    globals: [],
    markup: [],
  },
];

/**
 * An app of the hand-written catalog as the list takes it (lib/apps/catalog.ts's App): lib/apps
 * builds the whole list (lib/apps/technologies.ts), so this folder does not depend on it.
 */
export type HandApp = {
  slug: string;
  name: string;
  category: TechnologyCategory;
  website: string;
  patterns: { src?: readonly string[] };
  firstParty?: true;
};

function appTechnology(app: HandApp): Technology {
  return {
    slug: app.slug,
    name: app.name,
    category: app.category,
    website: app.website,
    kind: "app",
    source: "hand",
    hosts: [],
    globals: [],
    markup: [],
    ...(app.firstParty ? { firstParty: true as const } : {}),
  };
}

/** Shopify's own hosts: what only Shopify serves there is Shopify's. */
const SHOPIFY_HOSTS = ["shopify.com", "shopifycdn.com", "shopifycloud.com", "shopifysvc.com", "shopifycdn.net"];

function isShopifyHost(pattern: string): boolean {
  const host = pattern.split("/", 1)[0] as string;

  return SHOPIFY_HOSTS.some((own) => host === own || host.endsWith(`.${own}`));
}

/** An imported base: its entries, and the source every one of them is reported with. */
export type ImportedBase = { source: ImportedSource; technologies: readonly Fingerprint[] };

/**
 * The one list: hand-written apps, then tag kinds, then hand-added technologies, then the
 * imported bases in their order (IMPORTED_BASES: the fingerprint base, then the list of Shopify
 * apps). An imported entry that names a technology already in the list (an app, a tag, a hand
 * entry or an entry of an earlier base: same slug, same name, or a host of theirs,
 * lib/technologies/overlap.ts) is that technology: it is dropped, so every technology is listed,
 * and reported, once; our own detectors stay authoritative. Only where an earlier base lists it
 * under the same slug or name do the later entry's hosts, globals and ids/classes join that entry
 * (the fingerprint base names JivoChat's host, the list of Shopify apps its 2019 widget path):
 * what one base knows of a technology is not lost to the other. Within one base, entries do not
 * claim each other (its import already kept one entry per slug and dropped hosts two claim).
 */
export function buildTechnologyList(apps: readonly HandApp[], bases: readonly ImportedBase[]): Technology[] {
  const list: Technology[] = apps.map(appTechnology);
  const claims: Claim[] = apps.map((app) => ({ slug: app.slug, names: [app.name], hosts: app.patterns.src ?? [] }));
  for (const [kind, tag] of Object.entries(TAG_TECHNOLOGIES) as [TagKind, (typeof TAG_TECHNOLOGIES)[TagKind]][]) {
    list.push({
      slug: kind,
      name: TAG_KINDS[kind],
      category: tag.category,
      website: null,
      kind: "tag",
      source: "hand",
      hosts: [],
      globals: [],
      markup: [],
    });
    claims.push({ slug: kind, names: [TAG_KINDS[kind], kind, ...(tag.aliases ?? [])], hosts: tag.hosts });
  }
  for (const { aliases, ...tech } of HAND_TECHNOLOGIES) {
    list.push({ ...tech, kind: "technology", source: "hand" });
    claims.push({ slug: tech.slug, names: [tech.name, ...(aliases ?? [])], hosts: tech.hosts });
  }
  const slugs = new Set(list.map((tech) => tech.slug));
  // An earlier base's entries, by slug: where in the list, and the claim it makes.
  const imported = new Map<string, { at: number; claim: { slug: string; names: string[]; hosts: string[] } }>();
  for (const base of bases) {
    const added: { at: number; claim: { slug: string; names: string[]; hosts: string[] } }[] = [];
    for (const fp of base.technologies) {
      const claim = claimedBy(fp, claims);
      const same = claim && imported.get(claim.slug);
      // An earlier base's entry of the same slug or name is this technology: that entry, with this one's traces too.
      if (same && (claim.slug === fp.slug || claim.names.some((name) => nameKey(name) === nameKey(fp.name)))) {
        const known = list[same.at] as Technology;
        const hosts = [...new Set([...known.hosts, ...(fp.hosts ?? [])])];
        list[same.at] = {
          ...known,
          hosts,
          globals: [...new Set([...known.globals, ...(fp.globals ?? [])])],
          markup: [...new Set([...known.markup, ...(fp.markup ?? [])])],
        };
        same.claim.hosts = hosts;
        continue;
      }
      if (claim || slugs.has(fp.slug)) continue;
      slugs.add(fp.slug);
      const hosts = fp.hosts ?? [];
      added.push({ at: list.length, claim: { slug: fp.slug, names: [fp.name], hosts: [...hosts] } });
      list.push({
        slug: fp.slug,
        name: fp.name,
        category: fp.category,
        website: fp.website,
        kind: fp.shopify_app ? "app" : "technology",
        source: base.source,
        hosts,
        globals: fp.globals ?? [],
        markup: fp.markup ?? [],
        // Served from Shopify's own hosts (Shop Pay, Shopify Chat): part of the platform.
        ...(hosts.length > 0 && hosts.every(isShopifyHost) ? { firstParty: true as const } : {}),
      });
    }
    // What this base lists, a later base's entry for it is dropped (or, named alike, joins it).
    for (const entry of added) {
      imported.set(entry.claim.slug, entry);
      claims.push(entry.claim);
    }
  }

  return list;
}

/** The imported fingerprint base, checked once at start-up (a malformed refresh fails loudly, not silently). */
export const FINGERPRINTS: readonly Fingerprint[] = fingerprintFileSchema.parse(fingerprintFile).technologies;

/** The imported list of Shopify apps (Fera Commerce's Shopify App Detector), checked the same way. */
export const APP_DETECTOR_APPS: readonly Fingerprint[] = appDetectorFileSchema.parse(appDetectorFile).technologies;

/**
 * The imported bases, in the order the list takes them: the fingerprint base first, whose slugs
 * stores were already filed under (`store_apps`: a slug is never renamed), then the list of Shopify
 * apps, whose entry for a technology the first already lists joins it (named alike: its hosts are
 * added) or is dropped.
 */
export const IMPORTED_BASES: readonly ImportedBase[] = [
  { source: FINGERPRINT_SOURCE, technologies: FINGERPRINTS },
  { source: APP_DETECTOR_SOURCE, technologies: APP_DETECTOR_APPS },
];

/**
 * The tags and pixels, our hand-added technologies and the imported bases (their Shopify apps
 * included, as kind "app"): what the technology detector matches. The imports left out the
 * bases' entries for apps of our catalog; the apps join this list in lib/apps/technologies.ts
 * (TECHNOLOGIES, the whole list).
 */
export const OTHER_TECHNOLOGIES: readonly Technology[] = buildTechnologyList([], IMPORTED_BASES);
