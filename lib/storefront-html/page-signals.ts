import type { CheerioAPI } from "cheerio";

/** A <link> of the page: its rel tokens (lower-case), href and hreflang. */
export type PageLink = { rel: readonly string[]; href: string; hreflang: string | null };

/**
 * Everything the storefront detectors (apps, tags, profiles, languages) look at, gathered in
 * one walk over the parsed tree. A walk is used instead of cheerio selections because a 1 MB
 * storefront has tens of thousands of elements and each selector would traverse them again.
 * Lists are capped (MAX_ITEMS) and so is each value (MAX_VALUE): a page of a million links
 * costs the walk, never a list that size.
 */
export type PageSignals = {
  /** External scripts in document order: `src` (or `data-src`, where speed apps park it) and id. */
  scripts: { src: string; id: string | null }[];
  /** Inline script text in document order, JSON-LD excluded (it is merchant content). */
  inlineScripts: string[];
  /** Parsed application/ld+json blocks; top-level arrays flattened; invalid ones skipped. */
  jsonLd: unknown[];
  links: PageLink[];
  /** `<a href>` in document order. */
  anchors: string[];
  iframes: string[];
  /** `<img src>`: tracking pixels sit in <noscript> images. */
  images: string[];
  /** `<meta name|property>` names, lower-case. */
  metaNames: string[];
  ids: Set<string>;
  classes: Set<string>;
  /** HTML comments, trimmed: Shopify announces app blocks in them (`BEGIN app block: shopify://apps/…`). */
  comments: string[];
  /** The `<html lang>` attribute. */
  htmlLang: string | null;
};

const MAX_ITEMS = 5_000;
const MAX_VALUE = 2_048;
const MAX_COMMENT = 300;

/** Resource hints name hosts the page may use; they load nothing, so they are no sign of an app. */
export const RESOURCE_HINTS: ReadonlySet<string> = new Set(["dns-prefetch", "preconnect", "prefetch", "prerender"]);

/** True when every rel token of the link is a resource hint. */
export function isResourceHint(link: PageLink): boolean {
  return link.rel.length > 0 && link.rel.every((token) => RESOURCE_HINTS.has(token));
}

/** The minimal shape of htmlparser2/domhandler nodes that the walk reads. */
type DomNode = {
  type: string;
  name?: string;
  data?: string;
  attribs?: Record<string, string>;
  children?: DomNode[];
};

function push<T>(list: T[], value: T) {
  if (list.length < MAX_ITEMS) list.push(value);
}

function cut(value: string): string {
  const trimmed = value.trim();
  return trimmed.length > MAX_VALUE ? trimmed.slice(0, MAX_VALUE) : trimmed;
}

function parseJsonLd(text: string, out: unknown[]) {
  try {
    const value: unknown = JSON.parse(text);
    for (const item of Array.isArray(value) ? (value as unknown[]) : [value]) push(out, item);
  } catch {
    // Hand-edited themes often ship invalid JSON-LD; skip it rather than fail the page.
  }
}

function walk($: CheerioAPI): PageSignals {
  const out: PageSignals = {
    scripts: [],
    inlineScripts: [],
    jsonLd: [],
    links: [],
    anchors: [],
    iframes: [],
    images: [],
    metaNames: [],
    ids: new Set(),
    classes: new Set(),
    comments: [],
    htmlLang: null,
  };
  const stack: DomNode[] = [$.root()[0] as unknown as DomNode];
  while (stack.length > 0) {
    const node = stack.pop() as DomNode;
    if (node.type === "comment") {
      const text = (node.data ?? "").trim();
      if (text) push(out.comments, text.slice(0, MAX_COMMENT));
      continue;
    }
    const attribs = node.attribs;
    if (attribs && node.name) {
      const tag = node.name.toLowerCase();
      if (attribs.id && out.ids.size < MAX_ITEMS) out.ids.add(cut(attribs.id));
      if (attribs.class) {
        // A product grid repeats the same classes thousands of times; keep distinct tokens.
        for (const token of attribs.class.split(/\s+/))
          if (token && out.classes.size < MAX_ITEMS) out.classes.add(token.slice(0, MAX_VALUE));
      }
      if (tag === "script") {
        const src = attribs.src || attribs["data-src"];
        const text = (node.children ?? []).map((child) => (child.type === "text" ? (child.data ?? "") : "")).join("");
        if (src) push(out.scripts, { src: cut(src), id: attribs.id ? cut(attribs.id) : null });
        else if ((attribs.type ?? "").trim().toLowerCase() === "application/ld+json") parseJsonLd(text, out.jsonLd);
        else if (text) push(out.inlineScripts, text);
        // Its own text only: in HTML `<script/>` stays open with markup inside, which is not the page's.
        continue;
      }
      if (tag === "html" && attribs.lang && out.htmlLang === null) out.htmlLang = cut(attribs.lang);
      else if (tag === "link" && attribs.href) {
        const rel = (attribs.rel ?? "").toLowerCase().split(/\s+/).filter(Boolean);
        push(out.links, { rel, href: cut(attribs.href), hreflang: attribs.hreflang ? cut(attribs.hreflang) : null });
      } else if (tag === "a" && attribs.href) push(out.anchors, cut(attribs.href));
      else if (tag === "iframe" && attribs.src) push(out.iframes, cut(attribs.src));
      else if (tag === "img" && attribs.src) push(out.images, cut(attribs.src));
      else if (tag === "meta") {
        const name = (attribs.name ?? attribs.property ?? "").toLowerCase();
        if (name) push(out.metaNames, cut(name));
      }
    }
    const children = node.children;
    // Pushed in reverse so nodes are visited in document order.
    if (children) for (let i = children.length - 1; i >= 0; i--) stack.push(children[i] as DomNode);
  }

  return out;
}

// One walk per parsed document, however many detectors read it.
const signalsCache = new WeakMap<CheerioAPI, PageSignals>();

/** The signals of a parsed storefront page (see PageSignals); computed once per document. */
export function readPageSignals($: CheerioAPI): PageSignals {
  let signals = signalsCache.get($);
  if (!signals) {
    signals = walk($);
    signalsCache.set($, signals);
  }

  return signals;
}
