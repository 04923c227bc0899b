import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import {
  changelogEntries,
  renderScreenshots,
  reportBodies,
  reportBodyParts,
  reports,
  snapshotProducts,
  stores,
  trackedStores,
} from "@/db/schema";
import { resetEnvCache } from "@/lib/env";
import { pruneSnapshotBatch } from "@/lib/tracking/cleanup-snapshots";
import { generatedStore } from "@/testing/fake-store";
import { startPipeline, type PipelineHarness } from "@/testing/pipeline";
import { asPurgeOf } from "@/testing/report-content";
import { listReportProducts, PRODUCT_SORTS, type ProductListingQuery } from "./list-report-products";
import { purgeReport } from "./purge-report";
import { REPORT_BY_JOB_CACHE_CONTROL } from "./report-cache-control";

// A completed report answers the same bytes under the same ETag for good: after newer
// analyses of its store, and after snapshot cleanup dropped its rows (docs/decisions.md §5.2).
// Only an explicit purge ends it, with 410 Gone.

let h: PipelineHarness;
const generations: Record<string, string[]> = { "kept-tracked.test": [], "kept-untracked.test": [] };

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
let reportRoute: Handler;
let changelogRoute: Handler;

async function analyze(domain: string): Promise<string> {
  const response = await h.submit({ domain });
  expect(response.status).toBe(201);
  const { job } = (await response.json()) as { job: { id: string } };
  expect((await h.waitForJob(job.id, 120_000)).status).toBe("completed");
  generations[domain]!.push(job.id);

  return job.id;
}

/** Every answer a client can get for one report: each encoding, a page, the changelog. */
async function readAll(jobId: string) {
  const answers: Record<string, { status: number; etag: string | null; bytes: string }> = {};
  const take = async (
    name: string,
    handler: Handler,
    path: string,
    params: Record<string, string>,
    headers: Record<string, string> = {},
  ) => {
    const response = await handler(new Request(`http://localhost:3000${path}`, { headers }), { params: Promise.resolve(params) });
    answers[name] = {
      status: response.status,
      etag: response.headers.get("etag"),
      bytes: Buffer.from(await response.arrayBuffer()).toString("base64"),
    };
  };
  await take("plain", reportRoute, `/api/reports/${jobId}`, { id: jobId });
  await take("gzip", reportRoute, `/api/reports/${jobId}`, { id: jobId }, { "accept-encoding": "gzip" });
  await take("brotli", reportRoute, `/api/reports/${jobId}`, { id: jobId }, { "accept-encoding": "br" });
  await take("page", reportRoute, `/api/reports/${jobId}?products_page=2&products_per_page=7`, { id: jobId });
  await take("changelog", changelogRoute, `/api/changelog/${jobId}?per_page=50`, { jobId });

  return answers;
}

/** The report page's products table under every sort, both directions, and a search. */
async function listings(jobId: string) {
  const queries: ProductListingQuery[] = PRODUCT_SORTS.flatMap((sort) =>
    (["asc", "desc"] as const).map((dir) => ({ q: "", sort, dir, page: 2 })),
  );
  queries.push({ q: "a", sort: "price", dir: "desc", page: 1 }, { q: "zz-no-such-product", sort: "title", dir: "asc", page: 1 });

  return Promise.all(queries.map((query) => listReportProducts(jobId, query, 7)));
}

const rowsOf = async (jobIds: string[]) =>
  (
    await getDb()
      .select({ n: sql<number>`count(*)::int` })
      .from(snapshotProducts)
      .where(inArray(snapshotProducts.jobId, jobIds))
  )[0]!.n;

beforeAll(async () => {
  h = await startPipeline();
  reportRoute = (await import("@/app/api/reports/[id]/route")).GET as Handler;
  changelogRoute = (await import("@/app/api/changelog/[jobId]/route")).GET as Handler;
  for (const [i, domain] of Object.keys(generations).entries()) {
    h.fakeStore.addStore(generatedStore(domain, { products: 40, seed: 31 + i }));
  }
}, 120_000);

afterAll(async () => {
  await h?.stop();
});

describe("completed reports never change", () => {
  it("answers the same bytes and ETag in every encoding, page and changelog after newer analyses and cleanup", async () => {
    const before = new Map<string, Awaited<ReturnType<typeof readAll>>>();
    const pageListings = new Map<string, Awaited<ReturnType<typeof listings>>>();
    for (const domain of Object.keys(generations)) {
      const first = await analyze(domain);
      if (domain === "kept-tracked.test") {
        const [store] = await getDb().select({ id: stores.id }).from(stores).where(eq(stores.slug, "kept-tracked-test"));
        await getDb().insert(trackedStores).values({ userId: h.userId, storeId: store!.id });
      }
      before.set(first, await readAll(first));
      pageListings.set(first, await listings(first));
      // Three more generations, each changing the catalog (and so the store's summary).
      for (let generation = 0; generation < 3; generation += 1) {
        h.fakeStore.store(domain).advance({ addProducts: 3, removeProducts: 2, priceChanges: 4 });
        const id = await analyze(domain);
        if (generation === 0) before.set(id, await readAll(id));
      }
    }
    for (const answers of before.values()) {
      for (const name of ["plain", "gzip", "brotli", "page", "changelog"]) expect(answers[name]!.status, name).toBe(200);
      expect(answers.gzip!.etag).toBe(answers.plain!.etag);
      expect(answers.brotli!.etag).toBe(answers.plain!.etag);
    }
    const secondChangelog = JSON.parse(
      Buffer.from(before.get(generations["kept-untracked.test"]![1]!)!.changelog!.bytes, "base64").toString("utf8"),
    );
    expect(secondChangelog.pagination.total).toBeGreaterThan(0);

    process.env.SNAPSHOTS_KEEP_TRACKED = "2";
    process.env.SNAPSHOTS_KEEP_UNTRACKED = "2";
    resetEnvCache();
    try {
      let pruned = 0;
      for (let batch = await pruneSnapshotBatch(new Date(), 2); batch.jobs > 0; batch = await pruneSnapshotBatch(new Date(), 2))
        pruned += batch.jobs;
      expect(pruned).toBe(4);
    } finally {
      delete process.env.SNAPSHOTS_KEEP_TRACKED;
      delete process.env.SNAPSHOTS_KEEP_UNTRACKED;
      resetEnvCache();
    }
    // The rows are gone: what answers now is the stored body alone.
    expect(await rowsOf([...before.keys()])).toBe(0);

    for (const [jobId, answers] of before) expect(await readAll(jobId), jobId).toEqual(answers);
    // The report page lists, sorts and searches the same products, now read from the body.
    for (const [jobId, listed] of pageListings) {
      expect(listed[0]!.catalogTotal).toBeGreaterThan(7);
      expect(await listings(jobId), jobId).toEqual(listed);
    }
  });

  it("the database refuses to delete or change a completed report's stored body, report row or changelog", async () => {
    const jobId = generations["kept-untracked.test"]![1]!;
    const refused = async (statement: Promise<unknown>) => {
      const error = await statement.then(
        () => null,
        (caught: unknown) => caught as Error,
      );
      expect(error, "statement should be refused").not.toBeNull();
      expect(String((error as { cause?: unknown }).cause ?? error)).toMatch(/kept for good|cannot be changed/);
    };
    await refused(getDb().delete(reportBodies).where(eq(reportBodies.jobId, jobId)));
    await refused(getDb().delete(reportBodyParts).where(eq(reportBodyParts.jobId, jobId)));
    await refused(getDb().update(reportBodies).set({ etag: '"other"' }).where(eq(reportBodies.jobId, jobId)));
    await refused(getDb().delete(reports).where(eq(reports.jobId, jobId)));
    await refused(getDb().delete(changelogEntries).where(eq(changelogEntries.jobId, jobId)));
    await refused(getDb().update(changelogEntries).set({ title: "rewritten" }).where(eq(changelogEntries.jobId, jobId)));
    const [store] = await getDb().select({ id: stores.id }).from(stores).where(eq(stores.slug, "kept-untracked-test"));
    await refused(
      getDb().insert(changelogEntries).values({ jobId, storeId: store!.id, subject: "product", change: "added", subjectId: "1" }),
    );
    expect(await getDb().select({ etag: reportBodies.etag }).from(reportBodies).where(eq(reportBodies.jobId, jobId))).toHaveLength(1);
  });

  it("refuses to drop the snapshot rows of a completed report whose body was never stored", async () => {
    const latest = generations["kept-tracked.test"]!.at(-1)!;
    await asPurgeOf(latest, (tx) => tx.delete(reportBodies).where(eq(reportBodies.jobId, latest)));
    const error = await getDb()
      .delete(snapshotProducts)
      .where(eq(snapshotProducts.jobId, latest))
      .then(
        () => null,
        (caught: unknown) => caught as Error,
      );
    expect(String((error as { cause?: unknown } | null)?.cause ?? error)).toMatch(/no stored body/);
    expect(await rowsOf([latest])).toBeGreaterThan(0);
  });

  it("a purge is explicit, recorded, and the report answers 410 Gone afterwards", async () => {
    const jobId = generations["kept-tracked.test"]![0]!;
    // Answers by job id are cached a few minutes, then revalidated: until the purge a
    // revalidation is a 304, after it the 410 itself, so shared caches drop the report too.
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
    await asPurgeOf(jobId, (tx) =>
      tx.insert(renderScreenshots).values({ jobId, size: "desktop", contentType: "image/jpeg", width: 1280, height: 800, bytes: jpeg }),
    );
    const { GET: screenshotRoute } = await import("@/app/api/reports/[id]/screenshots/[size]/route");
    const screenshot = (headers: Record<string, string> = {}) =>
      screenshotRoute(new Request(`http://localhost:3000/api/reports/${jobId}/screenshots/desktop`, { headers }), {
        params: Promise.resolve({ id: jobId, size: "desktop" }),
      });
    const report = (headers: Record<string, string> = {}) =>
      reportRoute(new Request(`http://localhost:3000/api/reports/${jobId}`, { headers }), { params: Promise.resolve({ id: jobId }) });
    const picture = await screenshot();
    expect(picture.status).toBe(200);
    expect(Buffer.from(await picture.arrayBuffer())).toEqual(jpeg);
    expect(picture.headers.get("cache-control")).toBe(REPORT_BY_JOB_CACHE_CONTROL);
    const pictureEtag = picture.headers.get("etag")!;
    expect(pictureEtag).toBe(`"screenshot-${jobId}-desktop"`);
    const json = await report();
    expect(json.headers.get("cache-control")).toBe(REPORT_BY_JOB_CACHE_CONTROL);
    const jsonEtag = json.headers.get("etag")!;
    const revalidated = await screenshot({ "if-none-match": pictureEtag });
    expect(revalidated.status).toBe(304);
    expect(await revalidated.text()).toBe("");
    expect(revalidated.headers.get("etag")).toBe(pictureEtag);
    expect(revalidated.headers.get("cache-control")).toBe(REPORT_BY_JOB_CACHE_CONTROL);
    expect((await screenshot({ "if-none-match": '"screenshot-other"' })).status).toBe(200);
    expect((await report({ "if-none-match": jsonEtag })).status).toBe(304);

    await expect(purgeReport(jobId, "  ")).rejects.toMatchObject({ code: "invalid_request" });
    await expect(purgeReport(generations["kept-tracked.test"]!.at(-1)!, "latest")).rejects.toMatchObject({ code: "conflict" });
    const purged = await purgeReport(jobId, "owner asked for removal");
    expect(purged.job_id).toBe(jobId);

    const answers = await readAll(jobId);
    for (const name of ["plain", "gzip", "page", "changelog"]) {
      expect(answers[name]!.status, name).toBe(410);
      expect(JSON.parse(Buffer.from(answers[name]!.bytes, "base64").toString("utf8"))).toMatchObject({ code: "gone" });
    }
    for (const revalidation of [await screenshot({ "if-none-match": pictureEtag }), await report({ "if-none-match": jsonEtag })]) {
      expect(revalidation.status).toBe(410);
      expect(await revalidation.json()).toMatchObject({ code: "gone" });
    }
    await expect(purgeReport(jobId, "again")).rejects.toMatchObject({ code: "not_found" });
    // The other reports of the store are untouched.
    const other = generations["kept-tracked.test"]![1]!;
    expect((await readAll(other)).plain!.status).toBe(200);
    expect(
      await getDb()
        .select()
        .from(changelogEntries)
        .where(and(eq(changelogEntries.jobId, jobId))),
    ).toEqual([]);
  });
});
