import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { stores } from "@/db/schema";
import { seedAnalyzedStore } from "@/testing/directory-seed";
import { getDirectoryFacets } from "./directory-facets";

// The directory's filters offer only what listed stores have, most common first, with how many
// stores each value would find.

beforeAll(async () => {
  const a = await seedAnalyzedStore({
    domain: "facet-a.test",
    currency: "EUR",
    apps: [{ slug: "loox" }, { slug: "judge-me" }],
    technologies: { tags: ["meta-pixel", "google-analytics-4"], languages: ["en", "fr"], markets: ["FR", "DE"], agent: ["storefront_mcp"] },
  });
  await seedAnalyzedStore({
    domain: "facet-b.test",
    currency: "EUR",
    apps: [{ slug: "judge-me" }],
    technologies: { tags: ["meta-pixel", "some-new-tag"], languages: ["en"], markets: ["DE"], agent: ["storefront_mcp", "llms_txt"] },
  });
  await seedAnalyzedStore({ domain: "facet-c.test", currency: "SEK" });
  await getDb().update(stores).set({ country: "DE" }).where(eq(stores.id, a.store.id));
  // Claimed but never analyzed: not in the directory, so its currency is not offered.
  await getDb()
    .insert(stores)
    .values({
      domain: "unlisted.test",
      slug: "unlisted-test",
      currency: "JPY",
      country: "JP",
      tagKinds: ["hotjar", "meta-pixel"],
      languages: ["ja"],
      markets: ["JP"],
      agentReadiness: ["ucp"],
    });
});

describe("getDirectoryFacets", () => {
  it("offers the listed stores' currencies, countries and apps with their store counts, most common first", async () => {
    const facets = await getDirectoryFacets();
    expect(facets.currencies.filter((c) => ["EUR", "SEK", "JPY"].includes(c.value))).toEqual([
      { value: "EUR", label: "Euro (EUR)", stores: 2 },
      { value: "SEK", label: "Swedish Krona (SEK)", stores: 1 },
    ]);
    // Named as the ships-to filter names the same countries, never a bare code beside a name.
    expect(facets.countries.find((c) => c.value === "DE")).toEqual({ value: "DE", label: "Germany", stores: 1 });
    expect(facets.countries.some((c) => c.value === "JP")).toBe(false);
    const judgeMe = facets.apps.findIndex((app) => app.value === "judge-me");
    const loox = facets.apps.findIndex((app) => app.value === "loox");
    expect(facets.apps[judgeMe]).toMatchObject({ label: "Judge.me Product Reviews", stores: 2 });
    expect(judgeMe).toBeLessThan(loox);
  });

  it("offers the listed stores' marketing tags, languages, markets and agent endpoints, named, with their store counts", async () => {
    const facets = await getDirectoryFacets();
    expect(facets.tags).toEqual([
      { value: "meta-pixel", label: "Meta pixel", stores: 2 },
      { value: "google-analytics-4", label: "Google Analytics 4", stores: 1 },
      { value: "some-new-tag", label: "Some new tag", stores: 1 },
    ]);
    expect(facets.languages).toEqual([
      { value: "en", label: "English", stores: 2 },
      { value: "fr", label: "French", stores: 1 },
    ]);
    expect(facets.markets).toEqual([
      { value: "DE", label: "Germany", stores: 2 },
      { value: "FR", label: "France", stores: 1 },
    ]);
    expect(facets.agent).toEqual([
      { value: "storefront_mcp", label: "Answers Storefront MCP", stores: 2 },
      { value: "llms_txt", label: "Has an llms.txt", stores: 1 },
    ]);
  });
});
