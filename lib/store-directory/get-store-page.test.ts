import { beforeAll, describe, expect, it } from "vitest";
import { GET } from "@/app/api/stores/[slug]/route";
import { sampleProduct, seedAnalyzedStore } from "@/testing/directory-seed";
import { agentReadinessReport } from "@/lib/agent-readiness/agent-readiness-report";
import { buildPriceDistribution } from "./price-distribution";

const call = async (url: string, slug: string) => {
  const response = await GET(new Request(`http://localhost:3000${url}`), { params: Promise.resolve({ slug }) });

  return { status: response.status, body: await response.json() };
};

beforeAll(async () => {
  await seedAnalyzedStore({
    domain: "paged.test",
    name: "Paged",
    products: 100,
    theme: "Dawn",
    apps: [{ slug: "loox" }],
    publishedAt: new Date(),
  });
});

const tag = {
  kind: "meta-pixel",
  name: "Meta pixel",
  id: "1234567890",
  evidence: "fbq('init', '1234567890')",
  source: "inline-script",
  confidence: "high",
};
const markets = {
  languages: [{ code: "fr", url: "https://shop.test/fr" }],
  language_count: 1,
  locale: "en",
  visitor_country: "US",
  presentment_currency: "USD",
};

beforeAll(async () => {
  await seedAnalyzedStore({
    domain: "stack.test",
    name: "Stack",
    products: 2,
    metadata: {
      marketing: { value: { tags: [tag], custom_pixels: { count: 1, names: ["Reddit"] } }, basis: "observed" },
      markets: { value: markets, basis: "observed" },
      // Not the shape of a socials section: the page says it was not read rather than failing.
      socials: { value: { profiles: "instagram" }, basis: "observed" },
      agent_readiness: { value: agentReadinessReport(null, null), basis: "observed" },
    },
  });
});

describe("GET /api/stores/:slug", () => {
  it("carries what the latest report read on the storefront, and null for what it did not or could not", async () => {
    const { status, body } = await call("/api/stores/stack-test", "stack-test");
    expect(status).toBe(200);
    expect(body.storefront.marketing).toEqual({ tags: [tag], custom_pixels: { count: 1, names: ["Reddit"] } });
    expect(body.storefront.markets).toEqual(markets);
    expect(body.storefront.socials).toBeNull();
    expect(body.storefront.agent_readiness.storefront_mcp.status).toBe("not_checked");
    // A report of no storefront findings (built before they were read) has them all null.
    expect((await call("/api/stores/paged-test", "paged-test")).body.storefront).toEqual({
      marketing: null,
      socials: null,
      markets: null,
      technologies: null,
      agent_readiness: null,
    });
  });

  it("serves one page of products from SQL with the store's total, prices, theme and apps", async () => {
    const { status, body } = await call("/api/stores/paged-test?page=2&per_page=24", "paged-test");
    expect(status).toBe(200);
    expect(body.products.pagination).toEqual({ page: 2, per_page: 24, total: 100, total_pages: 5 });
    expect(body.products.data.map((p: { handle: string }) => p.handle)).toEqual(Array.from({ length: 24 }, (_, i) => `product-${24 + i}`));
    expect(body.prices.min).toBe("10.99");
    expect(body.prices.max).toBe("104.99");
    const bands = body.prices.distribution as { count: number }[];
    expect(bands.reduce((n, band) => n + band.count, 0)).toBe(100);
    expect(body.theme).toBe("Dawn");
    expect(body.apps).toEqual([{ slug: "loox", name: "Loox", category: expect.any(String) }]);
    expect(body.seo.indexable).toBe(true);
    expect(body.export_urls.csv).toBe("http://localhost:3000/api/free-export?slug=paged-test&format=csv");
    const itemList = body.seo.json_ld["@graph"].find((node: { "@type": string }) => node["@type"] === "ItemList");
    expect(itemList.numberOfItems).toBe(100);
    expect(itemList.itemListElement[0].item).toMatchObject({ "@type": "Product", name: sampleProduct(24).title });
  });

  it("answers 404 for an unknown store and 400 for a bad page", async () => {
    expect((await call("/api/stores/nope", "nope")).status).toBe(404);
    expect((await call("/api/stores/paged-test?per_page=500", "paged-test")).status).toBe(400);
  });
});

describe("price distribution", () => {
  it("puts every priced product in one round band and finds the median", () => {
    const result = buildPriceDistribution(["5.00", "12.50", "19.99", "20.00", "99.00", null, "not a price"]);
    expect(result.priced_products).toBe(5);
    expect(result.median).toBe(19.99);
    expect(result.bands.reduce((n, band) => n + band.count, 0)).toBe(5);
    expect(result.bands[0]!.from).toBe(0);
    for (const band of result.bands) expect(Number.isInteger(band.to - band.from) || band.to - band.from === 2.5).toBe(true);
    expect(buildPriceDistribution([])).toEqual({ bands: [], median: null, priced_products: 0 });
    expect(buildPriceDistribution(["7.00", "7.00"]).bands).toEqual([{ from: 0, to: 10, count: 2 }]);
  });
});
