import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { resetEnvCache } from "@/lib/env";
import { generatedStore } from "@/testing/fake-store";
import { startPipeline, type PipelineHarness } from "@/testing/pipeline";

// Per-job caps (MAX_PRODUCTS_PER_JOB, MAX_STORE_REQUESTS_PER_JOB): a store that claims or lists
// far more than a job may read ends `failed` with `store_too_large`, after a bounded number of
// requests, never an unbounded crawl.

let h: PipelineHarness;

beforeAll(async () => {
  h = await startPipeline();
});

afterAll(async () => {
  await h?.stop();
});

afterEach(() => {
  delete process.env.MAX_PRODUCTS_PER_JOB;
  delete process.env.MAX_STORE_REQUESTS_PER_JOB;
  resetEnvCache();
});

function limit(settings: Record<string, string>) {
  Object.assign(process.env, settings);
  resetEnvCache();
}

async function run(domain: string) {
  const response = await h.submit({ domain });
  expect(response.status).toBe(201);
  const { job } = (await response.json()) as { job: { id: string } };

  return h.waitForJob(job.id);
}

const productRequests = (domain: string) =>
  h.fakeStore
    .store(domain)
    .log()
    .filter((entry) => /^\/(products|collections|sitemap)/.test(entry.path)).length;

describe("per-job caps", () => {
  it("fails a store whose meta.json counts millions of products before reading a single product page", async () => {
    h.fakeStore.addStore(generatedStore("millions.test", { products: 2_000_000, seed: 3 }));

    const job = await run("millions.test");

    expect(job).toMatchObject({ status: "failed", errorCode: "store_too_large", step: "fetch-products" });
    expect(job.error).toMatch(/2000000 products/);
    expect(productRequests("millions.test")).toBe(0);
  });

  it("fails a store that lists far more products than its meta.json counts once the listing passes the cap", async () => {
    limit({ MAX_PRODUCTS_PER_JOB: "1000" });
    h.fakeStore.addStore(generatedStore("undercounted.test", { products: 20_000, publishedProductsCount: 400, seed: 4 }));

    const job = await run("undercounted.test");

    expect(job).toMatchObject({ status: "failed", errorCode: "store_too_large" });
    // Past 1,000 products within one slice of 10 listing pages, not the 80 pages of the store.
    expect(productRequests("undercounted.test")).toBeLessThanOrEqual(10);
  });

  it("fails a crawl that would take more store requests than a job may make", async () => {
    limit({ MAX_STORE_REQUESTS_PER_JOB: "25" });
    h.fakeStore.addStore(generatedStore("endless.test", { products: 20_000, seed: 5 }));

    const job = await run("endless.test");

    expect(job).toMatchObject({ status: "failed", errorCode: "store_too_large" });
    expect(job.error).toMatch(/25 requests/);
    expect(productRequests("endless.test")).toBe(25);
  });
});
