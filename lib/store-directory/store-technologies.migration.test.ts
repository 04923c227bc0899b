import { readFileSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { stores } from "@/db/schema";
import { seedAnalyzedStore } from "@/testing/directory-seed";
import { storeTechnologiesOf } from "./store-technologies";

// Stores analyzed before the directory kept their markets get them from their latest report when
// migration 0024 runs, read as storeTechnologiesOf reads them on completion.

describe("migration 0024", () => {
  it("fills each analyzed store's markets from its latest report, as completing a report does", async () => {
    const shipping = { ships_to_countries: { value: ["fr", "DE", "USA", "*", 7, "DE"], basis: "observed" } };
    const seeded = [
      await seedAnalyzedStore({ domain: "old-ships.test", metadata: shipping }),
      await seedAnalyzedStore({ domain: "old-none.test", metadata: { ships_to_countries: { value: null, basis: "observed" } } }),
      await seedAnalyzedStore({ domain: "old-older.test", metadata: {} }),
    ];
    await getDb().update(stores).set({ markets: [] });

    const migration = readFileSync(new URL("../../db/migrations/0024_store_technologies.sql", import.meta.url), "utf8");
    const backfill = migration
      .split("--> statement-breakpoint")
      .map((statement) => statement.trim())
      .find((statement) => statement.includes("UPDATE"));
    await getDb().execute(sql.raw(backfill!));

    const marketsOf = async (id: string) => (await getDb().select().from(stores).where(eq(stores.id, id)))[0]!.markets;
    expect(await marketsOf(seeded[0]!.store.id)).toEqual(storeTechnologiesOf(shipping).markets.sort());
    expect(await marketsOf(seeded[0]!.store.id)).toEqual(["DE", "FR"]);
    expect(await marketsOf(seeded[1]!.store.id)).toEqual([]);
    expect(await marketsOf(seeded[2]!.store.id)).toEqual([]);
  });
});
