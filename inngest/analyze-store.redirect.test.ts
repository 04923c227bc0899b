/**
 * A store that redirects every request to another site is not that site: the job fails
 * redirected_off_store naming the other host, no request reaches it (not even its robots.txt), and
 * nothing of its catalog is stored or reported for the job.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { reports, snapshotProducts } from "@/db/schema";
import { resetEnvCache } from "@/lib/env";
import { generatedStore } from "@/testing/fake-store";
import { startPipeline, type PipelineHarness } from "@/testing/pipeline";
import { startTestServer } from "@/testing/test-server";

let h: PipelineHarness;
let hijack: Awaited<ReturnType<typeof startTestServer>>;

beforeAll(async () => {
  h = await startPipeline();
  // hijack.test (its own server) sends every request to the same path on other.test, a real shop.
  hijack = await startTestServer((req, res) => res.writeHead(301, { location: `https://other.test${req.url}` }).end());
  process.env.SHOP_RESOLVE = [`hijack.test=${hijack.origin}`, process.env.SHOP_RESOLVE].join(",");
  resetEnvCache();
  h.fakeStore.addStore(generatedStore("other.test", { products: 37, seed: 5 }));
}, 60_000);

afterAll(async () => {
  await h?.stop();
  await hijack?.close();
});

describe("a store redirecting to another site", () => {
  it("fails redirected_off_store, asks the other site nothing and reports none of its catalog", async () => {
    const response = await h.submit({ domain: "hijack.test" });
    expect(response.status).toBe(201);
    const { job } = (await response.json()) as { job: { id: string } };
    const ended = await h.waitForJob(job.id);

    expect(ended).toMatchObject({ status: "failed", errorCode: "redirected_off_store" });
    expect(ended.error).toContain("other.test");
    expect(hijack.seen.map((request) => request.url)).toEqual(["/robots.txt"]);
    expect(h.fakeStore.store("other.test").counters().requests).toBe(0);
    expect(await getDb().select().from(snapshotProducts).where(eq(snapshotProducts.jobId, job.id))).toEqual([]);
    expect(await getDb().select().from(reports).where(eq(reports.jobId, job.id))).toEqual([]);
  });

  it("still analyzes a store whose bare domain redirects to its www. host", async () => {
    h.fakeStore.addStore(generatedStore("www.brand.test", { products: 3, seed: 6, redirectFrom: ["brand.test"] }));
    const response = await h.submit({ domain: "brand.test" });
    const { job } = (await response.json()) as { job: { id: string } };
    expect(await h.waitForJob(job.id)).toMatchObject({ status: "completed" });
  });
});
