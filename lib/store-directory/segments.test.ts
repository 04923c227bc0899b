import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { GET } from "@/app/api/stores/route";
import { getDb } from "@/db";
import { stores } from "@/db/schema";
import { seedAnalyzedStore, seedAppEvent } from "@/testing/directory-seed";
import { listStoresQuerySchema } from "./schemas";
import { segmentHref, segmentInput } from "./segment-url";

// Segments of the directory: any combination of filters through GET /api/stores (the page, MCP
// and the chat parse the same schema and call the same function), with the segment's count.

const DAY = 86_400_000;

type Answer = { data: { slug: string; apps: string[]; price_median: number | null }[]; pagination: { total: number } };

async function call(query: string): Promise<{ status: number; body: Answer }> {
  const response = await GET(new Request(`http://localhost:3000/api/stores?per_page=50&${query}`), { params: Promise.resolve({}) });

  return { status: response.status, body: (await response.json()) as Answer };
}

async function slugsFor(query: string): Promise<string[]> {
  const { status, body } = await call(query);
  expect(status, JSON.stringify(body)).toBe(200);
  expect(body.pagination.total).toBe(body.data.length);

  return body.data.map((store) => store.slug);
}

/** A store whose latest analysis counted `products` products (the row as the pipeline leaves it). */
async function seed(domain: string, options: Omit<Parameters<typeof seedAnalyzedStore>[0], "domain"> & { productCount?: number }) {
  const seeded = await seedAnalyzedStore({ products: 3, ...options, domain });
  if (options.productCount !== undefined) {
    await getDb().update(stores).set({ productCount: options.productCount }).where(eq(stores.id, seeded.store.id));
  }

  return seeded;
}

const now = Date.now();
let installedRecently: Awaited<ReturnType<typeof seed>>;

beforeAll(async () => {
  // App X is seg-x, app Y seg-y: "X and not Y, 10–2,000 products" is exactly seg-match-*.
  installedRecently = await seed("seg-match-50.test", {
    apps: [{ slug: "seg-x" }],
    productCount: 50,
    theme: "Dawn",
    country: "PT",
    currency: "EUR",
  });
  await seed("seg-match-10.test", { apps: [{ slug: "seg-x" }, { slug: "seg-z" }], productCount: 10, theme: "Prestige" });
  await seed("seg-match-2000.test", { apps: [{ slug: "seg-x" }], productCount: 2000, country: "DE" });
  const both = await seed("seg-both.test", { apps: [{ slug: "seg-x" }, { slug: "seg-y" }], productCount: 100 });
  await seed("seg-small.test", { apps: [{ slug: "seg-x" }], productCount: 9 });
  await seed("seg-big.test", { apps: [{ slug: "seg-x" }], productCount: 2001 });
  const removed = await seed("seg-none.test", { apps: [{ slug: "seg-y" }], productCount: 500 });
  // First analyzed long ago, last analyzed a week ago.
  await seed("seg-old.test", {
    apps: [],
    productCount: 40,
    firstAnalyzedAt: new Date("2025-01-10T12:00:00Z"),
    analyzedAt: new Date(now - 7 * DAY),
  });

  // The technology timeline: seg-x installed 3 days ago on one store, 40 days ago on another; removed from seg-none 5 days ago.
  await seedAppEvent({
    store: installedRecently.store,
    jobId: installedRecently.jobId,
    kind: "app_installed",
    app: "seg-x",
    at: new Date(now - 3 * DAY),
  });
  await seedAppEvent({ store: both.store, jobId: both.jobId, kind: "app_installed", app: "seg-x", at: new Date(now - 40 * DAY) });
  await seedAppEvent({ store: removed.store, jobId: removed.jobId, kind: "app_removed", app: "seg-x", at: new Date(now - 5 * DAY) });
});

describe("a segment of the directory", () => {
  it("finds exactly the stores with app X and without app Y, 10–2,000 products, and counts them", async () => {
    const { body } = await call("app=seg-x&app_none=seg-y&products_min=10&products_max=2000&sort=products_asc");
    expect(body.data.map((store) => store.slug)).toEqual(["seg-match-10-test", "seg-match-50-test", "seg-match-2000-test"]);
    expect(body.pagination.total).toBe(3);
    expect(body.data[0]!.apps).toEqual(["seg-x", "seg-z"]);
  });

  it("pages a segment and keeps its count", async () => {
    const { body } = await call("app=seg-x&app_none=seg-y&products_min=10&products_max=2000&sort=products&per_page=2&page=2");
    expect(body.data.map((store) => store.slug)).toEqual(["seg-match-10-test"]);
    expect(body.pagination).toMatchObject({ total: 3, page: 2, total_pages: 2 });
  });

  it("takes all of, any of and none of a list of apps", async () => {
    expect((await slugsFor("app=seg-x,seg-z")).sort()).toEqual(["seg-match-10-test"]);
    expect((await slugsFor("app_any=seg-y,seg-z")).sort()).toEqual(["seg-both-test", "seg-match-10-test", "seg-none-test"]);
    expect((await slugsFor("app_any=seg-x,seg-y&app_none=seg-x")).sort()).toEqual(["seg-none-test"]);
  });

  it("finds the stores that installed or removed an app within N days, from their timeline", async () => {
    expect(await slugsFor("installed=seg-x&within_days=7")).toEqual(["seg-match-50-test"]);
    expect((await slugsFor("installed=seg-x&within_days=60")).sort()).toEqual(["seg-both-test", "seg-match-50-test"]);
    // The default window is 30 days.
    expect(await slugsFor("installed=seg-x")).toEqual(["seg-match-50-test"]);
    expect(await slugsFor("removed=seg-x&within_days=7")).toEqual(["seg-none-test"]);
    expect(await slugsFor("removed=seg-x&within_days=4")).toEqual([]);
  });

  it("filters by theme slug, country and currency", async () => {
    expect(await slugsFor("theme=dawn")).toEqual(["seg-match-50-test"]);
    expect((await slugsFor("theme=dawn,prestige")).sort()).toEqual(["seg-match-10-test", "seg-match-50-test"]);
    expect((await slugsFor("country=pt,de")).sort()).toEqual(["seg-match-2000-test", "seg-match-50-test"]);
    expect(await slugsFor("currency=EUR&app=seg-x")).toEqual(["seg-match-50-test"]);
  });

  it("filters by first and last analyzed dates", async () => {
    expect(await slugsFor("first_analyzed_to=2025-01-10")).toEqual(["seg-old-test"]);
    expect(await slugsFor("first_analyzed_from=2025-01-11&first_analyzed_to=2025-12-31")).toEqual([]);
    const weekAgo = new Date(now - 7 * DAY).toISOString().slice(0, 10);
    expect(await slugsFor(`last_analyzed_to=${weekAgo}&app_none=seg-x`)).toContain("seg-old-test");
    expect(await slugsFor(`last_analyzed_from=${new Date(now - DAY).toISOString().slice(0, 10)}&q=seg-old`)).toEqual([]);
  });

  it("filters and sorts by the median product price", async () => {
    // Every seeded store sells the same three sample products: their median lowest price is 11.99.
    const { body } = await call("q=seg-match&sort=price");
    expect(body.data.every((store) => store.price_median === 11.99)).toBe(true);
    expect((await slugsFor("q=seg-match&price_min=11&price_max=12")).length).toBe(3);
    expect(await slugsFor("q=seg-match&price_min=12")).toEqual([]);
  });

  it("refuses a malformed or unbounded segment instead of ignoring it", async () => {
    for (const query of [
      "app=Not An App!",
      `app=${Array.from({ length: 11 }, (_, i) => `a${i}`).join(",")}`,
      "within_days=366",
      "products_min=-1",
      "first_analyzed_from=2025-13-01",
      "page=201",
      "per_page=51",
      "sort=random",
      "country=Portugal",
    ]) {
      expect((await call(query)).status, query).toBe(400);
    }
  });
});

describe("a segment's address", () => {
  it("carries only the filters set, lists joined, defaults left out", () => {
    const query = listStoresQuerySchema.parse(
      segmentInput({
        q: "",
        app: ["seg-x", "seg-z"],
        app_none: "seg-y",
        country: "",
        within_days: "30",
        sort: "recent",
        products_min: "10",
      }),
    );
    expect(segmentHref(query)).toBe("/stores?app=seg-x%2Cseg-z&app_none=seg-y&products_min=10");
    expect(segmentHref(listStoresQuerySchema.parse({}))).toBe("/stores");
    expect(segmentHref(listStoresQuerySchema.parse({ installed: "seg-x", within_days: "7", sort: "price" }), { view: "table" })).toBe(
      "/stores?installed=seg-x&within_days=7&sort=price&view=table",
    );
  });
});
