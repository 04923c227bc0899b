import { boundText } from "@/lib/bound-text";
import type { PageSignals } from "@/lib/storefront-html/page-signals";
import type { EvidenceSource } from "@/lib/storefront-html/schemas";
import { isProxiedScriptTag, MAX_SCRIPT_CHARS, unproxied, urlsInScript } from "@/lib/technologies/script-urls";

/**
 * Shopify's ScriptTag loader (`asyncLoad`) lists the scripts installed apps registered through the
 * Admin API: only an app registers a ScriptTag, so every host it lists is an app's.
 */
export type ScriptTrace = {
  /** The vendor's URL (a proxied ScriptTag read as the URL inside the proxy path). */
  url: string;
  /** The URL as the page writes it. */
  evidence: string;
  source: Extract<EvidenceSource, "script" | "script-tag" | "proxied-script-tag">;
};

/** ScriptTags (and scripts) read per page: a loader lists a few dozen. */
export const MAX_SCRIPT_TAGS = 200;
/** Characters of one loader's URL list. */
const MAX_LIST_CHARS = 100_000;
/** How far after `asyncLoad` its `urls = [` list starts, and how many mentions of it are tried per script. */
const LIST_WINDOW = 300;
const MAX_MENTIONS = 5;
/** Inline scripts that mention the loader, together, read for its list. */
const MAX_LOADER_TEXT = 2_000_000;
export const MAX_EVIDENCE = 160;

/**
 * The URL list of Shopify's loader in one script: `function asyncLoad() { … var urls = [ … ];`
 * (older, newer `isLoaded`-guarded and pretty-printed forms alike), or null when the script only
 * mentions the name (a speed app that rewrites the loader): only the list is ScriptTags.
 */
export function loaderUrlList(script: string): string | null {
  const text = script.length > MAX_SCRIPT_CHARS ? script.slice(0, MAX_SCRIPT_CHARS) : script;
  let from = 0;
  for (let tries = 0; tries < MAX_MENTIONS; tries++) {
    const at = text.indexOf("asyncLoad", from);
    if (at < 0) return null;
    from = at + "asyncLoad".length;
    const urls = text.indexOf("urls", from);
    if (urls < 0 || urls - at > LIST_WINDOW) continue;
    const open = text.indexOf("[", urls);
    if (open < 0 || open - urls > 20) continue;
    // A list cut by the caps is read as far as it goes.
    const close = text.indexOf("]", open);
    const end = Math.min(close < 0 ? text.length : close, open + 1 + MAX_LIST_CHARS);

    return text.slice(open + 1, end);
  }

  return null;
}

export function absolute(url: string): string {
  return url.startsWith("//") ? `https:${url}` : url;
}

/**
 * The page's ScriptTags, each URL once: the loader's list, and scripts loaded through Shopify's
 * ScriptTag proxy (`cdn.shopify.com/proxy/<hash>/<vendor host>/…`), read as their vendor URL.
 */
export function readScriptTags(page: PageSignals): readonly ScriptTrace[] {
  let cached = readCache.get(page);
  if (!cached) readCache.set(page, (cached = read(page)));

  return cached;
}

// Read once per page: the app proxies and the script hosts both ask.
const readCache = new WeakMap<PageSignals, readonly ScriptTrace[]>();

function read(page: PageSignals): ScriptTrace[] {
  const out: ScriptTrace[] = [];
  const seen = new Set<string>();
  const add = (raw: string) => {
    const evidence = raw.trim();
    const proxied = isProxiedScriptTag(evidence);
    const url = absolute(proxied ? unproxied(evidence) : evidence);
    if (out.length >= MAX_SCRIPT_TAGS || seen.has(url)) return;
    seen.add(url);
    out.push({ url, evidence: boundText(evidence, MAX_EVIDENCE), source: proxied ? "proxied-script-tag" : "script-tag" });
  };
  let budget = MAX_LOADER_TEXT;
  for (const script of page.inlineScripts) {
    if (budget <= 0 || out.length >= MAX_SCRIPT_TAGS) break;
    if (!script.includes("asyncLoad")) continue;
    budget -= Math.min(script.length, MAX_SCRIPT_CHARS);
    const list = loaderUrlList(script);
    if (list) for (const url of urlsInScript(list, MAX_SCRIPT_TAGS, false)) add(url);
  }
  for (const script of page.scripts) if (isProxiedScriptTag(script.src)) add(script.src);

  return out;
}
