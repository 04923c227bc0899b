import { boundText } from "@/lib/bound-text";
import type { PageSignals } from "@/lib/storefront-html/page-signals";
import type { Confidence, DetectedApp, UnidentifiedApp } from "@/lib/storefront-html/schemas";
import { splitUrl } from "@/lib/technologies/host-index";
import { knownTechnologyAt } from "@/lib/technologies/known-urls";
import type { DetectedTechnology } from "@/lib/technologies/schemas";
import { isProxiedScriptTag } from "@/lib/technologies/script-urls";
import { siteOfUrl, type UrlSite } from "@/lib/technologies/sites";
import { catalogAppAt, catalogAppsOfSite, MAX_UNIDENTIFIED, patternSite } from "./detect-apps";
import { APP_CATALOG, findAppBySlug } from "./index";
import { ownSites, thirdPartySite } from "./own-sites";
import { absolute, MAX_EVIDENCE, MAX_SCRIPT_TAGS, readScriptTags, type ScriptTrace } from "./script-tags";
import { findTechnology } from "./technologies";

// Apps named by the hosts of their scripts when no catalog knows them: every host Shopify's
// ScriptTag loader lists (script-tags.ts) is an app's, and a script the theme loads from a vendor's
// own host (not a public CDN, not a platform's SDK) is one too, less surely.

/**
 * Sites that serve scripts for anyone (public JavaScript CDNs, the big platforms' SDKs: maps,
 * captchas, video players, fonts, payment buttons, ad and social tags): a script from one of them
 * is a library or a platform's widget the theme includes, never by itself an app.
 */
const PUBLIC_SCRIPT_SITES: ReadonlySet<string> = new Set([
  "cloudflare.com",
  "jsdelivr.net",
  "unpkg.com",
  "jquery.com",
  "bootstrapcdn.com",
  "aspnetcdn.com",
  "jspm.io",
  "esm.sh",
  "skypack.dev",
  "statically.io",
  "polyfill.io",
  "polyfill-fastly.net",
  "ampproject.org",
  "fontawesome.com",
  "typekit.net",
  "google.com",
  "googleapis.com",
  "gstatic.com",
  "googletagmanager.com",
  "googlesyndication.com",
  "doubleclick.net",
  "youtube.com",
  "ytimg.com",
  "vimeo.com",
  "vimeocdn.com",
  "facebook.net",
  "facebook.com",
  "twitter.com",
  "x.com",
  "instagram.com",
  "pinterest.com",
  "pinimg.com",
  "tiktok.com",
  "linkedin.com",
  "licdn.com",
  "microsoft.com",
  "bing.com",
  "clarity.ms",
  "apple.com",
  "amazon.com",
  "paypal.com",
  "paypalobjects.com",
  "stripe.com",
]);

/**
 * The site a URL names its vendor by: a third party's (thirdPartySite), not a public CDN's or a
 * platform's, whose host names whoever put a file there, not an app (an app's ScriptTag on
 * jsDelivr is an app, but `cdn.jsdelivr.net` is not its name).
 */
function vendorSite(url: string, own: ReadonlySet<string>): UrlSite | null {
  const site = thirdPartySite(url, own);

  return site && !PUBLIC_SCRIPT_SITES.has(site.site) ? site : null;
}

/**
 * Shared hosts that run applications, one per tenant (`preorder-now.herokuapp.com`): a theme keeps
 * its own files on Shopify's CDN, so a script from a tenant here is the tenant's app. Storage and
 * CDNs are not among them: a bucket or a CloudFront name says nothing of who put a file there.
 */
const APP_PLATFORMS: readonly string[] = [
  "herokuapp.com",
  "appspot.com",
  "azurewebsites.net",
  "firebaseapp.com",
  "web.app",
  "netlify.app",
  "vercel.app",
  "onrender.com",
  "fly.dev",
  "glitch.me",
];

const onAppPlatform = (site: UrlSite) => APP_PLATFORMS.some((platform) => site.site.endsWith(`.${platform}`));

/**
 * The scripts the page loads itself (`<script src>`, proxied ScriptTags aside) from a vendor's own
 * host: not a public CDN's or a platform's (above), nor a shared host's unless it runs apps (above).
 */
function vendorScripts(page: PageSignals, own: ReadonlySet<string>): (ScriptTrace & { site: UrlSite })[] {
  const out: (ScriptTrace & { site: UrlSite })[] = [];
  for (const script of page.scripts.slice(0, MAX_SCRIPT_TAGS)) {
    if (isProxiedScriptTag(script.src)) continue;
    const url = absolute(script.src);
    const site = vendorSite(url, own);
    if (!site || (site.shared && !onAppPlatform(site))) continue;
    out.push({ url, evidence: boundText(script.src, MAX_EVIDENCE), source: "script", site });
  }

  return out;
}

/** Lower-case letters and digits: "smart-seo", "SmartSEO" and "smartseo" compare equal. */
const nameKey = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, "");

/** Words shorter than this name nothing on their own ("app", "cdn", "js"). */
const MIN_NAME_KEY = 4;
/** A handle's word this long may be its vendor's site name ("uplinkly"); shorter ones are common words. */
const MIN_VENDOR_WORD = 6;
/** Words of a site's name that say what it serves, not whose it is (`uplinkly-static`, `acme-cdn`). */
const GENERIC_SITE_WORDS: ReadonlySet<string> = new Set(["static", "assets", "scripts", "widget", "widgets", "shopify", "storage"]);

/** Whether a site's name (`uplinkly-static`) holds a word of a reported handle (`sticky-cart-by-uplinkly`). */
function siteNamedByHandle(site: UrlSite, handleWords: ReadonlySet<string>): boolean {
  return site.name.split("-").some((word) => !GENERIC_SITE_WORDS.has(word) && handleWords.has(nameKey(word)));
}

/** The words of a URL that may name an app: its host's labels and first path segments, whole and split at - and _. */
function urlWords(url: string): string[] {
  const parts = splitUrl(url);
  if (!parts) return [];
  const path = parts.path.split(/[?#]/, 1)[0] as string;
  const pieces = [...parts.host.split("."), ...path.split("/").slice(1, 4)];

  return pieces.flatMap((piece) => [piece, ...piece.split(/[-_.]/)]).map(nameKey);
}

/** Catalog apps by the letters and digits of their slug and name (`sezzle`, `wheelio`), Shopify's own aside. */
let catalogByKey: Map<string, string> | null = null;
function catalogKeys(): Map<string, string> {
  if (!catalogByKey) {
    catalogByKey = new Map();
    for (const app of APP_CATALOG) {
      if (app.firstParty) continue;
      for (const key of [nameKey(app.slug), nameKey(app.name)])
        if (key.length >= MIN_NAME_KEY && !catalogByKey.has(key)) catalogByKey.set(key, app.slug);
    }
  }

  return catalogByKey;
}

/**
 * The catalog app a ScriptTag on a shared host names in its URL (`d34uoa9py2cgca.cloudfront.net/
 * shopify-app/helper-scripts/sezzle-footer-logo-fix.js` is Sezzle's; `wheelio-a62f3.firebaseapp.com`
 * Wheelio's): a CloudFront id or a cloud tenant names no vendor, so a word of its tenant or path
 * equal to a catalog app's slug or name is the best name it has. Only a ScriptTag (an app's by
 * definition) and only a shared host: a vendor's own host names its vendor, whatever its path says.
 */
export function catalogAppNamedByScriptTags(page: PageSignals): DetectedAppTrace[] {
  const out: DetectedAppTrace[] = [];
  const keys = catalogKeys();
  for (const trace of readScriptTags(page)) {
    const site = siteOfUrl(trace.url);
    if (!site?.shared || catalogAppAt(trace.url) || knownTechnologyAt(trace.url)) continue;
    const slug = urlWords(trace.url)
      .map((word) => keys.get(word))
      .find((found) => found !== undefined);
    if (slug && !out.some((app) => app.slug === slug))
      out.push({ slug, evidence: trace.evidence, source: trace.source, confidence: "high" });
  }

  return out;
}

type DetectedAppTrace = { slug: string; evidence: string; source: ScriptTrace["source"]; confidence: Confidence };

/** What the page already reports: the sites it proves and the names it goes by. */
function reportedTraces(found: ScriptHostInput) {
  const sites = new Set<string>();
  const names = new Set<string>();
  const addName = (name: string) => {
    const key = nameKey(name);
    if (key.length >= MIN_NAME_KEY) names.add(key);
  };
  const addSite = (pattern: string) => {
    const site = siteOfUrl(`https://${pattern}`)?.site;
    if (site) sites.add(site);
  };
  for (const app of found.apps) {
    addName(app.slug);
    for (const pattern of findAppBySlug(app.slug)?.patterns.src ?? []) {
      // A vendor site the catalog knows for several apps (hulkapps.com) may carry another of them.
      const site = patternSite(pattern);
      if (site && catalogAppsOfSite(site).length === 1) sites.add(site);
    }
    for (const pattern of findTechnology(app.slug)?.hosts ?? []) addSite(pattern);
  }
  for (const tech of found.technologies) for (const pattern of findTechnology(tech.slug)?.hosts ?? []) addSite(pattern);
  for (const entry of found.unidentified) {
    if (entry.handle) addName(entry.handle);
    if (entry.proxy_path) addName(entry.proxy_path);
  }
  // A name's first word is its vendor's, mostly: a handle `hextom-announce-bar` is the vendor of
  // `cdn.hextom.com` (its other words, "announce", "reviews", name no one).
  const vendors = new Set<string>();
  // Every word of a handle, too, for a vendor's site name made of one word and a generic one
  // (`sticky-cart-by-uplinkly` beside `sticky-cart.uplinkly-static.com`): matched only against the
  // words of a site's name, never its subdomains or path ("sticky", "cart" name no site).
  const handleWords = new Set<string>();
  for (const name of [...found.apps.map((app) => app.slug), ...found.unidentified.map((entry) => entry.handle ?? "")]) {
    const words = name.split(/[-_]/);
    const first = nameKey(words[0] as string);
    if (first.length >= MIN_NAME_KEY) vendors.add(first);
    for (const word of words) if (word.length >= MIN_VENDOR_WORD) handleWords.add(nameKey(word));
  }

  return { sites, names, vendors, handleWords };
}

export type ScriptHostInput = {
  apps: readonly DetectedApp[];
  unidentified: readonly UnidentifiedApp[];
  technologies: readonly DetectedTechnology[];
};

/**
 * The apps named only by their scripts' hosts, as unidentified apps (`script_host`), after what
 * the catalog, the list of technologies and Shopify's own traces reported (`found`): every
 * ScriptTag (high), then every script the page loads from a vendor's own host (medium), neither
 * on a public CDN or a platform's host. Once per
 * vendor site (`countdown.conversionbear.com` and `upsell.conversionbear.com` are one), never for
 * the store's own or Shopify's hosts, and never for an app the page already shows: a URL the
 * catalog or the list names (reported, or a tag), a site of an app or technology reported
 * (Judge.me's `cdn1.judge.me` beside its app block), or a URL whose words name a reported app or
 * handle (Smart SEO's `…/smartseo/instantpage.js`).
 */
export function scriptHostApps(page: PageSignals, storeHost: string | null, found: ScriptHostInput): UnidentifiedApp[] {
  const room = MAX_UNIDENTIFIED - found.unidentified.length;
  const tags = readScriptTags(page);
  if (room <= 0 || (tags.length === 0 && page.scripts.length === 0)) return [];
  const own = ownSites(
    page,
    storeHost,
    tags.map((trace) => trace.url),
  );
  const reported = reportedTraces(found);
  const traces: (ScriptTrace & { site: UrlSite | null; confidence: Confidence })[] = [
    ...tags.map((trace) => ({ ...trace, site: vendorSite(trace.url, own), confidence: "high" as const })),
    ...vendorScripts(page, own).map((trace) => ({ ...trace, confidence: "medium" as const })),
  ];
  const out: UnidentifiedApp[] = [];
  for (const { url, evidence, source, site, confidence } of traces) {
    if (out.length >= room) break;
    if (!site || reported.sites.has(site.site) || catalogAppAt(url) || knownTechnologyAt(url)) continue;
    if (reported.vendors.has(nameKey(site.name)) || siteNamedByHandle(site, reported.handleWords)) continue;
    if (urlWords(url).some((word) => reported.names.has(word))) continue;
    reported.sites.add(site.site);
    out.push({ handle: null, api_client_id: null, script_host: site.host, evidence, source, confidence });
  }

  return out;
}
