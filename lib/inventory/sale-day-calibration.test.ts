import { describe, expect, it } from "vitest";
import "@/testing/setup-database";
import { getDb } from "@/db";
import { inventoryEvents, jobs, stores } from "@/db/schema";
import { saleDayAssumption } from "./sale-day-calibration";

const DAY = 86_400_000;
const since = () => new Date(Date.now() - 30 * DAY);

/** A store showing quantities whose `products` products each sold `units` on each of `days` sale days. */
async function measuredStore(domain: string, units: number, { products = 10, days = 5 } = {}) {
  const slug = domain.replace(/\./g, "-");
  const [store] = await getDb().insert(stores).values({ domain, slug, name: domain, exposesInventory: true }).returning({ id: stores.id });
  for (let day = 1; day <= days; day += 1) {
    const at = new Date(Date.now() - day * DAY);
    const [job] = await getDb()
      .insert(jobs)
      .values({ storeId: store!.id, domain, slug, status: "completed", createdAt: at, startedAt: at, completedAt: at })
      .returning({ id: jobs.id });
    await getDb()
      .insert(inventoryEvents)
      .values(
        Array.from({ length: products }, (_, p) => ({
          storeId: store!.id,
          jobId: job!.id,
          productId: p + 1,
          variantId: p + 1,
          kind: "sale" as const,
          delta: units,
          basis: "observed" as const,
          occurredAt: at,
        })),
      );
  }
}

describe("the units-per-sale-day calibration", () => {
  it("is the median store's: one store claiming a million units a day does not move what the others calibrate", async () => {
    await measuredStore("two.test", 2);
    await measuredStore("three.test", 3);
    await measuredStore("four.test", 4);
    const honest = await saleDayAssumption(since());
    expect(honest).toMatchObject({ source: "calibrated", typical: 3, low: 3, high: 3, calibrated_on: { stores: 3, products: 30 } });

    await measuredStore("hostile.test", 1_000_000, { products: 200 });
    const withHostile = await saleDayAssumption(since());
    expect(withHostile.calibrated_on?.stores).toBe(4);
    for (const figure of [withHostile.low, withHostile.typical, withHostile.high]) {
      expect(figure).toBeGreaterThanOrEqual(2);
      expect(figure).toBeLessThanOrEqual(4);
    }
    for (const band of withHostile.by_sale_day_share ?? []) expect(band.high).toBeLessThanOrEqual(4);
  });
});
