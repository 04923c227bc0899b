import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { jobs, reports } from "@/db/schema";
import { seedAnalyzedStore } from "@/testing/directory-seed";
import { listStoreReports } from "./list-store-reports";

// A tracked store's page lists the store's reports, newest first, and only that store's.

describe("listStoreReports", () => {
  it("lists a store's completed reports newest first, not another store's", async () => {
    const { store, jobId: older } = await seedAnalyzedStore({
      domain: "listed-reports.test",
      products: 2,
      analyzedAt: new Date("2025-03-01T00:00:00Z"),
    });
    await seedAnalyzedStore({ domain: "other-listed.test", products: 1 });
    const at = new Date("2025-04-01T00:00:00Z");
    const [newer] = await getDb()
      .insert(jobs)
      .values({
        storeId: store.id,
        domain: store.domain,
        slug: store.slug,
        status: "completed",
        progress: 1,
        createdAt: at,
        startedAt: at,
        completedAt: at,
      })
      .returning({ id: jobs.id });
    await getDb()
      .insert(reports)
      .values({ jobId: newer!.id, storeId: store.id, collections: [], pages: [], metadata: {}, summary: {}, createdAt: at });

    expect(await listStoreReports(store.id)).toEqual([
      { job_id: newer!.id, completed_at: at.toISOString() },
      { job_id: older, completed_at: "2025-03-01T00:00:00.000Z" },
    ]);
    expect(await listStoreReports(store.id, 1)).toHaveLength(1);
  });
});
