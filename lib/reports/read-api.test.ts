import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { changelogEntries, jobs, reportBodies } from "@/db/schema";
import { fixtureStore } from "@/testing/fake-store";
import { startFakePageSpeed, type FakePageSpeed } from "@/testing/fake-pagespeed";
import { startPipeline, type PipelineHarness } from "@/testing/pipeline";
import { asPurgeOf } from "@/testing/report-content";

// The public read API over a real completed analysis (fake store + embedded engine).

let h: PipelineHarness;
let pagespeed: FakePageSpeed;
let jobId: string;

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

async function call(handler: Handler, url: string, params: Record<string, string> = {}) {
  const response = await handler(new Request(`http://localhost:3000${url}`), { params: Promise.resolve(params) });

  return { status: response.status, body: await response.json() };
}

beforeAll(async () => {
  pagespeed = await startFakePageSpeed();
  h = await startPipeline({ PAGESPEED_ENABLED: "true", PAGESPEED_API_URL: pagespeed.url });
  h.fakeStore.addStore(fixtureStore("www.read-api.test"));
  const response = await h.submit({ domain: "www.read-api.test", webhook_url: "http://127.0.0.1:9/unused" });
  jobId = ((await response.json()) as { job: { id: string } }).job.id;
  const job = await h.waitForJob(jobId);
  expect(job.status).toBe("completed");
}, 120_000);

afterAll(async () => {
  await h?.stop();
  await pagespeed?.close();
});

describe("jobs", () => {
  it("GET /api/jobs finds a job by id or by domain, 400 without either, 404 when unknown", async () => {
    const { GET } = await import("@/app/api/jobs/route");
    expect((await call(GET, `/api/jobs?id=${jobId}`)).body.job.id).toBe(jobId);
    expect((await call(GET, `/api/jobs?domain=WWW.Read-Api.test`)).body.job.id).toBe(jobId);
    const missing = await call(GET, "/api/jobs");
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe("invalid_request");
    expect((await call(GET, "/api/jobs?id=00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await call(GET, "/api/jobs?domain=unknown.test")).status).toBe(404);
  });

  it("GET /api/jobs/:id and /status describe the completed job with its URLs", async () => {
    const { GET } = await import("@/app/api/jobs/[id]/route");
    const { body } = await call(GET, `/api/jobs/${jobId}`, { id: jobId });
    expect(body.job).toMatchObject({
      id: jobId,
      domain: "www.read-api.test",
      slug: "read-api-test",
      status: "completed",
      progress: 1,
      report_url: `http://localhost:3000/reports/${jobId}`,
      api_url: `http://localhost:3000/api/reports/${jobId}`,
      status_url: `http://localhost:3000/api/jobs/${jobId}/status`,
    });
    const status = await import("@/app/api/jobs/[id]/status/route");
    expect((await call(status.GET, `/api/jobs/${jobId}/status`, { id: jobId })).body.status).toBe("completed");
    expect((await call(status.GET, "/api/jobs/nope/status", { id: "nope" })).status).toBe(404);
  });
});

describe("reports", () => {
  it("GET /api/reports/:id serves the full report by job id and by slug", async () => {
    const { GET } = await import("@/app/api/reports/[id]/route");
    const byId = await call(GET, `/api/reports/${jobId}`, { id: jobId });
    expect(byId.status).toBe(200);
    expect(byId.body.products).toHaveLength(22);
    expect(byId.body.products[0]).toHaveProperty("variants");
    expect(byId.body.metadata.base_currency).toEqual({ value: "EUR", basis: "observed" });
    expect(byId.body.metadata.listing_complete).toEqual({ value: true, basis: "derived" });
    expect(byId.body.summary.product_count).toBe(22);
    expect(Array.isArray(byId.body.pages)).toBe(true);
    expect(Array.isArray(byId.body.collections)).toBe(true);

    const bySlug = await call(GET, "/api/reports/read-api-test", { id: "read-api-test" });
    expect(bySlug.body.job.id).toBe(jobId);
    const missing = await call(GET, "/api/reports/no-such-store", { id: "no-such-store" });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: "not_found" });
  });

  it("GET /api/reports/:id is served compressed from its stored body and revalidates with 304", async () => {
    const { GET } = await import("@/app/api/reports/[id]/route");
    const get = (id: string, headers: Record<string, string> = {}) =>
      GET(new Request(`http://localhost:3000/api/reports/${id}`, { headers }), { params: Promise.resolve({ id }) });

    // The same report, whatever the encoding: plain JSON for a client that accepts none.
    const plain = await get(jobId);
    expect(plain.status).toBe(200);
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(plain.headers.get("content-type")).toBe("application/json");
    const plainText = await plain.text();
    const report = JSON.parse(plainText);
    expect(report.products).toHaveLength(22);
    // Inflated once, then kept: the next plain answer is the same bytes with their length.
    const plainAgain = await get(jobId);
    expect(plainAgain.headers.get("content-length")).toBe(String(Buffer.byteLength(plainText)));
    expect(await plainAgain.text()).toBe(plainText);
    const { getReport } = await import("@/lib/reports/get-report");
    expect(report).toEqual(JSON.parse(JSON.stringify(await getReport(jobId))));

    const gzipped = await get(jobId, { "accept-encoding": "gzip, deflate" });
    expect(gzipped.headers.get("content-encoding")).toBe("gzip");
    expect(gzipped.headers.get("vary")).toBe("accept-encoding");
    const gzipBytes = Buffer.from(await gzipped.arrayBuffer());
    expect(Number(gzipped.headers.get("content-length"))).toBe(gzipBytes.length);
    expect(JSON.parse(gunzipSync(gzipBytes).toString("utf8"))).toEqual(report);

    const brotli = await get(jobId, { "accept-encoding": "gzip;q=0.5, br" });
    expect(brotli.headers.get("content-encoding")).toBe("br");
    expect(JSON.parse(brotliDecompressSync(Buffer.from(await brotli.arrayBuffer())).toString("utf8"))).toEqual(report);
    expect((await get(jobId, { "accept-encoding": "br;q=0, gzip" })).headers.get("content-encoding")).toBe("gzip");

    // The body is serialized once: it is a stored row, and every answer carries its ETag.
    const [stored] = await getDb().select().from(reportBodies).where(eq(reportBodies.jobId, jobId));
    const etag = plain.headers.get("etag");
    expect(stored?.etag).toBe(etag);
    expect(etag).toMatch(new RegExp(`^"report-${jobId}-[A-Za-z0-9_-]+"$`));
    expect(gzipped.headers.get("etag")).toBe(etag);
    // By job id it changes only at a purge: cached a few minutes, then revalidated.
    expect(plain.headers.get("cache-control")).toBe("public, max-age=300, must-revalidate");

    const again = await get(jobId, { "if-none-match": `W/"other", ${etag}`, "accept-encoding": "gzip" });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expect(again.headers.get("etag")).toBe(etag);

    // By slug the answer can move to a newer report: cacheable only briefly.
    const bySlug = await get("read-api-test", { "if-none-match": etag! });
    expect(bySlug.status).toBe(304);
    expect(bySlug.headers.get("cache-control")).toBe("public, max-age=60");
    expect((await get(jobId, { "if-none-match": `"report-${jobId}"` })).status).toBe(200);
  });

  it("GET /api/reports/:id?products_page= pages the products; bad paging values are 400", async () => {
    const { GET } = await import("@/app/api/reports/[id]/route");
    const full = await call(GET, `/api/reports/${jobId}`, { id: jobId });
    const paged = await call(GET, `/api/reports/${jobId}?products_page=2&products_per_page=5`, { id: jobId });
    expect(paged.status).toBe(200);
    expect(paged.body.products).toEqual(full.body.products.slice(5, 10));
    expect(paged.body.products_pagination).toEqual({ page: 2, per_page: 5, total: 22, total_pages: 5 });
    const { products: _all, ...rest } = full.body;
    const { products: _page, products_pagination: _pagination, ...pagedRest } = paged.body;
    expect(pagedRest).toEqual(rest);
    // A page has its own validator, as the document says of every 200 of this operation.
    const pagedResponse = await GET(new Request(`http://localhost:3000/api/reports/${jobId}?products_page=2&products_per_page=5`), {
      params: Promise.resolve({ id: jobId }),
    });
    const pageEtag = pagedResponse.headers.get("etag");
    expect(pageEtag).toMatch(/^"[^"]+"$/);
    const revalidated = await GET(
      new Request(`http://localhost:3000/api/reports/${jobId}?products_page=2&products_per_page=5`, {
        headers: { "if-none-match": pageEtag! },
      }),
      { params: Promise.resolve({ id: jobId }) },
    );
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get("etag")).toBe(pageEtag);
    const otherPage = await GET(
      new Request(`http://localhost:3000/api/reports/${jobId}?products_page=3&products_per_page=5`, {
        headers: { "if-none-match": pageEtag! },
      }),
      { params: Promise.resolve({ id: jobId }) },
    );
    expect(otherPage.status).toBe(200);

    const last = await call(GET, `/api/reports/read-api-test?products_page=3`, { id: "read-api-test" });
    expect(last.body.products).toEqual(full.body.products.slice(40, 60));
    expect(last.body.products).toHaveLength(0);
    expect(last.body.products_pagination).toEqual({ page: 3, per_page: 20, total: 22, total_pages: 2 });

    for (const bad of ["products_per_page=500", "products_page=0", "products_page=abc"]) {
      const refused = await call(GET, `/api/reports/${jobId}?${bad}`, { id: jobId });
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe("invalid_request");
    }
  });

  it("GET /api/changelog/:jobId lists entries, paginated (none for a first analysis)", async () => {
    const changelog = await import("@/app/api/changelog/[jobId]/route");
    const entries = await call(changelog.GET, `/api/changelog/${jobId}`, { jobId });
    expect(entries.status).toBe(200);
    expect(entries.body.data).toEqual([]);
    expect(entries.body.previous_job_id).toBeNull();
    expect(entries.body.pagination).toEqual({ page: 1, per_page: 20, total: 0, total_pages: 0 });
  });

  it("GET /api/changelog/:jobId pages its entries like every list; bad paging values are 400", async () => {
    const changelog = await import("@/app/api/changelog/[jobId]/route");
    // Entries as a later analysis records them (the diff itself is tested with the pipeline).
    const previous = "00000000-0000-4000-8000-00000000abcd";
    const [job] = await getDb().select({ storeId: jobs.storeId }).from(jobs).where(eq(jobs.id, jobId));
    // A completed job's changelog is frozen (migration 0013): planted past the freeze.
    await asPurgeOf(jobId, (tx) =>
      tx.insert(changelogEntries).values(
        Array.from({ length: 23 }, (_, i) => ({
          jobId,
          storeId: job!.storeId,
          previousJobId: previous,
          subject: "product" as const,
          change: "added" as const,
          subjectId: String(1000 + i),
          title: `Product ${i}`,
        })),
      ),
    );

    const second = await call(changelog.GET, `/api/changelog/${jobId}?page=2&per_page=10`, { jobId });
    expect(second.status).toBe(200);
    // The previous analysis is the store's previous completed job, not a value of the rows: none here.
    expect(second.body.previous_job_id).toBeNull();
    expect(second.body.pagination).toEqual({ page: 2, per_page: 10, total: 23, total_pages: 3 });
    expect(second.body.data.map((e: { id: string }) => e.id)).toEqual(Array.from({ length: 10 }, (_, i) => String(1010 + i)));
    const first = await call(changelog.GET, `/api/changelog/${jobId}`, { jobId });
    expect(first.body.data).toHaveLength(20);
    expect(first.body.data[0]).toEqual({ subject: "product", change: "added", id: "1000", title: "Product 0", before: null, after: null });
    const refused = await call(changelog.GET, `/api/changelog/${jobId}?per_page=51`, { jobId });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe("invalid_request");
    await asPurgeOf(jobId, (tx) => tx.delete(changelogEntries).where(eq(changelogEntries.jobId, jobId)));
  });

  it("GET /api/pagespeed/:jobId serves mobile and desktop audits; 404 when none exist", async () => {
    const route = await import("@/app/api/pagespeed/[jobId]/route");
    const audits = await call(route.GET, `/api/pagespeed/${jobId}`, { jobId });
    expect(audits.status).toBe(200);
    expect(audits.body.audits.map((a: { strategy: string; performance_score: number }) => [a.strategy, a.performance_score])).toEqual([
      ["desktop", 87],
      ["mobile", 42],
    ]);
    expect(pagespeed.requests.some((r) => r.includes("url=https%3A%2F%2Fwww.read-api.test%2F"))).toBe(true);
    const other = "00000000-0000-4000-8000-000000000000";
    expect((await call(route.GET, `/api/pagespeed/${other}`, { jobId: other })).status).toBe(404);
  });
});

describe("directory", () => {
  it("GET /api/stores lists and searches analyzed stores, paginated", async () => {
    const { GET } = await import("@/app/api/stores/route");
    const all = await call(GET, "/api/stores?per_page=5");
    expect(all.body.pagination).toMatchObject({ page: 1, per_page: 5 });
    expect(all.body.data.map((s: { slug: string }) => s.slug)).toContain("read-api-test");
    const searched = await call(GET, "/api/stores?q=read-api");
    expect(searched.body.data).toHaveLength(1);
    expect(searched.body.data[0].product_count).toBe(22);
    expect((await call(GET, "/api/stores?per_page=500")).status).toBe(400);
  });

  it("GET /api/stores/:slug serves the SEO page data; 404 for unknown stores", async () => {
    const { GET } = await import("@/app/api/stores/[slug]/route");
    const page = await call(GET, "/api/stores/read-api-test", { slug: "read-api-test" });
    expect(page.status).toBe(200);
    expect(page.body.seo.json_ld["@graph"].map((node: { "@type": string }) => node["@type"])).toEqual(
      expect.arrayContaining(["OnlineStore", "ItemList"]),
    );
    expect(page.body.products.data.length).toBeGreaterThan(0);
    expect(page.body.products.pagination.total).toBe(22);
    // The report built by the pipeline carries the price bands the page charts.
    expect(page.body.prices.distribution.reduce((n: number, band: { count: number }) => n + band.count, 0)).toBeGreaterThan(0);
    expect(page.body.apps.map((a: { slug: string }) => a.slug)).toEqual(expect.arrayContaining(["klaviyo"]));
    expect((await call(GET, "/api/stores/nope", { slug: "nope" })).status).toBe(404);
  });

  it("GET /api/apps and /api/apps/:name show the catalog with stores running each app", async () => {
    const list = await import("@/app/api/apps/route");
    const apps = await call(list.GET, "/api/apps");
    expect(apps.body.data.length).toBeGreaterThanOrEqual(100);
    const klaviyo = apps.body.data.find((a: { slug: string }) => a.slug === "klaviyo");
    expect(klaviyo.stores).toBeGreaterThanOrEqual(1);
    const one = await import("@/app/api/apps/[name]/route");
    const detail = await call(one.GET, "/api/apps/klaviyo", { name: "klaviyo" });
    expect(detail.body.recent_stores.map((s: { slug: string }) => s.slug)).toContain("read-api-test");
    expect((await call(one.GET, "/api/apps/not-an-app", { name: "not-an-app" })).status).toBe(404);
  });
});
