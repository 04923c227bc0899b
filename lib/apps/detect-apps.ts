import type { CheerioAPI } from "cheerio";
import { boundText } from "@/lib/http/bound-text";
import { loadHtml } from "@/lib/storefront-html/load-html";
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

/** The minimal shape of htmlparser2/domhandler nodes that the walk below reads. */
type DomNode = {
  type: string;
  name?: string;
  data?: string;
  attribs?: Record<string, string>;
  children?: DomNode[];
};

type PageSignals = {
  scriptUrls: string[];
  otherUrls: string[];
  inlineScripts: string[];
  metaNames: string[];
  ids: Set<string>;
  classes: Set<string>;
};

/**
 * Everything detection looks at, gathered in one walk over the parsed tree. A walk
 * is used instead of several cheerio selections because a 1 MB storefront has tens of
 * thousands of elements and each selector would traverse all of them again.
 */
function collectPageSignals($: CheerioAPI): PageSignals {
  const out: PageSignals = {
    scriptUrls: [],
    otherUrls: [],
    inlineScripts: [],
    metaNames: [],
    ids: new Set(),
    classes: new Set(),
  };
  const stack: DomNode[] = [$.root()[0] as unknown as DomNode];
  while (stack.length > 0) {
    const node = stack.pop() as DomNode;
    const attribs = node.attribs;
    if (attribs && node.name) {
      const tag = node.name.toLowerCase();
      if (attribs.id) out.ids.add(attribs.id);
      if (attribs.class) {
        // A product grid repeats the same classes thousands of times; keep distinct tokens.
        for (const token of attribs.class.split(/\s+/)) if (token) out.classes.add(token);
      }
      if (tag === "script") {
        // Lazy-loading speed apps move src to data-src until first interaction.
        const src = attribs.src || attribs["data-src"];
        if (src) out.scriptUrls.push(src);
        // JSON-LD is merchant content (product names, descriptions), not app code.
        else if ((attribs.type ?? "").trim().toLowerCase() !== "application/ld+json") {
          const text = (node.children ?? []).map((child) => child.data ?? "").join("");
          if (text) out.inlineScripts.push(text);
        }
        continue;
      }
      if (tag === "link" && attribs.href) out.otherUrls.push(attribs.href);
      else if (tag === "iframe" && attribs.src) out.otherUrls.push(attribs.src);
      else if (tag === "meta") {
        const name = (attribs.name ?? attribs.property ?? "").toLowerCase();
        if (name) out.metaNames.push(name);
      }
    }
    const children = node.children;
    // Pushed in reverse so nodes are visited in document order.
    if (children) for (let i = children.length - 1; i >= 0; i--) stack.push(children[i] as DomNode);
  }

  return out;
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
  const page = collectPageSignals($);
  const evidence = new Map<number, string>();
  const record = (index: number | undefined, text: string) => {
    if (index !== undefined && !evidence.has(index)) evidence.set(index, boundText(text, MAX_EVIDENCE));
  };

  // 1. External resources: script src first (the strongest sign), then link and iframe.
  if (c.src) {
    for (const url of [...page.scriptUrls, ...page.otherUrls]) {
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
