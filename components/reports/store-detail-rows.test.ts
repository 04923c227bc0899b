import { describe, expect, it } from "vitest";
import { readFindings } from "@/lib/findings";
import type { Labelled } from "@/lib/report-view/schemas";
import { storeDetailRows as rowsOf, valueText } from "./store-detail-rows";

// The store details read as words: countries and currencies by name, how completeness was
// checked as a sentence, never a raw JSON value, and grouped by how the values came to be.

const observed = (value: unknown) => ({ value, basis: "observed" as const });
const derived = (value: unknown) => ({ value, basis: "derived" as const });

// The page hands the rows its metadata and the findings lib/findings read from it.
const storeDetailRows = (metadata: Record<string, Labelled>) => rowsOf(metadata, readFindings(metadata));

describe("storeDetailRows", () => {
  const rows = storeDetailRows({
    name: observed("Izabel de Paula"),
    description: observed(null),
    country: observed("PT"),
    base_currency: observed("EUR"),
    ships_to_countries: observed(["PT", "ES", "FR"]),
    completeness: derived({ basis: "listing+sitemap", sitemap_products: 62, recovered: 2, gone_during_crawl: 1 }),
    listing_complete: derived(true),
    theme: observed({ name: "Dawn" }),
    apps: derived([]),
    cut_to_limits: derived({ products: 2, variants: 5, images: 0, tags: 0, options: 0, text_fields: 0, bytes: 0 }),
    later_field: derived({ tried: 3, source_kind: "api" }),
  });
  const text = (key: string) => [...rows.observed, ...rows.derived].find((row) => row.key === key)?.value;

  it("names countries and currencies instead of printing their codes", () => {
    expect(text("country")).toBe("Portugal");
    expect(text("base_currency")).toBe("Euro (EUR)");
    expect(text("ships_to_countries")).toBe("Portugal, Spain, France");
  });

  it("says how completeness was checked in a sentence", () => {
    expect(text("completeness")).toBe(
      "Checked against the product sitemap (62 products); 2 recovered from the sitemap; 1 removed while the store was read",
    );
    expect(
      storeDetailRows({ completeness: derived({ basis: "listing", sitemap_products: 0, recovered: 0, gone_during_crawl: 0 }) }).derived[0]!
        .value,
    ).toBe("From the product listing only; the sitemap could not be read");
  });

  it("never prints JSON, even for fields it does not know", () => {
    for (const row of [...rows.observed, ...rows.derived]) expect(row.value).not.toMatch(/[{}[\]"]/);
    expect(text("later_field")).toBe("Tried: 3; Source kind: api");
  });

  it("groups by how values came to be, leaves out empty ones and those shown in their own section", () => {
    expect(rows.observed.map((row) => row.key)).toEqual(["name", "country", "base_currency", "ships_to_countries"]);
    expect(rows.derived.map((row) => row.key)).toEqual(["listing_complete", "completeness", "cut_to_limits", "later_field"]);
    expect(text("cut_to_limits")).toBe("Parts of 2 products");
    expect(rows.derived.find((row) => row.key === "completeness")!.how).toMatch(/sitemap/);
  });
});

describe("valueText", () => {
  it("reads yes/no, counts and long lists", () => {
    expect(valueText(false)).toBe("No");
    expect(valueText(26040)).toBe("26,040");
    expect(valueText(Array.from({ length: 14 }, (_, i) => `c${i}`))).toMatch(/ and 2 more$/);
  });
});
