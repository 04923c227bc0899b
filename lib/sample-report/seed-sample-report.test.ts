import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { jobs, storeApps, stores } from "@/db/schema";
import { listUserJobs } from "@/lib/jobs/list-user-jobs";
import { getReportOverview } from "@/lib/reports/get-report";
import { listStores } from "@/lib/store-directory/list-stores";
import { listStoresQuerySchema } from "@/lib/store-directory/schemas";
import { createTestUser } from "@/testing/auth/fixtures";
import { findSampleReport } from "./find-sample-report";
import { SAMPLE_STORE } from "./sample-store";
import { seedSampleReport } from "./seed-sample-report";

// The seed a fresh install runs at start: a completed report of the bundled capture, once per
// database, nobody's job and outside the directory.

describe("seedSampleReport", () => {
  it("builds a completed report of the bundled capture once, and finds it again on every later start", async () => {
    const first = await seedSampleReport();
    const again = await seedSampleReport();

    expect(first.seeded).toBe(true);
    expect(again).toEqual({ jobId: first.jobId, seeded: false });
    const [{ n }] = (await getDb().select({ n: count() }).from(jobs).where(eq(jobs.domain, SAMPLE_STORE.domain))) as [{ n: number }];
    expect(n).toBe(1);

    const report = await getReportOverview(first.jobId);
    expect(report.job.status).toBe("completed");
    expect(report.job.domain).toBe(SAMPLE_STORE.domain);
    const metadata = report.metadata as { theme?: { value?: { name?: string } }; apps?: { value?: { slug: string }[] } };
    expect(JSON.stringify(metadata)).toContain("Feastables");
    expect(JSON.stringify(metadata)).toContain("klaviyo");
  });

  it("is nobody's job: no owner, no charge, in no user's list", async () => {
    const { jobId } = await seedSampleReport();
    const [job] = await getDb().select().from(jobs).where(eq(jobs.id, jobId));
    expect(job).toMatchObject({ userId: null, paymentMethod: "sample", status: "completed" });

    const user = await createTestUser();
    const listed = await listUserJobs({ userId: user.id, page: 1, per_page: 100 });
    expect(listed.data.map((entry) => entry.id)).not.toContain(jobId);
  });

  it("stays out of the directory: no listed store, no app counted", async () => {
    const { jobId } = await seedSampleReport();
    const directory = await listStores(listStoresQuerySchema.parse({ per_page: 50 }));
    expect(directory.data.map((store) => store.domain)).not.toContain(SAMPLE_STORE.domain);
    const [store] = await getDb().select().from(stores).where(eq(stores.domain, SAMPLE_STORE.domain));
    expect(store?.latestJobId).toBeNull();
    expect(await getDb().select().from(storeApps).where(eq(storeApps.storeId, store!.id))).toEqual([]);

    const card = await findSampleReport();
    expect(card).toMatchObject({ jobId, capturedFrom: "feastables.com", capturedOn: "2025-02-04" });
    expect(card!.theme).toBeTruthy();
    expect(card!.apps.length).toBeGreaterThan(2);
  });
});
