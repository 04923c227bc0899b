type ReportJsonLdInput = {
  canonical: string;
  name: string;
  domain: string;
  storePage: string;
  completedAt: string | null;
  publishedAt: string | null;
  products: number;
  collections: number;
  pages: number;
};

/**
 * schema.org description of one report page: the snapshot of a store at a date, and what it
 * counted. Everything here is the report's own (not the store's current state), so the data
 * stays as true as the report itself.
 */
export function buildReportJsonLd(input: ReportJsonLdInput) {
  const { canonical, name, domain, storePage } = input;
  const count = (what: string, numberOfItems: number) => ({ "@type": "ItemList", name: `${what} of ${name}`, numberOfItems });

  return {
    "@context": "https://schema.org",
    "@type": "Report",
    "@id": canonical,
    url: canonical,
    name: `${name} (${domain}) — Shopify store report`,
    ...(input.completedAt ? { dateCreated: input.completedAt } : {}),
    ...(input.publishedAt ? { datePublished: input.publishedAt } : {}),
    about: { "@type": "OnlineStore", name, url: `https://${domain}`, sameAs: storePage },
    publisher: { "@type": "Organization", name: "StoreLens" },
    hasPart: [count("Products", input.products), count("Collections", input.collections), count("Pages", input.pages)],
  };
}
