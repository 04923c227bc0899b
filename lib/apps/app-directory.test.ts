import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { stores } from "@/db/schema";
import { seedAnalyzedStore } from "@/testing/directory-seed";
import { listApps } from "./app-directory";

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
});
