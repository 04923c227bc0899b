/** Which parts of the report are observed, derived or estimated (see also metadata labels). */
export const REPORT_PROVENANCE = {
  "products[]": "observed",
  "products[].priceMin, products[].priceMax, products[].available": "derived",
  "products[].description": "derived",
  "collections[]": "observed",
  "pages[]": "observed",
  summary: "derived",
  // The listing checked against the product sitemap; see metadata.completeness for the figures.
  "metadata.listing_complete, metadata.completeness": "derived",
} as const;
