import { renderToStaticMarkup } from "react-dom/server";
import { beforeAll, describe, expect, it } from "vitest";
import { seedAnalyzedStore } from "@/testing/directory-seed";
import StoresPage from "./page";

// The /stores page: a submitted form (every field, empty ones too) is sent on to the address of the
// filters set only; the heading counts the segment; the table view and named countries.

type SearchParams = Record<string, string | string[] | undefined>;

async function render(searchParams: SearchParams): Promise<{ html?: string; redirectedTo?: string }> {
  try {
    const element = await StoresPage({ searchParams: Promise.resolve(searchParams), params: Promise.resolve({}) } as never);

    return { html: renderToStaticMarkup(element) };
  } catch (error) {
    // Next's redirect() throws an error whose digest names the address.
    const digest = (error as { digest?: string }).digest;
    if (typeof digest === "string" && digest.startsWith("NEXT_REDIRECT")) return { redirectedTo: digest.split(";")[2] };
    throw error;
  }
}

beforeAll(async () => {
  await seedAnalyzedStore({
    domain: "page-a.test",
    name: "Page A",
    products: 12,
    apps: [{ slug: "page-x" }],
    country: "PT",
    theme: "Dawn",
  });
  await seedAnalyzedStore({ domain: "page-b.test", name: "Page B", products: 12, apps: [{ slug: "page-x" }, { slug: "page-y" }] });
  await seedAnalyzedStore({ domain: "page-c.test", name: "Page C", products: 3 });
});

describe("/stores", () => {
  it("sends a submitted form on to the address of the filters set, lists joined, defaults and empty fields dropped", async () => {
    const form: SearchParams = {
      q: "",
      sort: "recent",
      view: "cards",
      app: "page-x",
      app_none: ["page-y"],
      country: "",
      within_days: "30",
      products_min: "10",
      products_max: "",
      tag: ["", ""],
    };
    expect((await render(form)).redirectedTo).toBe("/stores?app=page-x&app_none=page-y&products_min=10");
    expect((await render({ ...form, view: "table", app_any: ["page-x", "page-y"] })).redirectedTo).toBe(
      "/stores?app=page-x&app_any=page-x%2Cpage-y&app_none=page-y&products_min=10&view=table",
    );
  });

  it("counts the segment in the heading and lists its stores, as cards or as a table", async () => {
    const cards = (await render({ app: "page-x", app_none: "page-y", products_min: "10" })).html!;
    expect(cards).toContain("1 store matches these filters.");
    expect(cards).toContain("Page A");
    expect(cards).not.toContain("Page B");

    const table = (await render({ app: "page-x", view: "table" })).html!;
    expect(table).toContain("2 stores match these filters.");
    expect(table).toContain('data-testid="store-table"');
    expect(table).toContain("Portugal");
    expect(table).toContain('href="/themes/dawn"');
  });

  it("names the whole directory when nothing filters it, and countries by name in the filter", async () => {
    const html = (await render({})).html!;
    expect(html).toMatch(/\d+ analyzed Shopify stores?\./);
    expect(html).toMatch(/<option value="PT">Portugal \(1\)<\/option>/);
    expect(html).not.toMatch(/>PT \(1\)</);
  });
});
