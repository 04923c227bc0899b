import { type CheerioAPI, load } from "cheerio";
import { boundNesting } from "./bound-nesting";

/**
 * Parses storefront HTML for reading (attributes, script text, meta tags).
 *
 * Uses htmlparser2 in HTML mode rather than cheerio's default parse5: it is several
 * times faster on 1 MB storefront pages, and parse5's spec-exact tree construction
 * (implied tags, foster parenting) does not change any attribute or script text we
 * read. <script> and <style> bodies are still raw text, as in a browser.
 * The tree is at most MAX_ELEMENT_DEPTH deep (see boundNesting): parsing and every
 * selection then cost a bounded amount per element, however the page nests.
 */
export function loadHtml(html: string): CheerioAPI {
  return load(boundNesting(html), { xml: { xmlMode: false, decodeEntities: true } });
}
