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
  /** Unclosed comments. */
  htmlComments: (size: number) => "<!--".repeat(Math.floor(size / 4)),
  /** `<form` with no `>`: `<form[^>]+action=` rescans from each one. */
  passwordForms: (size: number) => "<form ".repeat(Math.floor(size / 6)),
  /** An inline script of unclosed `Shopify.theme={`: a literal read from each one runs to the end. */
  themeAssignments: (size: number) => "Shopify.theme={".repeat(Math.floor(size / 15)),
} as const;
