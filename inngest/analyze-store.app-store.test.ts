// A store whose home page names an app the catalog does not know, by its app block handle: the
// first report names the handle honestly, resolve-app-listings looks it up on a fake App Store (on
// loopback, reached as apps.shopify.com), and the next analysis names the app after its listing and
// files the store under it in the directory. A handle with no listing is asked about once.
import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { appStoreListings } from "@/db/schema";
import { listApps } from "@/lib/apps/app-directory";
import { forgetAppStoreRobots } from "@/lib/apps/app-store/look-up-listing";
import { syncAppCatalog } from "@/lib/apps/sync-app-catalog";
import { resetEnvCache } from "@/lib/env";
import { getReport } from "@/lib/reports/get-report";
import type { Report } from "@/lib/reports/schemas";
import { startFakeAppStore, type FakeAppStore } from "@/testing/fake-app-store";
import { generatedStore } from "@/testing/fake-store";
import { startPipeline, type PipelineHarness } from "@/testing/pipeline";
import { buildDawnStorefrontHtml } from "@/testing/storefront/dawn-fixture";
import { waitFor } from "@/testing/wait-for";

let h: PipelineHarness;
let appStore: FakeAppStore;

const HOME = buildDawnStorefrontHtml({
  head: `<script src="https://cdn.shopify.com/extensions/35ea8c06-f706-4d25-a6f7-df8985b238c7/acme-upsell-pro-12/assets/offer.js" defer></script>`,
  body: `<!-- BEGIN app block: shopify://apps/acme-upsell-pro/blocks/offer/0f1e2d3c-4b5a-6978-8a9b-0c1d2e3f4a5b --><div class="acme-offer"></div><!-- END app block -->
<!-- BEGIN app block: shopify://apps/ghost-app/blocks/embed/1a2b3c4d-4b5a-6978-8a9b-0c1d2e3f4a5b --><!-- END app block -->`,
});

beforeAll(async () => {
  await syncAppCatalog();
  forgetAppStoreRobots();
  appStore = await startFakeAppStore({
    "acme-upsell-pro": {
      name: "Acme Upsell Pro",
      tagline: "Post-purchase offers",
      developer: "Acme Labs",
      category: "Upselling and cross-selling",
      rating: 4.7,
      reviews: 312,
    },
  });
  h = await startPipeline({ APP_STORE_LOOKUPS: "true" });
  process.env.SHOP_RESOLVE = `${process.env.SHOP_RESOLVE},${appStore.appStoreResolve}`;
  resetEnvCache();
  h.fakeStore.addStore(generatedStore("debonair-tea.test", { products: 3, seed: 7, homePage: HOME }));
}, 120_000);

afterAll(async () => {
  await h?.stop();
  await appStore?.close();
});

async function analyze(): Promise<Report> {
  const job = await h.submitAndWait("debonair-tea.test");
  expect(job.status, job.error ?? "").toBe("completed");

  return (await getReport(job.id)) as Report;
}

describe("an app the catalog does not know, named by its App Store listing", () => {
  it("is named by its handle first, looked up once in the background, then named after its listing", async () => {
    const first = await analyze();
    expect(first.metadata.apps.value.map((app) => app.slug)).not.toContain("acme-upsell-pro");
    expect(first.metadata.unidentified_apps?.value.map((app) => app.handle)).toEqual(
      expect.arrayContaining(["acme-upsell-pro", "ghost-app"]),
    );

    // The analysis asked resolve-app-listings to run; it answers both handles.
    const rows = await waitFor(
      async () => {
        const found = await getDb()
          .select()
          .from(appStoreListings)
          .where(inArray(appStoreListings.handle, ["acme-upsell-pro", "ghost-app"]));

        return found.length === 2 && found.every((row) => row.status !== "pending") ? found : null;
      },
      { timeoutMs: 30_000, intervalMs: 100, what: "the App Store lookups" },
    );
    expect(Object.fromEntries(rows.map((row) => [row.handle, row.status]))).toEqual({
      "acme-upsell-pro": "found",
      "ghost-app": "not_found",
    });
    expect(appStore.requests.filter((path) => path !== "/robots.txt").sort()).toEqual(["/acme-upsell-pro", "/ghost-app"]);

    const second = await analyze();
    expect(second.metadata.apps.value).toContainEqual({
      slug: "acme-upsell-pro",
      name: "Acme Upsell Pro",
      category: "upsell",
      evidence: expect.stringContaining("shopify://apps/acme-upsell-pro/blocks/offer"),
      source: "app-block",
      confidence: "high",
      app_store: { handle: "acme-upsell-pro", developer: "Acme Labs", rating: 4.7, review_count: 312 },
    });
    // Still honest about the one the App Store has no listing for, and it is not asked about again.
    expect(second.metadata.unidentified_apps?.value.map((app) => app.handle)).toEqual(["ghost-app"]);
    expect(appStore.requests.filter((path) => path !== "/robots.txt")).toHaveLength(2);

    // The learned app is in the directory, with this store.
    const directory = await listApps({ q: "acme" });
    expect(directory.data).toEqual([expect.objectContaining({ slug: "acme-upsell-pro", name: "Acme Upsell Pro", stores: 1 })]);
  }, 120_000);
});
