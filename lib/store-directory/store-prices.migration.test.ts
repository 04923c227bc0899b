import { readdirSync, readFileSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { reports, stores } from "@/db/schema";
import { sampleProduct, seedAnalyzedStore } from "@/testing/directory-seed";
import { lockStoreForAnalysis, recordStoreAnalysis } from "./record-store-analysis";

// The directory's price filter reads the store row: a completion writes the report's price
// figures there, and the migration that added the columns fills them for stores analyzed before.

const pricesOf = async (id: string) => {
  const [row] = await getDb()
    .select({ min: stores.priceMin, max: stores.priceMax, median: stores.priceMedian, themeSlug: stores.themeSlug })
    .from(stores)
    .where(eq(stores.id, id));

  return row!;
};

describe("the store row's price figures", () => {
  it("are written by the completion from the report's summary, a figure that is not a number left out", async () => {
    const { store, jobId } = await seedAnalyzedStore({ domain: "prices-written.test", products: 3, theme: "Be Yours 7" });
    await getDb().transaction(async (tx) => {
      await lockStoreForAnalysis(tx, store.id);
      await recordStoreAnalysis(tx, store.id, {
        jobId,
        at: new Date(),
        name: "Prices",
        description: null,
        currency: "EUR",
        country: "PT",
        productCount: 3,
        collectionCount: 1,
        pageCount: 0,
        exposesInventory: false,
        prices: { min: "4.50", max: "not a price", median: 12.25 },
      });
    });

    expect(await pricesOf(store.id)).toEqual({ min: 4.5, max: null, median: 12.25, themeSlug: "be-yours-7" });
  });

  it("are filled from each analyzed store's latest report by the migration that added them", async () => {
    const { store, jobId } = await seedAnalyzedStore({ domain: "prices-old.test", products: 3 });
    // A store whose lowest variant price reads "1e3": a number to JavaScript, not a plain price.
    const odd = sampleProduct(0);
    const other = await seedAnalyzedStore({
      domain: "prices-odd.test",
      products: [
        {
          ...odd,
          variants: [
            { ...odd.variants[0]!, price: "1e3" },
            { ...odd.variants[1]!, price: "2000.00" },
          ],
        },
      ],
    });
    const [summary] = await getDb().select({ summary: reports.summary }).from(reports).where(eq(reports.jobId, other.jobId));
    expect(summary!.summary).toMatchObject({ price_min: "1e3", price_max: "2000.00" });
    await getDb().update(stores).set({ priceMin: null, priceMax: null, priceMedian: null });

    const file = readdirSync(new URL("../../db/migrations/", import.meta.url)).find((name) => name.endsWith("_directory_segments.sql"));
    const migration = readFileSync(new URL(`../../db/migrations/${file}`, import.meta.url), "utf8");
    const backfill = migration
      .split("--> statement-breakpoint")
      .map((statement) => statement.trim())
      .find((statement) => statement.includes("UPDATE"));
    await getDb().execute(sql.raw(backfill!));

    // The three sample products: lowest variant 10.99, highest 17.99, median lowest price 11.99.
    expect(await pricesOf(store.id)).toMatchObject({ min: 10.99, max: 17.99, median: 11.99 });
    expect(jobId).toBeTruthy();
    // "1e3" is not a plain price: left out rather than guessed.
    expect(await pricesOf(other.store.id)).toMatchObject({ min: null, max: 2000, median: 10.99 });
  });
});
