import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { changelogEntries, inventoryEvents, inventoryLevels, jobs, reportBodies, reports, snapshotProducts, stores } from "@/db/schema";
import { loadArtifact } from "@/lib/snapshots/artifacts";
import { readStoredEncoding } from "@/lib/reports/report-body";
import { reportMetadataSchema } from "@/lib/reports/schemas";
import {
  blockedStore,
  fixtureStore,
  flakyStore,
  generatedStore,
  inventoryStore,
  notShopifySite,
  passwordStore,
  FAKE_STORE_TAG_IDS,
  SAMPLE_APPS,
} from "@/testing/fake-store";
import { startPipeline, type PipelineHarness } from "@/testing/pipeline";
import { waitFor } from "@/testing/wait-for";

let h: PipelineHarness;

beforeAll(async () => {
  h = await startPipeline();
});

afterAll(async () => {
  await h?.stop();
});

async function submitOk(domain: string, extra: Record<string, unknown> = {}) {
  const response = await h.submit({ domain, ...extra });
  expect(response.status).toBe(201);
  const body = (await response.json()) as { job: { id: string; status: string } };

  return body.job.id;
}

const snapshotCount = async (jobId: string) =>
  (
    await getDb()
      .select({ n: sql<number>`count(*)::int` })
      .from(snapshotProducts)
      .where(eq(snapshotProducts.jobId, jobId))
  )[0]!.n;

describe("analyze-store pipeline (fake Shopify store, embedded engine)", () => {
  it("completes a 2,000-product store with exact counts, report, theme and apps", async () => {
    h.fakeStore.addStore(generatedStore("two-thousand.test", { products: 2000, seed: 7 }));
    const jobId = await submitOk("https://Two-Thousand.test/collections/all");
    const job = await h.waitForJob(jobId);

    expect(job.status).toBe("completed");
    expect(job.progress).toBe(1);
    expect(job.listingComplete).toBe(true);
    expect(job.counts.products).toBe(2000);
    expect(await snapshotCount(jobId)).toBe(2000);

    const [report] = await getDb().select().from(reports).where(eq(reports.jobId, jobId));
    expect(report).toBeDefined();
    expect((report!.summary as { product_count: number }).product_count).toBe(2000);
    const [store] = await getDb().select().from(stores).where(eq(stores.slug, "two-thousand-test"));
    expect(store!.productCount).toBe(2000);
    expect(store!.latestJobId).toBe(jobId);
  });

  it("stores the report body when the job completes, so the first read is served stored bytes", async () => {
    h.fakeStore.addStore(generatedStore("stored-body.test", { products: 300, seed: 11 }));
    const job = await h.waitForJob(await submitOk("stored-body.test"));
    expect(job.status).toBe("completed");

    // No one has read the report yet: the row is there already.
    const [stored] = await getDb().select().from(reportBodies).where(eq(reportBodies.jobId, job.id));
    expect(stored?.etag).toMatch(new RegExp(`^"report-${job.id}-`));
    const gzip = await readStoredEncoding(job.id, stored!.etag, "gzip");
    expect(gzip?.length).toBeGreaterThan(0);

    const { GET } = await import("@/app/api/reports/[id]/route");
    const response = await GET(new Request(`http://localhost:3000/api/reports/${job.id}`, { headers: { "accept-encoding": "gzip" } }), {
      params: Promise.resolve({ id: job.id }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("etag")).toBe(stored!.etag);
    expect(Buffer.from(await response.arrayBuffer()).equals(gzip!)).toBe(true);
  });

  it("completes a store whose product strings hold NUL characters, without them", async () => {
    const store = h.fakeStore.addStore(generatedStore("nul-bytes.test", { products: 30, seed: 3 }));
    const catalog = store.shop!.catalog;
    const product = catalog.mutable(catalog.liveSlots()[0]!);
    product.title = "Tee\u0000 shirt";
    product.tags = ["\u0000"];
    const job = await h.waitForJob(await submitOk("nul-bytes.test"));
    expect(job.status).toBe("completed");

    const [row] = await getDb()
      .select()
      .from(snapshotProducts)
      .where(and(eq(snapshotProducts.jobId, job.id), eq(snapshotProducts.productId, product.id)));
    expect(row?.title).toBe("Tee shirt");
    expect(JSON.stringify(row?.data)).not.toContain("\\u0000");
    expect(await snapshotCount(job.id)).toBe(30);
  });

  it("detects the theme, the apps and the marketing tags in the storefront HTML", async () => {
    const klaviyo = SAMPLE_APPS.klaviyo;
    expect(klaviyo).toBeDefined();
    const unknownBlock = "<!-- BEGIN app block: shopify://apps/acme-upsell/blocks/embed/0f1e2d3c-4b5a-6978-8a9b-0c1d2e3f4a5b -->";
    h.fakeStore.addStore(fixtureStore("apps-shop.test", { apps: [klaviyo!, unknownBlock] }));
    const job = await h.waitForJob(await submitOk("apps-shop.test"));
    expect(job.status).toBe("completed");
    const [report] = await getDb().select().from(reports).where(eq(reports.jobId, job.id));
    const metadata = reportMetadataSchema.parse(report!.metadata);
    expect(metadata.apps.value.find((app) => app.slug === "klaviyo")).toMatchObject({ source: "script", confidence: "high" });
    expect(metadata.theme.value?.name).toBeTruthy();
    expect(metadata.theme.value).toMatchObject({ source: "globals", confidence: "high" });
    // An app Shopify names but the catalog does not know is reported by its handle, never as a catalog app.
    expect(metadata.unidentified_apps).toEqual({
      value: [expect.objectContaining({ handle: "acme-upsell", source: "app-block", confidence: "high" })],
      basis: "derived",
    });
    // The home page's web pixels: a GA4 property and a Meta pixel, with what showed them.
    const marketing = reportMetadataSchema.shape.marketing.parse((report!.metadata as Record<string, unknown>).marketing);
    expect(marketing?.basis).toBe("observed");
    expect(marketing?.value.tags.map(({ kind, id, source }) => ({ kind, id, source }))).toEqual([
      { kind: "google-analytics-4", id: FAKE_STORE_TAG_IDS.googleAnalytics, source: "web-pixel" },
      { kind: "meta-pixel", id: FAKE_STORE_TAG_IDS.metaPixel, source: "web-pixel" },
    ]);
    expect(marketing?.value.custom_pixels).toEqual({ count: 0, names: [] });
    // One list: the app and each tag once, with a category and where the entry comes from.
    expect(metadata.technologies?.basis).toBe("derived");
    expect(metadata.technologies?.value.map(({ slug, kind, category, source, ids }) => ({ slug, kind, category, source, ids }))).toEqual([
      { slug: "klaviyo", kind: "app", category: "email-sms", source: "hand", ids: [] },
      { slug: "google-youtube", kind: "app", category: "sales-channels", source: "hand", ids: [] },
      { slug: "facebook-instagram", kind: "app", category: "sales-channels", source: "hand", ids: [] },
      { slug: "google-analytics-4", kind: "tag", category: "analytics", source: "hand", ids: [FAKE_STORE_TAG_IDS.googleAnalytics] },
      { slug: "meta-pixel", kind: "tag", category: "advertising", source: "hand", ids: [FAKE_STORE_TAG_IDS.metaPixel] },
    ]);
  });

  it("lists the store's own profiles and contact (not its share button) and its languages", async () => {
    h.fakeStore.addStore(fixtureStore("voice-shop.test"));
    const job = await h.waitForJob(await submitOk("voice-shop.test"));
    expect(job.status).toBe("completed");
    const [report] = await getDb().select().from(reports).where(eq(reports.jobId, job.id));
    const { socials, markets } = reportMetadataSchema.parse(report!.metadata);
    expect(socials?.basis).toBe("observed");
    expect(socials?.value.profiles.map((p) => [p.network, p.url, p.seen_on])).toEqual([
      ["instagram", "https://www.instagram.com/voice-shop/", "/"],
      ["facebook", "https://www.facebook.com/voice-shop", "/"],
    ]);
    // The contact page's links, read from /pages.json.
    expect(socials?.value.emails.map((e) => e.seen_on)).toEqual(["/pages/contact"]);
    expect(socials?.value.phones.map((p) => [p.number, p.seen_on])).toEqual([["+1 555 010 0100", "/pages/contact"]]);
    expect(markets?.value.languages.map((l) => l.code)).toEqual(["en", "fr"]);
    expect(markets?.value.locale).toBe("en");
  });

  it("completes a flaky store that answers 429, 430 and 5xx along the way", async () => {
    h.fakeStore.addStore(
      flakyStore("flaky.test", {
        rateLimit: { everyK: 5, retryAfterSeconds: 0 },
        securityRejection: { everyK: 7 },
        serverErrors: { everyK: 4, statuses: [500, 502, 503] },
      }),
    );
    const job = await h.waitForJob(await submitOk("flaky.test"));
    expect(job.status).toBe("completed");
    expect(job.counts.products).toBe(22);
    const counters = h.fakeStore.store("flaky.test").counters();
    expect(counters.rateLimited).toBeGreaterThan(0);
    expect(counters.securityRejected).toBeGreaterThan(0);
    expect(counters.serverErrors).toBeGreaterThan(0);
  });

  it("refuses an invalid domain with 400 before any job exists", async () => {
    const before = (
      await getDb()
        .select({ n: sql<number>`count(*)::int` })
        .from(jobs)
    )[0]!.n;
    for (const domain of ["not a domain", "localhost", "127.0.0.1", "", "a..b.com"]) {
      const response = await h.submit({ domain });
      expect(response.status, domain).toBe(400);
      const body = await response.json();
      expect(body.code).toBe("invalid_request");
      expect(typeof body.error).toBe("string");
    }
    const after = (
      await getDb()
        .select({ n: sql<number>`count(*)::int` })
        .from(jobs)
    )[0]!.n;
    expect(after).toBe(before);
  });

  it.each([
    ["not-shopify.test", notShopifySite, "not_shopify"],
    ["locked.test", passwordStore, "store_password_protected"],
    ["blocked.test", blockedStore, "store_blocked"],
  ] as const)("fails %s with a clear error and code", async (domain, define, code) => {
    h.fakeStore.addStore(define(domain));
    const job = await h.waitForJob(await submitOk(domain));
    expect(job.status).toBe("failed");
    expect(job.errorCode).toBe(code);
    expect(job.error).toContain(domain);
  });

  it("stops the pipeline when a store turns password-protected during the product crawl", async () => {
    const domain = "closing.test";
    h.fakeStore.addStore(generatedStore(domain, { products: 3000, seed: 8, faults: { latencyMs: 40 } }));
    const jobId = await submitOk(domain);
    await waitFor(
      () =>
        h.fakeStore
          .store(domain)
          .log()
          .some((entry) => entry.path.startsWith("/products.json")),
      {
        intervalMs: 10,
        what: "the crawl to start",
      },
    );
    h.fakeStore.removeStore(domain);
    const locked = h.fakeStore.addStore(passwordStore(domain));

    const job = await h.waitForJob(jobId);
    expect(job.status).toBe("failed");
    expect(job.errorCode).toBe("store_password_protected");
    expect(job.step).toBe("fetch-products");
    // Nothing after the products step ran against the store.
    expect(locked.log().filter((entry) => !entry.path.startsWith("/products"))).toEqual([]);
  });

  it("fails an unknown host as store_not_found", async () => {
    const job = await h.waitForJob(await submitOk("no-such-store-zz9.invalid"));
    expect(job.status).toBe("failed");
    expect(job.errorCode).toBe("store_not_found");
  });

  it("lists exactly the changes of a fake-store time step in the changelog", async () => {
    h.fakeStore.addStore(generatedStore("changing.test", { products: 60, seed: 11 }));
    const first = await h.waitForJob(await submitOk("changing.test"));
    expect(first.status).toBe("completed");

    const changes = h.fakeStore.store("changing.test").advance({
      priceChanges: 3,
      addProducts: 2,
      removeProducts: 1,
      addPages: 1,
      removePages: 1,
    });
    const second = await h.waitForJob(await submitOk("changing.test"));
    expect(second.status).toBe("completed");

    const entries = await getDb().select().from(changelogEntries).where(eq(changelogEntries.jobId, second.id));
    const found = entries.map((e) => `${e.subject}:${e.change}:${e.subjectId}`).sort();
    const expected = changes
      .flatMap((change) => {
        switch (change.kind) {
          case "price_change":
            return [`price:changed:${change.variantId}`];
          case "product_added":
            return [`product:added:${change.productId}`];
          case "product_removed":
            return [`product:removed:${change.productId}`];
          case "page_added":
            return [`page:added:${change.pageId}`];
          case "page_removed":
            return [`page:removed:${change.pageId}`];
          default:
            return [];
        }
      })
      .sort();
    expect(found).toEqual(expected);

    // The first job and its report never changed.
    const [still] = await getDb().select().from(jobs).where(eq(jobs.id, first.id));
    expect(still!.completedAt?.toISOString()).toBe(first.completedAt?.toISOString());
  });
});

describe("inventory", () => {
  it("records levels per variant and turns quantity changes into observed sales and restocks", async () => {
    h.fakeStore.addStore(inventoryStore("stock.test"));
    const first = await h.waitForJob(await submitOk("stock.test"));
    const levels = await getDb().select().from(inventoryLevels).where(eq(inventoryLevels.jobId, first.id));
    expect(levels).toHaveLength(22);
    expect(levels.every((level) => level.quantity !== null)).toBe(true);

    const changes = h.fakeStore.store("stock.test").advance({ sales: 3, restocks: 2 });
    const second = await h.waitForJob(await submitOk("stock.test"));
    const events = await getDb().select().from(inventoryEvents).where(eq(inventoryEvents.jobId, second.id));
    const expected = changes
      .filter((c) => c.kind === "sale" || c.kind === "restock")
      .map((c) => {
        const delta = c.quantityAfter - c.quantityBefore;

        return `${delta < 0 ? "sale" : "restock"}:${c.variantId}:${Math.abs(delta)}`;
      })
      .sort();
    expect(events.map((e) => `${e.kind}:${e.variantId}:${e.delta}`).sort()).toEqual(expected);
    expect(events.every((e) => e.basis === "observed")).toBe(true);
  });

  it("falls back to availability flips, marked estimated, when a store hides quantities", async () => {
    h.fakeStore.addStore(fixtureStore("hidden-stock.test"));
    const first = await h.waitForJob(await submitOk("hidden-stock.test"));
    const levels = await getDb().select().from(inventoryLevels).where(eq(inventoryLevels.jobId, first.id));
    expect(levels.every((level) => level.quantity === null)).toBe(true);
    const [store] = await getDb().select().from(stores).where(eq(stores.slug, "hidden-stock-test"));
    expect(store!.exposesInventory).toBe(false);

    const changes = h.fakeStore.store("hidden-stock.test").advance({ sales: 40 });
    const soldOut = changes.flatMap((c) => (c.kind === "sale" && c.availableBefore && !c.availableAfter ? [c] : []));
    expect(soldOut.length).toBeGreaterThan(0);
    const second = await h.waitForJob(await submitOk("hidden-stock.test"));
    const events = await getDb().select().from(inventoryEvents).where(eq(inventoryEvents.jobId, second.id));
    expect(events.map((e) => `${e.kind}:${e.variantId}:${e.basis}:${e.delta}`).sort()).toEqual(
      [...new Set(soldOut.map((c) => `sale:${c.variantId}:estimated:null`))].sort(),
    );
  });
});

describe("past Shopify's 25,000-product listing cap", () => {
  it("completes a 30,000-product store with every product (collections + sitemap fallback)", async () => {
    h.fakeStore.addStore(generatedStore("thirty-thousand.test", { products: 30_000, seed: 5 }));
    const jobId = await submitOk("thirty-thousand.test");
    const job = await h.waitForJob(jobId, 600_000);

    expect(job.status).toBe("completed");
    expect(job.listingComplete).toBe(true);
    expect(job.counts.products).toBe(30_000);
    expect(await snapshotCount(jobId)).toBe(30_000);
    // The listing read every page up to the cap and none past it; the rest came from the fallback.
    const log = h.fakeStore.store("thirty-thousand.test").log();
    const listingPages = new Set(
      log
        .filter((entry) => entry.path.startsWith("/products.json?"))
        .map((entry) => Number(new URL(entry.path, "http://store").searchParams.get("page"))),
    );
    expect(Array.from({ length: 100 }, (_, k) => k + 1).every((page) => listingPages.has(page))).toBe(true);
    expect(Math.max(...listingPages)).toBeLessThanOrEqual(101);
    // Collection pages the product crawl read are not asked for again by the membership crawl,
    // and the collections it read whole have their members.
    const collectionPages = log.filter((entry) => /^\/collections\/[^/]+\/products\.json/.test(entry.path)).map((entry) => entry.path);
    expect(collectionPages.length).toBeGreaterThan(0);
    expect(collectionPages.length - new Set(collectionPages).size).toBe(0);
    const collections = await loadArtifact(jobId, "collections");
    const withMembers = collections!.collections.filter((collection) => collection.productIds !== null);
    expect(withMembers.length).toBeGreaterThan(0);
    for (const collection of withMembers) expect(new Set(collection.productIds).size).toBe(collection.productsCount);
    // "all" announces 30,000 products, past what a listing serves: its membership would be
    // partial, so none of its pages is asked for.
    expect(log.filter((entry) => entry.path.startsWith("/collections/all/products.json"))).toEqual([]);
    expect(collections!.collections.find((collection) => collection.handle === "all")?.productIds).toBeNull();
  }, 600_000);
});
