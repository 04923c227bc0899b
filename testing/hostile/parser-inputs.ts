import { MAX_ELEMENT_DEPTH } from "@/lib/storefront-html/bound-nesting";

/**
 * Crafted inputs that made the old regex parsers super-linear (a store under an attacker's
 * control can serve any of them). `size` is the approximate length in characters.
 */
export const hostileParserInputs = {
  /** `<loc>` followed by spaces and no close: cubic for `<loc>\s*([^<]+?)\s*<\/loc>`. */
  sitemapSpaces: (size: number) => `<urlset><url><loc>${" ".repeat(size)}x`,
  /** Many `<loc>` openings without a close. */
  sitemapOpenLocs: (size: number) => `<urlset>${"<loc> ".repeat(Math.floor(size / 6))}`,
  /** Unclosed `<script`: each one rescanned the rest of the body looking for `</script>`. */
  htmlScripts: (size: number) => "<script>".repeat(Math.floor(size / 8)),
  /** `<` with no `>`: `<[^>]*>` scans to the end from each one. */
  htmlOpenBrackets: (size: number) => `text ${"<a".repeat(Math.floor(size / 2))}`,
  /** A million unclosed elements: a tree builder that `unshift`s its open-tag stack goes quadratic. */
  htmlOpenElements: (size: number) => "<div>".repeat(Math.floor(size / 5)),
  /** Unclosed inline elements: domutils' tree walk (cheerio's selections) `unshift`s its stack too. */
  htmlOpenInline: (size: number) => '<span><a href="/x">'.repeat(Math.floor(size / 19)),
  /** Unclosed tables: `<td>` implies closing only a `<td>` or `<th>` directly open, so they nest. */
  htmlOpenTables: (size: number) => "<table><tr><td>".repeat(Math.floor(size / 15)),
  /** Nests exactly as deep as the DOM cap, closed and reopened: the deepest the tree can be, everywhere. */
  htmlNestsAtCap: (size: number) => {
    const nest = `${"<div>".repeat(MAX_ELEMENT_DEPTH)}x${"</div>".repeat(MAX_ELEMENT_DEPTH)}`;

    return nest.repeat(Math.ceil(size / nest.length));
  },
  /** Sibling elements at the top of the document: cheerio's `$(selector)` compares each with all the others. */
  htmlTopLevelElements: (size: number) => "<i></i>".repeat(Math.floor(size / 7)),
  /** `<script/>` stays open in HTML: each nested script holds the rest of the page. */
  htmlOpenScripts: (size: number) => `${"<script/>".repeat(300)}${"Shopify x ".repeat(Math.floor(size / 10))}`,
  /** Unclosed comments. */
  htmlComments: (size: number) => "<!--".repeat(Math.floor(size / 4)),
  /** `<form` with no `>`: `<form[^>]+action=` rescans from each one. */
  passwordForms: (size: number) => "<form ".repeat(Math.floor(size / 6)),
  /** An inline script of unclosed `Shopify.theme={`: a literal read from each one runs to the end. */
  themeAssignments: (size: number) => "Shopify.theme={".repeat(Math.floor(size / 15)),
} as const;
