import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { appStoreListings, stores } from "@/db/schema";
import { seedAnalyzedStore } from "@/testing/directory-seed";
import { getDirectoryFacets } from "@/lib/store-directory/directory-facets";
import { getApp, listApps } from "./app-directory";

// The app directory counts the pixels and tags directory stores carry besides their apps: how many
// listed stores each tag kind was found on, whatever filters the apps.

describe("listApps", () => {
  it("counts each pixel and tag kind over the listed stores, most stores first, named", async () => {
    expect((await listApps({})).tags).toEqual([]);
    await seedAnalyzedStore({ domain: "pixels-a.test", technologies: { tags: ["meta-pixel", "google-tag-manager"] } });
    await seedAnalyzedStore({ domain: "pixels-b.test", technologies: { tags: ["meta-pixel", "tiktok-pixel"] } });
    await seedAnalyzedStore({ domain: "pixels-c.test", technologies: { tags: ["meta-pixel"] } });
    // Claimed, never analyzed: not a directory store.
    await getDb()
      .insert(stores)
      .values({ domain: "pixels-d.test", slug: "pixels-d-test", tagKinds: ["tiktok-pixel", "hotjar"] });

    const expected = [
      { kind: "meta-pixel", name: "Meta pixel", stores: 3 },
      { kind: "google-tag-manager", name: "Google Tag Manager", stores: 1 },
      { kind: "tiktok-pixel", name: "TikTok pixel", stores: 1 },
    ];
    expect((await listApps({})).tags).toEqual(expected);
    expect((await listApps({ category: "reviews", q: "judge" })).tags).toEqual(expected);
  });

  it("counts a pixel an older analysis filed as an app once, as a tag, never among the apps", async () => {
    // Before the one list of technologies, the catalog had Hotjar and Google Tag Manager as apps too.
    await seedAnalyzedStore({
      domain: "old-pixels.test",
      apps: [{ slug: "hotjar" }, { slug: "google-tag-manager" }, { slug: "loox" }],
      technologies: { tags: ["hotjar", "google-tag-manager"] },
    });
    const list = await listApps({});
    expect(list.data.map((app) => app.slug)).toContain("loox");
    expect(list.data.map((app) => app.slug)).not.toContain("hotjar");
    expect(list.data.map((app) => app.slug)).not.toContain("google-tag-manager");
    expect(list.tags.map((tag) => tag.kind)).toEqual(expect.arrayContaining(["hotjar", "google-tag-manager"]));
    const facets = await getDirectoryFacets();
    expect(facets.apps.map((app) => app.value)).toEqual(["loox"]);
  });
});

// An app's page shows its App Store icon and links its listing where a lookup found one.
describe("getApp", () => {
  it("carries the icon and the listing's address from a found App Store lookup, and nothing from another status", async () => {
    await seedAnalyzedStore({ domain: "icon-a.test", apps: [{ slug: "loox" }] });
    const before = await getApp("loox");
    expect(before.icon_url).toBeNull();

    await getDb()
      .insert(appStoreListings)
      .values([
        {
          handle: "loox",
          status: "found",
          name: "Loox",
          appSlug: "loox",
          iconUrl: "https://cdn.shopify.com/app-store/listing_images/x/icon/y.png",
        },
        { handle: "loox-old", status: "not_found" },
      ]);
    const after = await getApp("loox");
    expect(after.icon_url).toBe("https://cdn.shopify.com/app-store/listing_images/x/icon/y.png");
    expect(after.app_store_url).toMatch(/^https:\/\/apps\.shopify\.com\//);
  });
});
