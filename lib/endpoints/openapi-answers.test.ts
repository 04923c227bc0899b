/**
 * Real answers, as a client reads them, against the OpenAPI document: two analyses of one
 * tracked store (fake store, embedded engine, fake PageSpeed), then every read endpoint and
 * a few refusals. A field added to an answer but not to its zod schema fails here too.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvCache } from "@/lib/env";
import { createTestSession, createTestUser, sessionCookieHeader } from "@/testing/auth/fixtures";
import { loadRouteHandler } from "@/testing/auth/route-handlers";
import { generatedStore } from "@/testing/fake-store";
import { startFakePageSpeed, type FakePageSpeed } from "@/testing/fake-pagespeed";
import { documentedAnswerErrors } from "@/testing/openapi-answers";
import { startPipeline, type PipelineHarness } from "@/testing/pipeline";

let h: PipelineHarness;
let pagespeed: FakePageSpeed;
let session: Record<string, string>;
const jobIds: string[] = [];

type Answer = { status: number; body: unknown };

/** Calls a route as a client does; `path` is the document's (`/api/stores/{slug}`). */
async function call(
  method: string,
  path: string,
  values: Record<string, string> = {},
  { query = "", headers = {}, body }: { query?: string; headers?: Record<string, string>; body?: unknown } = {},
): Promise<Answer> {
  const handler = await loadRouteHandler(method, path.replace(/\{(\w+)\}/g, ":$1"));
  const url = path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(values[name] ?? ""));
  const response = await handler(
    new Request(`http://localhost:3000${url}${query}`, {
      method,
      headers: { ...headers, ...(body !== undefined ? { "content-type": "application/json" } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
    { params: Promise.resolve(values) },
  );

  return { status: response.status, body: await response.json() };
}

async function analyze(): Promise<string> {
  const response = await h.submit({ domain: "answers.test" });
  const body = await response.json();
  expect(documentedAnswerErrors("POST", "/api/jobs", response.status, body)).toEqual([]);
  const job = await h.waitForJob(body.job.id);
  expect(job.status, job.error ?? "").toBe("completed");

  return job.id;
}

beforeAll(async () => {
  pagespeed = await startFakePageSpeed();
  h = await startPipeline({ PAGESPEED_ENABLED: "true", PAGESPEED_API_URL: pagespeed.url });
  resetEnvCache();
  h.fakeStore.addStore(generatedStore("answers.test", { products: 14, seed: 21, exposeInventory: true }));
  const user = await createTestUser();
  session = sessionCookieHeader(await createTestSession(user.id));
  jobIds.push(await analyze());
  const tracked = await call("POST", "/api/shops", {}, { headers: session, body: { domain: "answers.test" } });
  expect(tracked.status).toBe(201);
  expect(documentedAnswerErrors("POST", "/api/shops", 201, tracked.body)).toEqual([]);
  h.fakeStore.store("answers.test").advance({ sales: 5, restocks: 1, priceChanges: 2, addProducts: 1, removeProducts: 1 });
  jobIds.push(await analyze());
}, 180_000);

afterAll(async () => {
  await h?.stop();
  await pagespeed?.close();
});

describe("real answers match the OpenAPI document", () => {
  it("jobs, report (whole and paged), PageSpeed and changelog", async () => {
    const [first, latest] = [jobIds[0]!, jobIds[1]!];
    const answers: [string, Record<string, string>, string, Answer][] = [
      ["/api/jobs", {}, "", await call("GET", "/api/jobs", {}, { query: `?id=${latest}` })],
      ["/api/jobs/{id}", { id: latest }, "", await call("GET", "/api/jobs/{id}", { id: latest })],
      ["/api/jobs/{id}/status", { id: latest }, "", await call("GET", "/api/jobs/{id}/status", { id: latest })],
      ["/api/reports/{id}", { id: latest }, "", await call("GET", "/api/reports/{id}", { id: latest })],
      [
        "/api/reports/{id}",
        { id: first },
        "?products_page=2&products_per_page=5",
        await call("GET", "/api/reports/{id}", { id: first }, { query: "?products_page=2&products_per_page=5" }),
      ],
      ["/api/pagespeed/{jobId}", { jobId: latest }, "", await call("GET", "/api/pagespeed/{jobId}", { jobId: latest })],
      ["/api/changelog/{jobId}", { jobId: latest }, "", await call("GET", "/api/changelog/{jobId}", { jobId: latest })],
    ];
    for (const [path, , query, answer] of answers) {
      expect(answer.status, `${path}${query}`).toBe(200);
      expect(documentedAnswerErrors("GET", path, 200, answer.body)).toEqual([]);
    }
    const report = answers[3]![3].body as { products: unknown[]; metadata: { apps: { value: unknown[] } } };
    expect(report.products.length).toBeGreaterThan(10);
    expect((answers[6]![3].body as { data: unknown[] }).data.length).toBeGreaterThan(0);
  });

  it("directory: stores, store page, apps, app, health, blog, the JSON export", async () => {
    const reads: [string, Record<string, string>, string][] = [
      ["/api/stores", {}, "?q=answers"],
      ["/api/stores", {}, "?tag=meta-pixel&language=en&market=us&agent=storefront_mcp&app=klaviyo"],
      ["/api/stores/{slug}", { slug: "answers-test" }, ""],
      ["/api/stores/{slug}/timeline", { slug: "answers-test" }, ""],
      ["/api/apps", {}, ""],
      ["/api/apps/{name}", { name: "klaviyo" }, ""],
      ["/api/health", {}, ""],
      ["/api/blog", {}, ""],
      ["/api/free-export", {}, "?slug=answers-test&format=json"],
    ];
    for (const [path, values, query] of reads) {
      const answer = await call("GET", path, values, { query });
      expect(answer.status, path).toBe(200);
      expect(documentedAnswerErrors("GET", path, 200, answer.body)).toEqual([]);
    }
  });

  it("a tracked store's analytics, inventory, events, product history, snapshot compare and catalog events", async () => {
    const slug = { slug: "answers-test" };
    const events = await call("GET", "/api/store-detail/{slug}/inventory/events", slug, { headers: session });
    const product = (events.body as { data: { product_id: number }[] }).data[0]?.product_id;
    expect(product, "the second analysis saw sales").toBeDefined();
    const reads: [string, Record<string, string>][] = [
      ["/api/shops", {}],
      ["/api/store-detail/{slug}/analytics", slug],
      ["/api/store-detail/{slug}/inventory", slug],
      ["/api/store-detail/{slug}/inventory/events", slug],
      ["/api/store-detail/{slug}/inventory/product/{shopifyId}", { ...slug, shopifyId: String(product) }],
      ["/api/store-detail/{slug}/compare", slug],
      ["/api/store-detail/{slug}/catalog-events", slug],
    ];
    for (const [path, values] of reads) {
      const answer = await call("GET", path, values, { headers: session });
      expect(answer.status, path).toBe(200);
      expect(documentedAnswerErrors("GET", path, 200, answer.body)).toEqual([]);
    }
  });

  it("refusals: 400 with issues, 401, 404", async () => {
    const refusals: [string, string, Record<string, string>, string, number][] = [
      ["GET", "/api/jobs", {}, "", 400],
      ["GET", "/api/reports/{id}", { id: "no-such-store" }, "", 404],
      ["GET", "/api/reports/{id}", { id: jobIds[1]! }, "?products_per_page=500", 400],
      ["GET", "/api/store-detail/{slug}/analytics", { slug: "answers-test" }, "", 401],
    ];
    for (const [method, path, values, query, status] of refusals) {
      const answer = await call(method, path, values, { query });
      expect(answer.status, `${path}${query}`).toBe(status);
      expect(documentedAnswerErrors(method, path, status, answer.body)).toEqual([]);
    }
  });
});
