import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { apps } from "@/db/schema";
import { APP_CATALOG } from "./catalog";
import { LIST_APP_ROWS, syncAppCatalog } from "./sync-app-catalog";

async function countApps(): Promise<number> {
  const [row] = await getDb()
    .select({ n: sql<number>`count(*)::int` })
    .from(apps);
  return Number(row?.n);
}

describe("syncAppCatalog", () => {
  it("writes every catalog app and the imported bases' Shopify apps, and is idempotent", async () => {
    const total = APP_CATALOG.length + LIST_APP_ROWS.length;
    expect(LIST_APP_ROWS.length).toBeGreaterThan(20);
    expect(await syncAppCatalog(getDb())).toBe(total);
    expect(await countApps()).toBe(total);
    // An app only the base knows has a row, so store_apps and /apps can file stores under it.
    const [recurring] = await getDb().select().from(apps).where(eq(apps.slug, "spurit-recurring-payments-app"));
    expect(recurring).toMatchObject({ name: "SpurIT Recurring Payments App", category: "payments-bnpl" });
    // And one only the imported list of Shopify apps knows, under its App Store handle.
    const [bizzy] = await getDb().select().from(apps).where(eq(apps.slug, "bizzy-social-proof"));
    expect(bizzy).toMatchObject({ name: "Bizzy", category: "upsell", website: "https://www.pixelunion.net/" });

    const [klaviyo] = await getDb().select().from(apps).where(eq(apps.slug, "klaviyo"));
    expect(klaviyo).toMatchObject({
      name: "Klaviyo",
      category: "email-sms",
      website: "https://www.klaviyo.com",
      description: expect.stringMatching(/email and sms/i),
    });

    await syncAppCatalog();
    expect(await countApps()).toBe(total);
    const [again] = await getDb().select().from(apps).where(eq(apps.slug, "klaviyo"));
    // Unchanged rows are not rewritten, so updatedAt still means "entry last changed".
    expect(again?.updatedAt.getTime()).toBe(klaviyo?.updatedAt.getTime());
  });

  it("restores edited rows and keeps apps that left the catalog", async () => {
    await syncAppCatalog();
    const past = new Date("2020-01-01T00:00:00Z");
    await getDb().update(apps).set({ name: "Tampered", category: "other", updatedAt: past }).where(eq(apps.slug, "judge-me"));
    await getDb().insert(apps).values({ slug: "retired-app", name: "Retired App", category: "reviews" });

    await syncAppCatalog();

    const [judge] = await getDb().select().from(apps).where(eq(apps.slug, "judge-me"));
    expect(judge?.name).toBe("Judge.me Product Reviews");
    expect(judge?.category).toBe("reviews");
    expect(judge?.updatedAt.getTime()).toBeGreaterThan(past.getTime());
    expect(await countApps()).toBe(APP_CATALOG.length + LIST_APP_ROWS.length + 1);
  });
});
