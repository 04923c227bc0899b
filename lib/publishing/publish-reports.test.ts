import { eq, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { stores, workflowRuns } from "@/db/schema";
import { publishReports } from "@/inngest/publish-reports";
import { readSitemap } from "@/lib/seo/sitemap";
import { getStorePage } from "@/lib/store-directory/get-store-page";
import { startWorkflowEngine, type WorkflowEngine } from "@/lib/workflow/engine";
import { quietLogger } from "@/lib/workflow/embedded";
import { seedAnalyzedStore } from "@/testing/directory-seed";
import { waitFor } from "@/testing/wait-for";

// The daily publish-reports cron on the embedded executor, driven by a virtual clock.
const DAY = 24 * 3600_000;
const T0 = Date.parse("2026-01-01T12:00:00Z");
let now = T0 + 5 * DAY;
let clockReads = 0;
let engine: WorkflowEngine;

const completedRuns = async () => {
  const [row] = await getDb()
    .select({ n: sql<number>`count(*)::int` })
    .from(workflowRuns)
    .where(sql`${workflowRuns.fnId} like '%publish-reports' and ${workflowRuns.status} = 'completed'`);

  return Number(row?.n ?? 0);
};
const inSitemap = async (slug: string) => (await readSitemap("stores-0")).some((entry) => entry.url.endsWith(`/stores/${slug}`));

beforeAll(async () => {
  await seedAnalyzedStore({ domain: "old-enough.test", products: 3, analyzedAt: new Date(T0) });
  await seedAnalyzedStore({ domain: "too-recent.test", products: 3, analyzedAt: new Date(T0 + 20 * DAY) });
  engine = await startWorkflowEngine({ functions: [publishReports], pollMs: 20, log: quietLogger(), now: () => (clockReads++, now) });
});

afterAll(async () => {
  await engine?.stop();
});

describe("publish-reports", () => {
  it("keeps a store noindex and out of the sitemap until its report is 30 days old, then publishes it", async () => {
    // The scheduler plans its first tick from the first time it reads; only then move the clock.
    await waitFor(async () => clockReads > 0, { what: "the scheduler's first look at the clock" });

    expect((await getStorePage("old-enough-test")).seo.indexable).toBe(false);
    expect(await inSitemap("old-enough-test")).toBe(false);

    // 03:15 on day 29 after T0 (12:00): the report is 28.6 days old; the run publishes nothing.
    now = T0 + 29 * DAY + 4 * 3600_000;
    await waitFor(async () => (await completedRuns()) >= 1, { what: "first publish-reports run" });
    expect((await getStorePage("old-enough-test")).seo.indexable).toBe(false);
    expect(await inSitemap("old-enough-test")).toBe(false);

    // 03:15 on day 31: 30.6 days old, published; the other store is 10.6 days old and waits.
    now = T0 + 31 * DAY + 4 * 3600_000;
    await waitFor(async () => (await completedRuns()) >= 2, { what: "second publish-reports run" });
    const page = await getStorePage("old-enough-test");
    expect(page.seo.indexable).toBe(true);
    expect(page.published_at).toBe(new Date(Date.parse("2026-02-01T03:15:00Z")).toISOString());
    expect(await inSitemap("old-enough-test")).toBe(true);
    expect((await getStorePage("too-recent-test")).seo.indexable).toBe(false);
    expect(await inSitemap("too-recent-test")).toBe(false);
  });

  it("is idempotent: another run publishes nothing new and keeps the first publication date", async () => {
    const [before] = await getDb().select().from(stores).where(eq(stores.slug, "old-enough-test"));
    now = T0 + 32 * DAY + 4 * 3600_000;
    await waitFor(async () => (await completedRuns()) >= 3, { what: "third publish-reports run" });
    const [after] = await getDb().select().from(stores).where(eq(stores.slug, "old-enough-test"));
    expect(after!.publishedAt).toEqual(before!.publishedAt);
    const runs = await getDb()
      .select({ output: workflowRuns.output })
      .from(workflowRuns)
      .where(like(workflowRuns.fnId, "%publish-reports"));
    expect(runs.map((run) => run.output)).toEqual(
      expect.arrayContaining([
        { published: [], reports: 0 },
        { published: ["old-enough-test"], reports: 1 },
      ]),
    );
  });
});
