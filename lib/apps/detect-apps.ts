import type { CheerioAPI } from "cheerio";
import { boundText } from "@/lib/bound-text";
import { loadHtml } from "@/lib/storefront-html/load-html";
import { isResourceHint, type PageSignals, readPageSignals } from "@/lib/storefront-html/page-signals";
import type { Confidence, EvidenceSource, UnidentifiedApp } from "@/lib/storefront-html/schemas";
import { siteOfUrl } from "@/lib/technologies/sites";
import type { App } from "./schemas";
import { APP_CATALOG } from "./catalog";
import { APP_PROXY_PATHS } from "./app-proxies";
import { readScriptTags } from "./script-tags";
import { readAppClientIds, readAppHandles, readAppProxies, unescapeJsonSlashes } from "./shopify-app-traces";

/** A catalog app found on the page, by its strongest trace. */
export type DetectedApp = { slug: string; evidence: string; source: EvidenceSource; confidence: Confidence };

const MAX_EVIDENCE = 160;
/** Unknown handles and client ids reported per page; a hostile page may name thousands. */
export const MAX_UNIDENTIFIED = 50;

/** Patterns of every kind, each pointing back at its app's position in the catalog. */
type CompiledCatalog = {
  handleOwner: Map<string, number>;
  slugOwner: Map<string, number>;
  clientIdOwner: Map<number, number>;
  /** One alternation over all src fragments (lower-case), longest first. */
  src: RegExp | null;
  srcOwner: Map<string, number>;
  /** One alternation over all inline markers (case-sensitive). */
  inline: RegExp | null;
  inlineOwner: Map<string, number>;
  /** One alternation over all comment markers (case-sensitive). */
  comment: RegExp | null;
  commentOwner: Map<string, number>;
  metaOwner: Map<string, number>;
  /** Anchored alternations for class-name and id prefixes. */
  classPrefix: RegExp | null;
  classOwner: Map<string, number>;
  idPrefix: RegExp | null;
  idOwner: Map<string, number>;
  /** The apps whose src patterns sit on each vendor site (lib/technologies/sites.ts). */
  siteApps: Map<string, number[]>;
};

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}

/**
 * Longest alternatives first: at a given position the regex engine takes the first
 * alternative that matches, so "cdn-loyalty.yotpo.com" must be tried before any
 * shorter fragment that starts the same way.
 */
function alternation(patterns: Iterable<string>, flags: string, anchored = false): RegExp | null {
  const list = [...patterns].sort((a, b) => b.length - a.length || a.localeCompare(b));
  if (list.length === 0) return null;
  const body = list.map(escapeRegExp).join("|");

  return new RegExp(anchored ? `^(?:${body})` : `(?:${body})`, flags);
}

function compile(catalog: readonly App[]): CompiledCatalog {
  const handleOwner = new Map<string, number>();
  const clientIdOwner = new Map<number, number>();
  const srcOwner = new Map<string, number>();
  const inlineOwner = new Map<string, number>();
  const commentOwner = new Map<string, number>();
  const metaOwner = new Map<string, number>();
  const classOwner = new Map<string, number>();
  const idOwner = new Map<string, number>();
  catalog.forEach((app, index) => {
    for (const p of app.patterns.handles ?? []) handleOwner.set(p, index);
    for (const p of app.patterns.clientIds ?? []) clientIdOwner.set(p, index);
    for (const p of app.patterns.src ?? []) srcOwner.set(p.toLowerCase(), index);
    for (const p of app.patterns.inline ?? []) inlineOwner.set(p, index);
    for (const p of app.patterns.comments ?? []) commentOwner.set(p, index);
    for (const p of app.patterns.meta ?? []) metaOwner.set(p.toLowerCase(), index);
    for (const p of app.patterns.dom ?? []) (p.startsWith("#") ? idOwner : classOwner).set(p.slice(1), index);
  });

  const siteApps = new Map<string, number[]>();
  catalog.forEach((app, index) => {
    for (const p of app.patterns.src ?? []) {
      const site = patternSite(p);
      if (!site) continue;
      const owners = siteApps.get(site) ?? [];
      if (!owners.includes(index)) owners.push(index);
      siteApps.set(site, owners);
    }
  });

  return {
    handleOwner,
    slugOwner: new Map(catalog.map((app, index) => [app.slug, index])),
    siteApps,
    clientIdOwner,
    src: alternation(srcOwner.keys(), "g"),
    srcOwner,
    inline: alternation(inlineOwner.keys(), "g"),
    inlineOwner,
    comment: alternation(commentOwner.keys(), ""),
    commentOwner,
    metaOwner,
    classPrefix: alternation(classOwner.keys(), "", true),
    classOwner,
    idPrefix: alternation(idOwner.keys(), "", true),
    idOwner,
  };
}

/** The vendor site of a src pattern that starts with a host (`cdn.judge.me`, `loox.io/widget`), or null for a bare fragment. */
export function patternSite(pattern: string): string | null {
  const host = pattern.toLowerCase().split("/", 1)[0] as string;
  if (!/^[a-z0-9-]+(?:\.[a-z0-9-]+)+$/.test(host) || /\.(?:js|css|json)$/.test(host)) return null;

  return siteOfUrl(`https://${pattern}`)?.site ?? null;
}

// Compiled once per catalog object and reused by every call (detection runs on every
// analyzed page; rebuilding ~400-way alternations each time would dominate its cost).
const compiledCache = new WeakMap<readonly App[], CompiledCatalog>();

function compiled(catalog: readonly App[]): CompiledCatalog {
  let c = compiledCache.get(catalog);
  if (!c) {
    c = compile(catalog);
    compiledCache.set(catalog, c);
  }

  return c;
}

const URL_STOP = new Set(['"', "'", "`", " ", "\n", "\r", "\t", "<", ">", "(", ")", ",", ";"]);

/** The quoted URL (or token) around a match inside script text, for readable evidence. */
function surroundingToken(text: string, start: number, end: number): string {
  let a = start;
  let b = end;
  while (a > 0 && start - a < MAX_EVIDENCE && !URL_STOP.has(text[a - 1] as string)) a--;
  while (b < text.length && b - end < MAX_EVIDENCE && !URL_STOP.has(text[b] as string)) b++;

  return text.slice(a, b);
}

const RANK: Record<Confidence, number> = { high: 3, medium: 2, low: 1 };

/** A URL Shopify proxies for a ScriptTag: cdn.shopify.com/proxy/<hash>/<vendor host>/<path>. */
function isProxiedScriptTag(lowerUrl: string): boolean {
  return lowerUrl.includes("cdn.shopify.com/proxy/");
}

/**
 * A file of the theme itself (cdn.shopify.com/s/files/…/t/<n>/assets/…, or /cdn/shop/t/…): apps of
 * the older kind copy files there, and the files stay after the app is uninstalled.
 */
function isThemeAsset(lowerUrl: string): boolean {
  return lowerUrl.includes("/assets/") && (lowerUrl.includes("/s/files/") || lowerUrl.includes("/cdn/shop/t/"));
}

/** A shop's files folder in a Shopify CDN URL (`/s/files/1/0529/2579/2407/`); global, for matchAll. */
const FILES_ID = /\/s\/files\/1\/(\d+\/\d+(?:\/\d+)?)\//g;

/** The shop's files folder a Shopify CDN URL names (`0529/2579/2407`), or null. */
function filesIdOf(lowerUrl: string): string | null {
  return lowerUrl.matchAll(FILES_ID).next().value?.[1] ?? null;
}

/** Characters of inline scripts read for the files folders their URLs name. */
const MAX_FILES_TEXT = 1_000_000;

/**
 * The files folder most of the page's URLs name (scripts, stylesheets, images and the URLs inline
 * scripts hold: product images, the theme's assets): the store's own.
 */
function ownFilesId(page: PageSignals): string | null {
  const counts = new Map<string, number>();
  const count = (id: string) => counts.set(id, (counts.get(id) ?? 0) + 1);
  for (const url of [...page.scripts.map((s) => s.src), ...page.links.map((l) => l.href), ...page.images]) {
    const id = filesIdOf(url.toLowerCase());
    if (id) count(id);
  }
  let budget = MAX_FILES_TEXT;
  for (const script of page.inlineScripts) {
    if (budget <= 0) break;
    const text = script.slice(0, budget);
    budget -= text.length;
    for (const m of text.matchAll(FILES_ID)) count(m[1] as string);
  }
  let best: string | null = null;
  for (const [id, n] of counts) if (best === null || n > (counts.get(best) ?? 0)) best = id;

  return best;
}

/**
 * A theme file of this store: a file in another shop's theme (`…/files/1/0194/1736/6592/t/1/assets/
 * booster-page-speed-optimizer.js` on a store whose files are `0529/2579/2407`) is a vendor's,
 * served from its own shop, and says its app is in use as any vendor file does.
 */
function isOwnThemeAsset(lowerUrl: string, own: string | null): boolean {
  if (!isThemeAsset(lowerUrl)) return false;
  const id = filesIdOf(lowerUrl);

  return id === null || own === null || id === own;
}

/** A token that opens a regular expression literal (`/host…`, `[/host…`), not a URL or a path. */
function isRegexLiteral(token: string): boolean {
  const body = token.replace(/^[[({,=:!&|?]+/, "");

  return /^\/[a-z0-9]/.test(body) && !body.startsWith("/apps/") && !body.startsWith("/cdn/") && !body.startsWith("/s/files/");
}

/** True when the match at `start` sits inside a `<link rel="preconnect|dns-prefetch|…">` written as text. */
function insideResourceHintMarkup(text: string, start: number): boolean {
  const before = text.slice(Math.max(0, start - 200), start);
  const open = before.lastIndexOf("<");
  if (open < 0 || before.indexOf(">", open) >= 0) return false;
  const tag = before.slice(open).toLowerCase();

  return tag.startsWith("<link") && /preconnect|dns-prefetch|prefetch|prerender/.test(tag);
}

export type DetectOptions = {
  /** Defaults to APP_CATALOG; tests pass their own to check single patterns. */
  catalog?: readonly App[];
  /**
   * Weakest trace that reports an app on its own (default "medium"). A class name, or a file in the
   * theme, stays after an app is uninstalled, so a "low" trace only backs up a stronger one.
   */
  minConfidence?: Confidence;
  /** The store's host (the page's final URL): an absolute `/apps/…` proxy URL counts on it only. */
  storeHost?: string | null;
};

export type AppDetection = { apps: DetectedApp[]; unidentified: UnidentifiedApp[] };

/**
 * Detects catalog apps in an already parsed document, and the apps Shopify names there (by
 * handle or web-pixel client id) that the catalog does not know. Use this when the same page is
 * also read by parseStorefrontHtml, so the HTML is parsed only once.
 *
 * Apps come in catalog order (stable whatever the page layout), each once, with its strongest
 * trace (confidence, then the order below): high for what only the app itself puts there — its
 * handle, its client id, its script loaded by the page or registered as a ScriptTag; medium for a
 * vendor host in a stylesheet, iframe or inline script, an inline code marker, a comment its snippet
 * writes or a meta tag; low for
 * a class/id prefix or a theme file.
 */
export function detectAppTraces($: CheerioAPI, options: DetectOptions = {}): AppDetection {
  const catalog = options.catalog ?? APP_CATALOG;
  const minRank = RANK[options.minConfidence ?? "medium"];
  const c = compiled(catalog);
  const page = readPageSignals($);
  const own = ownFilesId(page);
  const found = new Map<number, Omit<DetectedApp, "slug">>();
  const record = (index: number | undefined, text: string, source: EvidenceSource, confidence: Confidence) => {
    if (index === undefined) return;
    const previous = found.get(index);
    if (previous && RANK[previous.confidence] >= RANK[confidence]) return;
    found.set(index, { evidence: boundText(text, MAX_EVIDENCE), source, confidence });
  };
  const unidentified: UnidentifiedApp[] = [];
  const unknown = new Set<string>();
  const addUnidentified = (key: string, entry: UnidentifiedApp) => {
    if (unidentified.length >= MAX_UNIDENTIFIED || unknown.has(key)) return;
    unknown.add(key);
    unidentified.push(entry);
  };

  // 1. Shopify's own names for apps: handles in app blocks and extension folders, pixel client ids.
  for (const trace of readAppHandles(page)) {
    const index = c.handleOwner.get(trace.handle);
    const confidence: Confidence = trace.source === "inline-script" ? "medium" : "high";
    if (index !== undefined) record(index, trace.evidence, trace.source, confidence);
    else {
      const evidence = boundText(trace.evidence, MAX_EVIDENCE);
      addUnidentified(`h:${trace.handle}`, { handle: trace.handle, api_client_id: null, evidence, source: trace.source, confidence });
    }
  }
  for (const trace of readAppClientIds(page)) {
    const index = c.clientIdOwner.get(trace.clientId);
    if (index !== undefined) record(index, trace.evidence, "web-pixel", "high");
    else {
      const entry = { handle: null, api_client_id: trace.clientId, evidence: trace.evidence, source: "web-pixel" as const };
      addUnidentified(`c:${trace.clientId}`, { ...entry, confidence: "high" });
    }
  }
  // App proxies: a subpath the app chose (and a merchant may rename) names it less surely than a
  // handle; one read only in a theme snippet (low) is no app of its own.
  for (const trace of readAppProxies(page, options.storeHost ?? null)) {
    const slug = Object.hasOwn(APP_PROXY_PATHS, trace.path) ? APP_PROXY_PATHS[trace.path] : undefined;
    const index = slug === undefined ? undefined : c.slugOwner.get(slug);
    const evidence = boundText(trace.evidence, MAX_EVIDENCE);
    if (index !== undefined) record(index, evidence, trace.source, trace.confidence);
    // A URL the catalog names is its app's own, `/apps/` path and all (`sumo-shopify.com/apps/shopify/…`
    // is SumoMe's script, read as the store's when a page names its domain no other way): no proxy.
    else if (catalogAppAt(trace.evidence, catalog) !== null) continue;
    else if (RANK[trace.confidence] >= minRank) {
      const entry = { handle: null, api_client_id: null, proxy_path: trace.path, evidence, source: trace.source };
      addUnidentified(`p:${trace.path}`, { ...entry, confidence: trace.confidence });
    }
  }

  // 2. External resources: a script the page loads is the app's own; a stylesheet or iframe names
  // its host. A resource hint (dns-prefetch, preconnect) loads nothing: it is no sign of an app.
  if (c.src) {
    const resources: { url: string; source: EvidenceSource; confidence: Confidence }[] = [
      ...page.scripts.map((script) => ({ url: script.src, source: "script" as const, confidence: "high" as const })),
      ...page.links
        .filter((link) => !isResourceHint(link))
        .map((link) => ({ url: link.href, source: "link" as const, confidence: "medium" as const })),
      ...page.iframes.map((url) => ({ url, source: "iframe" as const, confidence: "medium" as const })),
    ];
    for (const { url, source, confidence } of resources) {
      const lower = url.toLowerCase();
      const proxied = isProxiedScriptTag(lower);
      const strength: Confidence = isOwnThemeAsset(lower, own) ? "low" : isThemeAsset(lower) ? "medium" : confidence;
      for (const m of lower.matchAll(c.src)) {
        record(c.srcOwner.get(m[0]), url.trim(), proxied ? "proxied-script-tag" : source, proxied ? "high" : strength);
      }
    }
  }

  // 3. Inline scripts. A URL in Shopify's ScriptTag loader (asyncLoad) is a script the app registered.
  for (const script of page.inlineScripts) {
    const text = unescapeJsonSlashes(script);
    const scriptTags = text.includes("asyncLoad");
    if (c.src) {
      for (const m of text.toLowerCase().matchAll(c.src)) {
        const index = c.srcOwner.get(m[0]);
        if (index === undefined || insideResourceHintMarkup(text, m.index)) continue;
        const url = surroundingToken(text, m.index, m.index + m[0].length);
        const lower = url.toLowerCase();
        // A host written into a regular expression (`[/preorder-now.herokuapp.com/, …]`: another
        // app's script listing the apps it must not clash with) loads nothing; a URL, a saved
        // page's relative copy (`../../sdk.postscript.io/…`) or a snippet's host joined to its
        // scheme (`'https://' : 'http://') + 'cdn.siftscience.com/s.js'`) does.
        if (isRegexLiteral(lower)) continue;
        if (isProxiedScriptTag(lower)) record(index, url, "proxied-script-tag", "high");
        else if (scriptTags) record(index, url, "script-tag", isOwnThemeAsset(lower, own) && !lower.includes("shop=") ? "low" : "high");
        else record(index, url, "inline-script", isOwnThemeAsset(lower, own) ? "low" : "medium");
      }
    }
    if (c.inline) {
      for (const m of text.matchAll(c.inline)) record(c.inlineOwner.get(m[0]), `inline script: ${m[0]}`, "inline-script", "medium");
    }
  }

  // A URL of the loader's list is a ScriptTag, which only an installed app registers (Shopify
  // removes an app's ScriptTags with it), even when it points at a file the app put in the theme
  // (`…/t/6/assets/zendesk-embeddable.js`).
  if (c.src) {
    for (const tag of readScriptTags(page)) {
      if (tag.source === "script") continue;
      for (const m of tag.evidence.toLowerCase().matchAll(c.src)) record(c.srcOwner.get(m[0]), tag.evidence, tag.source, "high");
    }
  }

  // 4. HTML comments an app's own snippet writes: the theme renders the snippet, so it is there.
  if (c.comment) {
    for (const comment of page.comments) {
      const m = c.comment.exec(comment);
      if (m) record(c.commentOwner.get(m[0]), `<!-- ${boundText(comment, 80)} -->`, "markup", "medium");
    }
  }

  // 5. <meta name|property>.
  for (const name of page.metaNames) record(c.metaOwner.get(name), `meta ${name}`, "meta", "medium");

  // 6. Id and class prefixes, each distinct token tested once.
  if (c.idPrefix) {
    for (const id of page.ids) {
      const m = c.idPrefix.exec(id);
      if (m) record(c.idOwner.get(m[0]), `#${id}`, "markup", "low");
    }
  }
  if (c.classPrefix) {
    for (const cls of page.classes) {
      const m = c.classPrefix.exec(cls);
      if (m) record(c.classOwner.get(m[0]), `.${cls}`, "markup", "low");
    }
  }

  const apps = [...found.entries()]
    .filter(([, trace]) => RANK[trace.confidence] >= minRank)
    .sort(([a], [b]) => a - b)
    .map(([index, trace]) => ({ slug: (catalog[index] as App).slug, ...trace }));

  return { apps, unidentified };
}

/** The catalog apps of an already parsed document (see detectAppTraces). */
export function detectAppsInDocument($: CheerioAPI, options: DetectOptions = {}): DetectedApp[] {
  return detectAppTraces($, options).apps;
}

/** Detects the catalog apps a storefront page loads. See detectAppTraces. */
export function detectApps(html: string, options: DetectOptions = {}): DetectedApp[] {
  return detectAppsInDocument(loadHtml(html), options);
}

/** The slug of the catalog app whose src pattern a URL holds (the longest at its first match), or null. */
export function catalogAppAt(url: string, catalog: readonly App[] = APP_CATALOG): string | null {
  const c = compiled(catalog);
  if (!c.src) return null;
  c.src.lastIndex = 0;
  const m = c.src.exec(url.toLowerCase());
  c.src.lastIndex = 0;
  const index = m ? c.srcOwner.get(m[0]) : undefined;

  return index === undefined ? null : (catalog[index] as App).slug;
}

/** The slugs of the catalog apps with a src pattern on a vendor site (`judge.me`), in catalog order. */
export function catalogAppsOfSite(site: string, catalog: readonly App[] = APP_CATALOG): string[] {
  return (compiled(catalog).siteApps.get(site) ?? []).map((index) => (catalog[index] as App).slug);
}
