import { describe, expect, it } from "vitest";
import { planRoute } from "./crawl-plan";

const collections = (sizes: Record<string, number>) => Object.entries(sizes).map(([handle, products]) => ({ handle, products }));

describe("planRoute (past the 25,000 cap: which collections to read)", () => {
  // 30,000 products: three types partition the catalog; two vendor collections overlap them.
  const store = collections({ frontpage: 8, shirts: 12_000, mugs: 10_000, caps: 8_000, "brand-a": 9_990, "brand-b": 9_900 });

  it("reads first the collections whose sizes add up to the catalog, then the rest", () => {
    const route = planRoute(store, 30_000, 5_000);

    expect(
      route.collections
        .slice(0, 3)
        .map((c) => c.handle)
        .sort(),
    ).toEqual(["caps", "mugs", "shirts"]);
    // 48 + 40 + 32 pages.
    expect(route.cost).toBe(120);
    expect(route.collections.map((c) => c.handle)).toEqual(expect.arrayContaining(["brand-a", "brand-b", "frontpage"]));
  });

  it("prices a few missing products below any collection read: the sitemap route wins", () => {
    expect(planRoute(store, 25_040, 40).cost).toBeLessThanOrEqual(40);
  });

  it("puts a collection that reaches the listing cap itself last: it cannot be read past it either", () => {
    const route = planRoute(collections({ everything: 30_000, shirts: 12_000 }), 30_000, 5_000);

    expect(route.collections.map((c) => c.handle)).toEqual(["shirts", "everything"]);
  });
});
