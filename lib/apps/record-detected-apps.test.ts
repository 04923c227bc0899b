import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { apps, storeApps } from "@/db/schema";
import { seedAnalyzedStore } from "@/testing/directory-seed";
import { recordDetectedApps } from "./record-detected-apps";
import { syncAppCatalog } from "./sync-app-catalog";

describe("recordDetectedApps", () => {
  it("files the store under every app of the list: a technology a ScriptTag loaded gets its apps row on first sight", async () => {
    await syncAppCatalog();
    const { store, jobId } = await seedAnalyzedStore({ domain: "list-apps-store.test", products: 1 });
    // Kount is a technology of the list with no apps row until a store runs it as an app.
    expect(await getDb().select().from(apps).where(eq(apps.slug, "kount"))).toEqual([]);

    await recordDetectedApps(getDb(), { storeId: store.id, jobId, at: new Date() }, [
      { slug: "klaviyo", evidence: "https://static.klaviyo.com/onsite/js/klaviyo.js" },
      { slug: "carro", evidence: "https://getcarro.com/widget/app.js" },
      { slug: "kount", evidence: "//cdn.shopify.com/proxy/5a9de237/api.kount.com/shopify/js" },
      // Neither an app nor a technology of the list: nothing to file it under.
      { slug: "made-up-app", evidence: "made-up.js" },
      // A tag has its own filters, never an apps row.
      { slug: "meta-pixel", evidence: "fbevents.js" },
    ]);

    const filed = await getDb().select({ slug: storeApps.appSlug }).from(storeApps).where(eq(storeApps.storeId, store.id));
    expect(filed.map((row) => row.slug).sort()).toEqual(["carro", "klaviyo", "kount"]);
    const rows = await getDb()
      .select({ slug: apps.slug, name: apps.name, category: apps.category })
      .from(apps)
      .where(inArray(apps.slug, ["kount", "made-up-app", "meta-pixel"]));
    expect(rows).toEqual([{ slug: "kount", name: "Kount", category: "security" }]);
  });
});
