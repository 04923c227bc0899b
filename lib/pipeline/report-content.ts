import type { Basis, ContentCutSummary, CrawlSection, Labelled, RenderSection, ReportMetadata, ReportSummary } from "@/lib/reports/schemas";
import { buildFindings } from "@/lib/findings";
import type { ScreenshotSize } from "@/lib/render/schemas";
import { robotsPolicy } from "@/lib/shopify-reader/robots";
import { agentReadinessReport } from "@/lib/agent-readiness/agent-readiness-report";
import { addCut, NOTHING_CUT, type ContentCut } from "@/lib/shopify-reader/store-text-limits";
import type { Product } from "@/lib/shopify-reader/schemas";
import type { Reconciliation } from "@/lib/shopify-reader/product-crawl";
import { buildPriceDistribution } from "@/lib/store-directory/price-distribution";
import type { Artifact } from "@/lib/snapshots/artifacts";

export type { Basis, Labelled };

const observed = <T>(value: T): Labelled<T> => ({ value, basis: "observed" });
const derived = <T>(value: T): Labelled<T> => ({ value, basis: "derived" });

type PriceExtreme = { price: string; value: number };

/** The ten commonest values, most first (ties keep the order they were first met). */
const topTen = (counts: Map<string, number>) => [...counts.entries()].sort((a, b) => b[1] - a[1]).slice(0, 10);

/**
 * The report's derived product figures, folded in batch by batch (a 30,000-product
 * catalog is never held whole). Same results as sorting every price: the lowest price
 * is the first of equal lowest ones met, the highest the last of equal highest ones.
 */
export function createProductSummary() {
  let productCount = 0;
  let variantCount = 0;
  let availableCount = 0;
  let min: PriceExtreme | null = null;
  let max: PriceExtreme | null = null;
  const vendors = new Map<string, number>();
  const types = new Map<string, number>();
  const priceMins: (string | null)[] = [];
  const cut: ContentCut = { ...NOTHING_CUT };
  let productsCut = 0;

  return {
    add(products: Product[]) {
      for (const p of products) {
        productCount++;
        variantCount += p.variants.length;
        if (p.available === true) availableCount++;
        if (p.vendor) vendors.set(p.vendor, (vendors.get(p.vendor) ?? 0) + 1);
        if (p.productType) types.set(p.productType, (types.get(p.productType) ?? 0) + 1);
        priceMins.push(p.priceMin);
        if (p.cut) {
          productsCut++;
          addCut(cut, p.cut);
        }
        for (const { price } of p.variants) {
          if (price === null) continue;
          const value = Number(price);
          if (Number.isNaN(value)) continue;
          if (!min || value < min.value) min = { price, value };
          if (!max || value >= max.value) max = { price, value };
        }
      }
    },
    result(): Omit<ReportSummary, "collection_count" | "page_count" | "changes"> {
      return {
        product_count: productCount,
        variant_count: variantCount,
        available_product_count: availableCount,
        price_min: min?.price ?? null,
        price_max: max?.price ?? null,
        top_vendors: topTen(vendors).map(([vendor, count]) => ({ vendor, count })),
        top_product_types: topTen(types).map(([type, count]) => ({ product_type: type, count })),
        price_distribution: buildPriceDistribution(priceMins),
      };
    },
    /** What the limits on store content left out, over the products added. */
    cut(): ContentCutSummary {
      const { textFields, ...counts } = cut;

      return { products: productsCut, ...counts, text_fields: textFields };
    },
  };
}

/** Derived figures over a product list (all computed from observed product data). */
export function summarizeProducts(products: Product[]) {
  const summary = createProductSummary();
  summary.add(products);

  return summary.result();
}

type MetadataInput = {
  store: Artifact<"store">;
  storefront: Artifact<"storefront"> | null;
  collections: Artifact<"collections"> | null;
  pages: Artifact<"pages"> | null;
  robots?: Artifact<"robots"> | null;
  crawl?: Artifact<"crawl"> | null;
  agentReadiness?: Artifact<"agent-readiness"> | null;
  ownerSignatureExpiresAt?: string | null;
  render?: RenderInput;
  listingComplete: boolean;
  reconciliation: Reconciliation;
  exposesInventory: boolean;
  productCount: number;
  cut: ContentCutSummary;
};

/** The report's metadata, every field labelled with its basis (docs/decisions.md §6.7). */
export function buildMetadata(input: MetadataInput): ReportMetadata {
  const { meta, canonicalDomain, cartCurrency } = input.store;

  return {
    name: observed(meta.name),
    description: observed(meta.description),
    domain: observed(canonicalDomain),
    myshopify_domain: observed(meta.myshopifyDomain),
    country: observed(meta.country),
    city: observed(meta.city),
    base_currency: observed(meta.currency),
    presentment_currency: observed(cartCurrency),
    ships_to_countries: observed(meta.shipsToCountries),
    published_products_count: observed(meta.publishedProductsCount),
    published_collections_count: observed(meta.publishedCollectionsCount),
    products_read: derived(input.productCount),
    listing_complete: derived(input.listingComplete),
    // How completeness was established: the listing checked against the product sitemap.
    completeness: derived({
      basis: input.reconciliation.sitemapRead ? "listing+sitemap" : "listing",
      sitemap_products: input.reconciliation.sitemapProducts,
      recovered: input.reconciliation.recovered,
      gone_during_crawl: input.reconciliation.gone,
    }),
    products_recovered: derived(input.reconciliation.recovered),
    collections_complete: derived(input.collections?.complete ?? false),
    pages_complete: derived(input.pages?.complete ?? false),
    exposes_inventory: derived(input.exposesInventory),
    storefront_title: observed(input.storefront?.title ?? null),
    ...buildFindings(
      { storefront: input.storefront, pages: input.pages },
      {
        cut_to_limits: input.cut,
        crawl: crawlSection(input.robots ?? null, input.crawl ?? null, input.ownerSignatureExpiresAt ?? null),
        agent_readiness: agentReadinessReport(input.agentReadiness ?? null, input.robots ?? null),
        // Absent for a report built without the render step's outcome.
        render: input.render && renderSection(input.render),
      },
    ),
  };
}

/** The render artifact, and where its screenshots are served (the site's address at completion). */
export type RenderInput = { artifact: Artifact<"render"> | null; screenshotUrl: (size: ScreenshotSize) => string };

function renderSection({ artifact, screenshotUrl }: RenderInput): RenderSection {
  const has = (size: ScreenshotSize) => (artifact?.screenshots.includes(size) ? screenshotUrl(size) : null);

  return {
    status: artifact?.status ?? "not_rendered",
    // A job that reached build-report without a render artifact ran before the step existed mid-way.
    code: artifact ? artifact.code : "render_failed",
    screenshots: { desktop: has("desktop"), phone: has("phone") },
    requests: artifact?.stats.requests ?? 0,
    bytes: artifact?.stats.bytes ?? 0,
    refused: artifact?.stats.refused ?? {},
    stored_bytes: artifact?.storedBytes ?? 0,
    after_render: artifact?.afterRender ?? [],
  };
}

function crawlSection(robots: Artifact<"robots"> | null, crawl: Artifact<"crawl"> | null, ownerExpiresAt: string | null): CrawlSection {
  const delayMs = robots ? robotsPolicy(robots).crawlDelayMs : null;

  return {
    requests: crawl?.requests ?? 0,
    signed_requests: crawl?.signed ?? 0,
    retries: crawl?.retries ?? 0,
    refusals: crawl?.refusals ?? {},
    robots: {
      status: robots?.status ?? null,
      crawl_delay_seconds: delayMs === null ? null : delayMs / 1000,
      skipped: crawl?.robotsSkipped ?? [],
    },
    // The store owner's registered signature (sent instead of ours for their host), if any.
    owner_signature_expires_at: ownerExpiresAt,
  };
}
