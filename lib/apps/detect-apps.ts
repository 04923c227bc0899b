import type { CheerioAPI } from "cheerio";
import { boundText } from "@/lib/http/bound-text";
import { loadHtml } from "@/lib/storefront-html/load-html";
import { isResourceHint, readPageSignals } from "@/lib/storefront-html/page-signals";
import type { App } from "./schemas";
import { APP_CATALOGUE } from "./catalogue";

export type DetectedApp = { slug: string; evidence: string };

const MAX_EVIDENCE = 160;

/** Patterns of every kind, each pointing back at its app's position in the catalogue. */
type CompiledCatalogue = {
  /** One alternation over all src fragments (lower-case), longest first. */
  src: RegExp | null;
  srcOwner: Map<string, number>;
  /** One alternation over all inline markers (case-sensitive). */
  inline: RegExp | null;
  inlineOwner: Map<string, number>;
  metaOwner: Map<string, number>;
  /** Anchored alternations for class-name and id prefixes. */
  classPrefix: RegExp | null;
  classOwner: Map<string, number>;
  idPrefix: RegExp | null;
  idOwner: Map<string, number>;
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

function compile(catalogue: readonly App[]): CompiledCatalogue {
  const srcOwner = new Map<string, number>();
  const inlineOwner = new Map<string, number>();
  const metaOwner = new Map<string, number>();
  const classOwner = new Map<string, number>();
  const idOwner = new Map<string, number>();
  catalogue.forEach((app, index) => {
    for (const p of app.patterns.src ?? []) srcOwner.set(p.toLowerCase(), index);
    for (const p of app.patterns.inline ?? []) inlineOwner.set(p, index);
    for (const p of app.patterns.meta ?? []) metaOwner.set(p.toLowerCase(), index);
    for (const p of app.patterns.dom ?? []) (p.startsWith("#") ? idOwner : classOwner).set(p.slice(1), index);
  });

  return {
    src: alternation(srcOwner.keys(), "g"),
    srcOwner,
    inline: alternation(inlineOwner.keys(), "g"),
    inlineOwner,
    metaOwner,
    classPrefix: alternation(classOwner.keys(), "", true),
    classOwner,
    idPrefix: alternation(idOwner.keys(), "", true),
    idOwner,
  };
}

// Compiled once per catalogue object and reused by every call (detection runs on every
// analysed page; rebuilding ~400-way alternations each time would dominate its cost).
const compiledCache = new WeakMap<readonly App[], CompiledCatalogue>();

function compiled(catalogue: readonly App[]): CompiledCatalogue {
  let c = compiledCache.get(catalogue);
  if (!c) {
    c = compile(catalogue);
    compiledCache.set(catalogue, c);
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

/**
 * Shopify's ScriptTag loader and most app embeds write their URLs into inline scripts
 * as JSON strings, where "/" is escaped as "\/" and "&" as "\u0026". Unescaping is a
 * plain string replacement over script text, not a parse of the HTML.
 */
function unescapeJsonUrls(text: string): string {
  return text.replaceAll("\\/", "/").replaceAll("\\u0026", "&");
}

export type DetectOptions = {
  /** Defaults to APP_CATALOGUE; tests pass their own to check single patterns. */
  catalogue?: readonly App[];
};

/**
 * Detects catalogue apps in an already parsed document. Use this when the same page
 * is also read by parseStorefrontHtml, so the HTML is parsed only once.
 *
 * Result order is catalogue order (stable whatever the page layout); each app appears
 * once, with the strongest evidence found: an external resource URL first, then a URL
 * or marker inside an inline script, then a meta tag, then a class/id prefix.
 */
export function detectAppsInDocument($: CheerioAPI, options: DetectOptions = {}): DetectedApp[] {
  const catalogue = options.catalogue ?? APP_CATALOGUE;
  const c = compiled(catalogue);
  const page = readPageSignals($);
  const evidence = new Map<number, string>();
  const record = (index: number | undefined, text: string) => {
    if (index !== undefined && !evidence.has(index)) evidence.set(index, boundText(text, MAX_EVIDENCE));
  };

  // 1. External resources: script src first (the strongest sign), then link and iframe. A
  // resource hint (dns-prefetch, preconnect) loads nothing: it is no sign of an installed app.
  const resourceUrls = [
    ...page.scripts.map((script) => script.src),
    ...page.links.filter((link) => !isResourceHint(link)).map((link) => link.href),
    ...page.iframes,
  ];
  if (c.src) {
    for (const url of resourceUrls) {
      for (const m of url.toLowerCase().matchAll(c.src)) record(c.srcOwner.get(m[0]), url.trim());
    }
  }

  // 2. Inline scripts, joined so each alternation scans the page's script text once.
  if (page.inlineScripts.length > 0) {
    const text = unescapeJsonUrls(page.inlineScripts.join("\n;\n"));
    if (c.src) {
      for (const m of text.toLowerCase().matchAll(c.src)) {
        const index = c.srcOwner.get(m[0]);
        if (index === undefined || evidence.has(index)) continue;
        record(index, surroundingToken(text, m.index, m.index + m[0].length));
      }
    }
    if (c.inline) {
      for (const m of text.matchAll(c.inline)) record(c.inlineOwner.get(m[0]), `inline script: ${m[0]}`);
    }
  }

  // 3. <meta name|property>.
  for (const name of page.metaNames) record(c.metaOwner.get(name), `meta ${name}`);

  // 4. Id and class prefixes, each distinct token tested once.
  if (c.idPrefix) {
    for (const id of page.ids) {
      const m = c.idPrefix.exec(id);
      if (m) record(c.idOwner.get(m[0]), `#${id}`);
    }
  }
  if (c.classPrefix) {
    for (const cls of page.classes) {
      const m = c.classPrefix.exec(cls);
      if (m) record(c.classOwner.get(m[0]), `.${cls}`);
    }
  }

  return [...evidence.entries()]
    .sort(([a], [b]) => a - b)
    .map(([index, text]) => ({ slug: (catalogue[index] as App).slug, evidence: text }));
}

/** Detects the catalogue apps a storefront page loads. See detectAppsInDocument. */
export function detectApps(html: string, options: DetectOptions = {}): DetectedApp[] {
  return detectAppsInDocument(loadHtml(html), options);
}
