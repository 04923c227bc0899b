import { isResourceHint, type PageSignals } from "@/lib/storefront-html/page-signals";
import type { Confidence, EvidenceSource } from "@/lib/storefront-html/schemas";
import { readWebPixels } from "@/lib/storefront-html/web-pixels";
import { siteOfUrl } from "@/lib/technologies/sites";
import { ownSites } from "./own-sites";
import { readScriptTags } from "./script-tags";

/**
 * The traces by which Shopify itself names an installed app: the handle in an app block or embed
 * comment (`BEGIN app block: shopify://apps/<handle>/blocks/…`), the folder of an app extension's
 * assets (`cdn.shopify.com/extensions/<uuid>/<name>-<version>/…`) and the API client id of an app's
 * web pixel. Read with indexOf scans (no regex over page text) and capped, so a page of ten thousand
 * app-block comments costs one pass and yields a bounded list.
 */
export type HandleTrace = { handle: string; evidence: string; source: EvidenceSource };
export type ClientIdTrace = { clientId: number; evidence: string };

/** Distinct handles kept per page: a real storefront has a few dozen at most. */
export const MAX_TRACES = 200;
const MAX_HANDLE = 100;
/** How far past a marker a handle or folder name is read. */
const SCAN_WINDOW = 200;

const APP_BLOCK = "shopify://apps/";
/** Shopify serves extension assets from cdn.shopify.com; page savers rewrite that host away. */
const EXTENSIONS = "extensions/";

function isHandleChar(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 48 && code <= 57) || code === 45 || code === 95; // a-z 0-9 - _
}

/** The handle right after `shopify://apps/`, when it is followed by "/" (a complete path segment). */
function handleAt(text: string, start: number): string | null {
  let end = start;
  while (end < text.length && end - start <= MAX_HANDLE && isHandleChar(text.charCodeAt(end))) end++;
  if (end === start || end - start > MAX_HANDLE || text[end] !== "/") return null;

  return text.slice(start, end);
}

/**
 * Extension names that are a developer's placeholder (what Shopify's CLI suggests or a tutorial
 * writes: `app-109`, `theme-app-extension-12`), never an App Store handle: such a folder shows an
 * extension, not which app, and an unnamed report of it names nobody.
 */
const GENERIC_FOLDER_NAMES: ReadonlySet<string> = new Set([
  "app",
  "apps",
  "main",
  "theme",
  "extension",
  "extensions",
  "theme-extension",
  "theme-app-extension",
  "app-extension",
  "app-embed",
  "app-block",
  "embed",
  "blocks",
  "widget",
  "storefront",
]);

/**
 * The app name in an extension asset folder `<name>-<version>` (version: digits and dots). A folder
 * without a name ("1.1.0", which some extensions use) names no app, nor does one named by a hash
 * (`8a22979f…-25284`, a 40-digit hex id) or a placeholder (`app-109`): no App Store listing has that handle.
 */
export function extensionFolderHandle(folder: string): string | null {
  const dash = folder.lastIndexOf("-");
  if (dash <= 0) return null;
  const version = folder.slice(dash + 1);
  if (!/^\d[\d.]{0,19}$/.test(version)) return null;
  const name = folder.slice(0, dash);
  for (let i = 0; i < name.length; i++) if (!isHandleChar(name.charCodeAt(i))) return null;
  if (name.length >= 32 && /^[0-9a-f]+$/.test(name)) return null;
  if (GENERIC_FOLDER_NAMES.has(name)) return null;

  return name.length >= 3 && name.length <= MAX_HANDLE ? name : null;
}

function isUuid(text: string): boolean {
  if (text.length !== 36) return false;
  for (let i = 0; i < 36; i++) {
    const code = text.charCodeAt(i);
    const dash = i === 8 || i === 13 || i === 18 || i === 23;
    if (dash ? code !== 45 : !((code >= 48 && code <= 57) || (code >= 97 && code <= 102))) return false;
  }

  return true;
}

/** The folder after `extensions/<uuid>/` (lower-case text, `start` just past "extensions/"), or null. */
function extensionFolderAt(lower: string, start: number): string | null {
  const before = start - EXTENSIONS.length - 1;
  if (before >= 0 && !"/\"'".includes(lower[before] as string)) return null;
  if (lower[start + 36] !== "/" || !isUuid(lower.slice(start, start + 36))) return null;
  const folderStart = start + 37;
  const folderEnd = lower.indexOf("/", folderStart);
  if (folderEnd < 0 || folderEnd - folderStart > MAX_HANDLE + 21) return null;

  return lower.slice(folderStart, folderEnd);
}

/** The whitespace/quote-delimited token around [start, end) of text, for evidence. */
function tokenAround(text: string, start: number, end: number): string {
  const stop = (ch: string | undefined) =>
    ch === undefined || ch === '"' || ch === "'" || ch === " " || ch === "\n" || ch === "<" || ch === ">";
  let a = start;
  let b = end;
  while (a > 0 && start - a < SCAN_WINDOW && !stop(text[a - 1])) a--;
  while (b < text.length && b - end < SCAN_WINDOW && !stop(text[b])) b++;

  return text.slice(a, b);
}

class TraceList {
  readonly items: HandleTrace[] = [];
  private readonly seen = new Set<string>();

  get full(): boolean {
    return this.items.length >= MAX_TRACES;
  }

  add(handle: string, evidence: string, source: EvidenceSource) {
    const key = `${source}:${handle}`;
    if (this.full || this.seen.has(key)) return;
    this.seen.add(key);
    this.items.push({ handle, evidence, source });
  }
}

/** Every `shopify://apps/<handle>/` and extension folder in one text (a URL or a script). */
function scanText(text: string, list: TraceList, blockSource: EvidenceSource, extensionSource: EvidenceSource) {
  const lower = text.toLowerCase();
  for (let at = lower.indexOf(APP_BLOCK); at >= 0 && !list.full; at = lower.indexOf(APP_BLOCK, at + 1)) {
    const handle = handleAt(lower, at + APP_BLOCK.length);
    if (handle) list.add(handle, tokenAround(text, at, at + APP_BLOCK.length + handle.length), blockSource);
  }
  for (let at = lower.indexOf(EXTENSIONS); at >= 0 && !list.full; at = lower.indexOf(EXTENSIONS, at + 1)) {
    const folder = extensionFolderAt(lower, at + EXTENSIONS.length);
    const handle = folder && extensionFolderHandle(folder);
    if (handle) list.add(handle, tokenAround(text, at, at + EXTENSIONS.length), extensionSource);
  }
}

/** Inline scripts write URLs (and markup) as JSON strings: "/" escaped as "\/", "&", "<" and ">" as \u00xx. */
export function unescapeJsonSlashes(text: string): string {
  return text.replaceAll("\\/", "/").replaceAll("\\u0026", "&").replaceAll("\\u003c", "<").replaceAll("\\u003e", ">");
}

/**
 * App handles on the page, strongest first: app block comments, then extension assets loaded by
 * script or stylesheet, then either kind of reference inside inline scripts. Only a comment that
 * opens a rendered block counts: Shopify also leaves "Failed to render app block …" comments for
 * apps that were uninstalled.
 */
export function readAppHandles(page: PageSignals): HandleTrace[] {
  const list = new TraceList();
  for (const comment of page.comments) {
    if (list.full) break;
    if (!comment.startsWith("BEGIN app block:")) continue;
    const at = comment.indexOf(APP_BLOCK);
    const handle = at < 0 ? null : handleAt(comment.toLowerCase(), at + APP_BLOCK.length);
    if (handle) list.add(handle, comment, "app-block");
  }
  const urls = [
    ...page.scripts.map((script) => script.src),
    ...page.links.filter((link) => !isResourceHint(link)).map((link) => link.href),
  ];
  for (const url of urls) {
    if (list.full) break;
    if (url.toLowerCase().includes(EXTENSIONS)) scanText(url, list, "app-block", "app-extension");
  }
  for (const script of page.inlineScripts) {
    if (list.full) break;
    if (script.includes("apps") || script.includes("extensions"))
      scanText(unescapeJsonSlashes(script), list, "inline-script", "inline-script");
  }

  return list.items;
}

/** The API client ids of the page's app web pixels (Shopify's own two carry none). */
export function readAppClientIds(page: PageSignals): ClientIdTrace[] {
  const out: ClientIdTrace[] = [];
  const seen = new Set<number>();
  // Each script's list: Shopify writes one, but a page that carries two (a saved copy with an
  // injected snippet) must not hide the second.
  const withPixels = page.inlineScripts.filter((script) => script.includes("webPixelsConfigList")).slice(0, 10);
  for (const pixel of withPixels.flatMap((script) => readWebPixels([script]))) {
    if (out.length >= MAX_TRACES) break;
    if (pixel.type !== "APP" || pixel.apiClientId === null || seen.has(pixel.apiClientId)) continue;
    seen.add(pixel.apiClientId);
    out.push({ clientId: pixel.apiClientId, evidence: `web pixel ${pixel.id}: apiClientId ${pixel.apiClientId}` });
  }

  return out;
}

/**
 * An app proxy: a path of the store's own host that Shopify forwards to an app's server
 * (`/apps/<subpath>/…`, shopify.dev "App proxies"). The subpath is the app's choice (a merchant can
 * rename it), so it names the app less surely than a handle: read as medium evidence, and never
 * looked up on the App Store, whose handles it need not match.
 */
export type ProxyTrace = { path: string; evidence: string; source: EvidenceSource; confidence: Confidence };

const PROXY = "/apps/";
const MAX_PROXY_PATH = 60;

/** The subpath right after `/apps/` at `start`, ended by "/", "?", "#", a quote or the text's end. */
function proxyPathAt(lower: string, start: number): string | null {
  let end = start;
  while (end < lower.length && end - start <= MAX_PROXY_PATH && isHandleChar(lower.charCodeAt(end))) end++;
  if (end === start || end - start > MAX_PROXY_PATH) return null;
  const next = lower[end];

  return next === undefined || "/?#\"'`\\ ".includes(next) ? lower.slice(start, end) : null;
}

/**
 * Where `/apps/` at `at` (in lower-case text) starts a path of the store's own host: a relative
 * URL (`"/apps/…`, `'/apps/…`, or the whole value) or an absolute one on a site of the store's
 * (`own`: `www.` or not, see own-sites.ts) or its *.myshopify.com host. `apps.shopify.com/…` and
 * `play.google.com/store/apps/…` are other sites.
 */
function isStorePath(lower: string, at: number, own: ReadonlySet<string>): boolean {
  if (at === 0) return true;
  const before = lower[at - 1] as string;
  if (before === '"' || before === "'" || before === "`" || before === "=" || before === "(") return true;
  const schemeAt = lower.lastIndexOf("//", at);
  if (schemeAt < 0 || at - schemeAt > 260) return false;
  const host = lower.slice(schemeAt + 2, at);
  if (host.includes("/") || host.includes(" ")) return false;

  if (host.endsWith(".myshopify.com")) return true;
  const site = siteOfUrl(`https://${host}/`)?.site;

  return site !== undefined && own.has(site);
}

/** Every store-host `/apps/<subpath>` in one text, added to `out` (distinct subpaths, capped). */
function scanProxies(text: string, confidence: Confidence, own: ReadonlySet<string>, out: Map<string, ProxyTrace>) {
  const lower = text.toLowerCase();
  for (let at = lower.indexOf(PROXY); at >= 0 && out.size < MAX_TRACES; at = lower.indexOf(PROXY, at + 1)) {
    if (!isStorePath(lower, at, own)) continue;
    const path = proxyPathAt(lower, at + PROXY.length);
    if (path && !out.has(path)) {
      out.set(path, { path, evidence: tokenAround(text, at, at + PROXY.length + path.length), source: "app-proxy", confidence });
    }
  }
}

/**
 * The app proxies the page uses, by subpath, first seen first: in the URLs of its scripts,
 * stylesheets, frames and links (medium), then in its inline scripts (`appProxyPath = "/apps/…"`;
 * low: an app's snippet copied into the theme keeps its proxy paths after it is uninstalled, so
 * such a path only backs up a stronger trace). An absolute URL counts on the store's own site only
 * (`storeHost`, `www.` or not, and the other names the page gives its domain: own-sites.ts) or its
 * *.myshopify.com host. indexOf scans, capped like the other traces; a path first seen in a URL
 * keeps that stronger reading.
 */
export function readAppProxies(page: PageSignals, storeHost: string | null): ProxyTrace[] {
  const out = new Map<string, ProxyTrace>();
  const own = ownSites(
    page,
    storeHost?.toLowerCase() ?? null,
    readScriptTags(page).map((trace) => trace.url),
  );
  const urls = [
    ...page.scripts.map((script) => script.src),
    ...page.links.filter((link) => !isResourceHint(link)).map((link) => link.href),
    ...page.iframes,
    ...page.anchors,
  ];
  for (const url of urls) {
    if (out.size >= MAX_TRACES) break;
    if (url.toLowerCase().includes(PROXY)) scanProxies(url, "medium", own, out);
  }
  for (const script of page.inlineScripts) {
    if (out.size >= MAX_TRACES) break;
    // Shopify's ScriptTag loader lists the scripts an installed app registered: as good as a <script src>.
    const confidence = script.includes("asyncLoad") ? "medium" : "low";
    if (script.includes("apps")) scanProxies(unescapeJsonSlashes(script), confidence, own, out);
  }

  return [...out.values()];
}
