import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { reportPublications } from "@/db/schema";
import { buildReportJsonLd } from "@/lib/reports/report-json-ld";
import { buildRobotsRules } from "@/lib/seo/robots";
import { listSitemapIds, readSitemap } from "@/lib/seo/sitemap";
import { getStorePage } from "@/lib/store-directory/get-store-page";
import { seedAnalyzedStore } from "@/testing/directory-seed";
import { createVirtualClock } from "@/testing/test-clock";
import { publishDueReports } from "@/lib/store-directory/publish-due-reports";
import { getReportPublication } from "./report-publication";

// Each report becomes public search content 30 days after it completes: indexable, canonical,
// in the sitemap with its lastmod, linked from its store page; never unpublished afterwards.

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const clock = createVirtualClock();
const at = () => new Date(clock.now());
let completedAt: Date;
let jobId: string;

const reportsInSitemap = async (now: Date) => {
  const ids = (await listSitemapIds({ now })).filter((id) => id.startsWith("reports-"));

  return (await Promise.all(ids.map((id) => readSitemap(id, { now })))).flat();
};
const entryOf = async (id: string, now: Date) => (await reportsInSitemap(now)).find((entry) => entry.url.endsWith(`/reports/${id}`));

beforeAll(async () => {
  completedAt = at();
  ({ jobId } = await seedAnalyzedStore({ domain: "boundary.test", products: 3, analyzedAt: completedAt }));
});

describe("report publication", () => {
  it("keeps a report noindex and out of the sitemap at 29 days 23 hours, and publishes it at 30 days", async () => {
    await clock.sleep(29 * DAY + 23 * HOUR);
    expect(await getReportPublication(jobId, at())).toMatchObject({ indexable: false, published_at: null });
    expect(await entryOf(jobId, at())).toBeUndefined();
    // The daily run just before the boundary publishes nothing.
    expect((await publishDueReports(at())).reports).toBe(0);

    await clock.sleep(HOUR);
    const publication = await getReportPublication(jobId, at());
    expect(publication.indexable).toBe(true);
    expect(publication.published_at).toBe(at().toISOString());
    expect(await entryOf(jobId, at())).toEqual({
      url: `http://localhost:3000/reports/${jobId}`,
      lastModified: completedAt,
      changeFrequency: "never",
    });
  });

  it("the daily run records the publication once and never takes it back", async () => {
    await clock.sleep(3 * HOUR);
    const runAt = at();
    expect((await publishDueReports(runAt)).reports).toBe(1);
    await clock.sleep(DAY);
    expect((await publishDueReports(at())).reports).toBe(0);
    const [row] = await getDb().select().from(reportPublications).where(eq(reportPublications.jobId, jobId));
    expect(row!.publishedAt).toEqual(runAt);

    // A later reading with an earlier clock (a skewed worker, a changed setting) keeps it public.
    const early = new Date(completedAt.getTime() + DAY);
    expect(await getReportPublication(jobId, early)).toEqual({
      indexable: true,
      published_at: runAt.toISOString(),
      publishes_at: new Date(completedAt.getTime() + 30 * DAY).toISOString(),
    });
    expect(await entryOf(jobId, early)).toBeDefined();
  });

  it("the store page links its published reports, and robots.txt lets crawlers read report pages", async () => {
    const oldAt = new Date(Date.now() - 31 * DAY);
    const old = await seedAnalyzedStore({ domain: "old-report.test", products: 2, analyzedAt: oldAt });
    await seedAnalyzedStore({ domain: "fresh-report.test", products: 2, analyzedAt: new Date(Date.now() - 29 * DAY) });
    expect((await getStorePage("old-report-test")).published_reports).toEqual([
      { job_id: old.jobId, completed_at: oldAt.toISOString(), url: `http://localhost:3000/reports/${old.jobId}` },
    ]);
    expect((await getStorePage("fresh-report-test")).published_reports).toEqual([]);

    // The page itself: indexable and canonical by job id once public, noindex before.
    const { generateMetadata } = await import("@/app/reports/[id]/page");
    const metadataOf = (id: string) => generateMetadata({ params: Promise.resolve({ id }), searchParams: Promise.resolve({}) });
    const published = await metadataOf("old-report-test");
    expect(published.robots).toEqual({ index: true, follow: true });
    expect(published.alternates).toEqual({ canonical: `http://localhost:3000/reports/${old.jobId}` });
    const unpublished = await metadataOf("fresh-report-test");
    expect(unpublished.robots).toEqual({ index: false, follow: true });
    expect(unpublished.alternates).toBeUndefined();
    expect(buildRobotsRules().rules[0]!.disallow).not.toContain("/reports/");
  });

  it("structured data on a report page describes that report: its date, store and counts", () => {
    const data = buildReportJsonLd({
      canonical: "http://localhost:3000/reports/1",
      name: "Boundary </script>",
      domain: "boundary.test",
      storePage: "http://localhost:3000/stores/boundary-test",
      completedAt: "2026-01-01T00:00:00.000Z",
      publishedAt: "2026-01-31T00:00:00.000Z",
      products: 12,
      collections: 3,
      pages: 2,
    });
    expect(data).toMatchObject({
      "@type": "Report",
      url: "http://localhost:3000/reports/1",
      dateCreated: "2026-01-01T00:00:00.000Z",
      datePublished: "2026-01-31T00:00:00.000Z",
      about: { "@type": "OnlineStore", url: "https://boundary.test", sameAs: "http://localhost:3000/stores/boundary-test" },
    });
    expect(data.hasPart.map((part) => part.numberOfItems)).toEqual([12, 3, 2]);
  });
});
