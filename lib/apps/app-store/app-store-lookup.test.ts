// App Store lookups against a fake App Store on loopback: found, not found (kept, not asked again),
// hostile listings (huge, slow, garbage) bounded, and what a found listing teaches detection.
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { apps, appStoreListings } from "@/db/schema";
import { resetEnvCache } from "@/lib/env";
import { startFakeAppStore, type FakeAppStore } from "@/testing/fake-app-store";
import { syncAppCatalog } from "../sync-app-catalog";
import {
  findLearnedApps,
  listDueAppListings,
  MAX_NEW_HANDLES_PER_ANALYSIS,
  recordSeenAppHandles,
  REFRESH_FOUND_AFTER_MS,
  slugForListing,
} from "./app-store-listings";
import { forgetAppStoreRobots, LOOKUP_TIMEOUT_MS } from "./look-up-listing";
import { nameAppsFromAppStore } from "./name-from-app-store";
import { listHandlesToLookUp, lookUpAndRecordListing, MAX_LOOKUPS_PER_HOUR } from "./resolve-listings";

let store: FakeAppStore;
const saved = { ...process.env };

beforeAll(async () => {
  await syncAppCatalog();
  store = await startFakeAppStore({
    "acme-upsell-pro": {
      name: "Acme Upsell Pro",
      tagline: "Post-purchase offers",
      developer: "Acme Labs",
      category: "Upselling and cross-selling",
      rating: 4.7,
      reviews: 312,
    },
    "judgeme-clone": { name: "Judge.me Product Reviews", developer: "Judge.me", category: "Product reviews", rating: 5, reviews: 30_000 },
    "shopify-forms": { name: "Shopify Forms", developer: "Shopify", category: "Forms", rating: 4.2, reviews: 900 },
    "huge-app": { kind: "huge", bytes: 3 * 1024 * 1024 },
    "slow-app": { kind: "slow", ms: 60_000 },
    "garbage-app": { kind: "garbage" },
    "unreadable-app": { kind: "unreadable" },
    "down-app": { kind: "status", status: 503 },
    "delisted-app": { kind: "moved", location: "https://www.shopify.com/app-store" },
    "renamed-app": { kind: "moved", location: "/acme-upsell-pro" },
  });
  Object.assign(process.env, {
    SHOP_RESOLVE: store.appStoreResolve,
    ALLOW_PRIVATE_NETWORK: "true",
    SCRAPER_MIN_INTERVAL_MS: "0",
    SCRAPER_BACKOFF_BASE_MS: "10",
    APP_STORE_LOOKUPS: "true",
  });
  resetEnvCache();
});

afterAll(async () => {
  process.env = saved;
  resetEnvCache();
  await store?.close();
});

beforeEach(async () => {
  forgetAppStoreRobots();
  store.requests.length = 0;
  store.requestHeaders.length = 0;
});

async function listing(handle: string) {
  const [row] = await getDb().select().from(appStoreListings).where(eq(appStoreListings.handle, handle));

  return row;
}

describe("looking an unknown handle up on the App Store", () => {
  it("reads the listing once, through the signed store fetch under robots.txt, and files the app in the directory", async () => {
    expect(await recordSeenAppHandles(["acme-upsell-pro"])).toEqual(["acme-upsell-pro"]);
    expect(await listHandlesToLookUp(new Date())).toContain("acme-upsell-pro");

    expect(await lookUpAndRecordListing("acme-upsell-pro")).toBe("found");

    expect(store.requests).toEqual(["/robots.txt", "/acme-upsell-pro"]);
    expect(store.requestHeaders[1]).toMatchObject({ "user-agent": expect.stringContaining("StoreLensBot"), signature: expect.any(String) });
    expect(await listing("acme-upsell-pro")).toMatchObject({
      status: "found",
      name: "Acme Upsell Pro",
      developer: "Acme Labs",
      category: "Upselling and cross-selling",
      rating: 4.7,
      reviewCount: 312,
      iconUrl: expect.stringMatching(/^https:\/\/cdn\.shopify\.com\//),
      appSlug: "acme-upsell-pro",
      failures: 0,
    });
    const [app] = await getDb().select().from(apps).where(eq(apps.slug, "acme-upsell-pro"));
    expect(app).toMatchObject({ name: "Acme Upsell Pro", category: "upsell", website: "https://apps.shopify.com/acme-upsell-pro" });

    // Looked up once: not due again until its refresh, a month on.
    expect(await listDueAppListings(new Date(), 100)).not.toContain("acme-upsell-pro");
    expect(await listDueAppListings(new Date(Date.now() + REFRESH_FOUND_AFTER_MS + 60_000), 100)).toContain("acme-upsell-pro");
  });

  it("keeps a 404 as not_found, not asked again each analysis", async () => {
    await recordSeenAppHandles(["ghost-app"]);
    expect(await lookUpAndRecordListing("ghost-app")).toBe("not_found");
    expect(await listing("ghost-app")).toMatchObject({ status: "not_found", appSlug: null });

    // A later analysis meets the handle again: it stays as it is, and no lookup is due.
    expect(await recordSeenAppHandles(["ghost-app"])).toEqual([]);
    expect(await listDueAppListings(new Date(), 100)).not.toContain("ghost-app");
    expect(store.requests.filter((path) => path === "/ghost-app")).toHaveLength(1);
  });

  it("follows a renamed handle on the App Store, and keeps a handle sent off it as not_found", async () => {
    expect(await lookUpAndRecordListing("renamed-app")).toBe("found");
    expect(await listing("renamed-app")).toMatchObject({ status: "found", name: "Acme Upsell Pro", appSlug: "acme-upsell-pro" });
    expect(await lookUpAndRecordListing("delisted-app")).toBe("not_found");
    expect(store.requests).not.toContain("/app-store");
  });

  it("names a listing of a catalog app after the catalog's app, never twice", async () => {
    expect(await lookUpAndRecordListing("judgeme-clone")).toBe("found");
    expect(await listing("judgeme-clone")).toMatchObject({ status: "found", appSlug: "judge-me" });
    expect(slugForListing("klaviyo", "Some Other Klaviyo")).toEqual({ slug: "klaviyo-app", catalog: false });
    // An app the fingerprint base lists (its row synced at start-up) is that app, too.
    expect(slugForListing("carro-marketplace", "Carro")).toEqual({ slug: "carro", catalog: true });
    expect(slugForListing("carro", "Carro Wholesale Plus")).toEqual({ slug: "carro-app", catalog: false });
    // The list of Shopify apps names its apps by their App Store handle: a listing renamed since is still that app.
    expect(slugForListing("bizzy-social-proof", "Bizzy ‑ Recent Sales Pop Up")).toEqual({ slug: "bizzy-social-proof", catalog: true });
  });

  it.each([
    ["a 3 MB page", "huge-app", /too large|larger|exceed|bytes/i],
    ["a page that never ends", "slow-app", /within|timeout/i],
    ["bytes that are no HTML", "garbage-app", /names no app/],
    ["broken JSON-LD in 10,000 open elements", "unreadable-app", /names no app/],
    ["a 503", "down-app", /503/],
  ])(
    "bounds %s: an error kept with a backoff, within the lookup's time",
    async (_name, handle, message) => {
      await recordSeenAppHandles([handle]);
      const started = Date.now();
      expect(await lookUpAndRecordListing(handle, { timeoutMs: 500 })).toBe("error");
      expect(Date.now() - started).toBeLessThan(2 * LOOKUP_TIMEOUT_MS);
      const row = await listing(handle);
      expect(row).toMatchObject({ status: "error", failures: 1, error: expect.stringMatching(message) });
      // Backed off: not due at once, due after an hour.
      expect(row?.nextCheckAt.getTime()).toBeGreaterThanOrEqual(Date.now() + 59 * 60_000);

      // A second failure in a row waits twice as long.
      await lookUpAndRecordListing(handle, { timeoutMs: 500 });
      const again = await listing(handle);
      expect(again?.failures).toBe(2);
      expect((again?.nextCheckAt.getTime() ?? 0) - (again?.fetchedAt?.getTime() ?? 0)).toBe(2 * 60 * 60_000);
    },
    30_000,
  );

  it("keeps a found listing when its refresh fails", async () => {
    await lookUpAndRecordListing("acme-upsell-pro");
    store.setListing("acme-upsell-pro", { kind: "status", status: 503 });
    try {
      expect(await lookUpAndRecordListing("acme-upsell-pro")).toBe("error");
      expect(await listing("acme-upsell-pro")).toMatchObject({ status: "found", name: "Acme Upsell Pro", failures: 1 });
    } finally {
      store.setListing("acme-upsell-pro", {
        name: "Acme Upsell Pro",
        developer: "Acme Labs",
        category: "Upselling and cross-selling",
        rating: 4.7,
        reviews: 312,
      });
    }
  });

  it("keeps a page of thousands of invented handles from queueing thousands of lookups", async () => {
    const invented = Array.from({ length: 5_000 }, (_, i) => `invented-${i}`);
    expect(await recordSeenAppHandles(invented)).toHaveLength(MAX_NEW_HANDLES_PER_ANALYSIS);
    // And the App Store's hourly budget holds whatever is pending.
    const hourAgo = new Date(Date.now() - 30 * 60_000);
    await getDb()
      .insert(appStoreListings)
      .values(
        Array.from({ length: MAX_LOOKUPS_PER_HOUR }, (_, i) => ({
          handle: `looked-up-${i}`,
          status: "not_found" as const,
          fetchedAt: hourAgo,
          nextCheckAt: new Date(Date.now() + 86_400_000),
        })),
      );
    try {
      expect(await listHandlesToLookUp(new Date())).toEqual([]);
    } finally {
      await getDb()
        .delete(appStoreListings)
        .where(
          inArray(appStoreListings.handle, [...invented, ...Array.from({ length: MAX_LOOKUPS_PER_HOUR }, (_, i) => `looked-up-${i}`)]),
        );
    }
  });

  it("looks nothing up when App Store lookups are turned off", async () => {
    await recordSeenAppHandles(["never-asked"]);
    process.env.APP_STORE_LOOKUPS = "false";
    resetEnvCache();
    try {
      expect(await listHandlesToLookUp(new Date())).toEqual([]);
    } finally {
      process.env.APP_STORE_LOOKUPS = "true";
      resetEnvCache();
    }
  });
});

describe("what a lookup teaches detection", () => {
  it("names an app whose listing Shopify publishes as Shopify's own", async () => {
    await lookUpAndRecordListing("shopify-forms");
    const evidence = "BEGIN app block: shopify://apps/shopify-forms/blocks/inline/1";
    const named = await nameAppsFromAppStore({
      apps: [],
      unidentified: [{ handle: "shopify-forms", api_client_id: null, evidence, source: "app-block", confidence: "high" }],
    });
    expect(named.apps).toEqual([expect.objectContaining({ name: "Shopify Forms", first_party: true })]);
    expect(named.unidentified).toEqual([]);
  });

  it("names a handle found on the App Store after its listing; the others stay unidentified, and new ones are kept", async () => {
    await lookUpAndRecordListing("acme-upsell-pro");
    const evidence = "BEGIN app block: shopify://apps/acme-upsell-pro/blocks/offer/1";
    const named = await nameAppsFromAppStore({
      apps: [],
      unidentified: [
        { handle: "acme-upsell-pro", api_client_id: null, evidence, source: "app-block", confidence: "high" },
        { handle: "acme-upsell-pro", api_client_id: null, evidence: "extension folder", source: "app-extension", confidence: "high" },
        { handle: "ghost-app", api_client_id: null, evidence: "ghost", source: "app-block", confidence: "high" },
        { handle: "brand-new-app", api_client_id: null, evidence: "new", source: "app-block", confidence: "high" },
        { handle: null, api_client_id: 123, evidence: "pixel", source: "web-pixel", confidence: "high" },
      ],
    });

    expect(named.apps).toEqual([
      {
        slug: "acme-upsell-pro",
        name: "Acme Upsell Pro",
        category: "upsell",
        evidence,
        source: "app-block",
        confidence: "high",
        app_store: { handle: "acme-upsell-pro", developer: "Acme Labs", rating: 4.7, review_count: 312 },
      },
    ]);
    expect(named.unidentified.map((app) => app.handle ?? app.api_client_id)).toEqual(["ghost-app", "brand-new-app", 123]);
    expect(named.newHandles).toEqual(["brand-new-app"]);
    expect((await findLearnedApps(["ghost-app", "brand-new-app"])).size).toBe(0);
    const rows = await getDb()
      .select()
      .from(appStoreListings)
      .where(inArray(appStoreListings.handle, ["brand-new-app"]));
    expect(rows).toEqual([expect.objectContaining({ status: "pending" })]);
  });
});
