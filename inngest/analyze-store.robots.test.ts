/**
 * robots.txt and refusals through the whole pipeline: a store whose robots.txt disallows the
 * product listing is not crawled, a disallowed non-essential path is skipped and reported, a
 * streak of 423 Locked ends the job store_blocked, and the report's crawl section counts what the
 * store saw.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { reports } from "@/db/schema";
import type { CrawlSection } from "@/lib/reports/schemas";
import { DEFAULT_MAX_BLOCK_STREAK } from "@/lib/shopify-reader/fetch-store";
import { fixtureStore } from "@/testing/fake-store";
import { startPipeline, type PipelineHarness } from "@/testing/pipeline";

let h: PipelineHarness;

beforeAll(async () => {
  h = await startPipeline();
});

afterAll(async () => {
  await h?.stop();
});

async function submit(domain: string): Promise<string> {
  const response = await h.submit({ domain });
  expect(response.status).toBe(201);

  return ((await response.json()) as { job: { id: string } }).job.id;
}

const paths = (domain: string) =>
  h.fakeStore
    .store(domain)
    .log()
    .map((entry) => entry.path);

async function crawlSection(jobId: string): Promise<CrawlSection> {
  const [report] = await getDb().select({ metadata: reports.metadata }).from(reports).where(eq(reports.jobId, jobId));

  return (report!.metadata as { crawl: { value: CrawlSection } }).crawl.value;
}

describe("robots.txt and refusals in the pipeline", () => {
  it("ends the job robots_disallowed without fetching /products.json when robots.txt disallows it", async () => {
    h.fakeStore.addStore(fixtureStore("no-listing.test", { robotsTxt: "User-agent: *\nDisallow: /products.json\n" }));
    const job = await h.waitForJob(await submit("no-listing.test"));

    expect(job.status).toBe("failed");
    expect(job.errorCode).toBe("robots_disallowed");
    expect(job.error).toMatch(/robots\.txt.*\/products\.json/);
    expect(paths("no-listing.test")).toEqual(["/robots.txt"]);
  });

  it("also obeys a group naming StoreLensBot", async () => {
    h.fakeStore.addStore(
      fixtureStore("not-for-us.test", { robotsTxt: "User-agent: *\nAllow: /\n\nUser-agent: StoreLensBot\nDisallow: /\n" }),
    );
    const job = await h.waitForJob(await submit("not-for-us.test"));

    expect(job.errorCode).toBe("robots_disallowed");
    expect(paths("not-for-us.test")).toEqual(["/robots.txt"]);
  });

  it("skips a disallowed non-essential path, reports it, and counts requests as the store saw them", async () => {
    h.fakeStore.addStore(fixtureStore("no-pages.test", { robotsTxt: "User-agent: *\nDisallow: /pages\nDisallow: /cart\n" }));
    const job = await h.waitForJob(await submit("no-pages.test"));

    expect(job.status).toBe("completed");
    const seen = paths("no-pages.test");
    expect(seen.filter((path) => path === "/robots.txt")).toHaveLength(1);
    expect(seen.some((path) => path.startsWith("/pages"))).toBe(false);
    const crawl = await crawlSection(job.id);
    expect(crawl.robots).toMatchObject({ status: "ok", crawl_delay_seconds: null });
    expect(crawl.robots.skipped).toContainEqual({ path: "/pages.json?limit=250&page=1", kind: "pages" });
    expect(crawl.requests).toBe(h.fakeStore.store("no-pages.test").counters().requests);
    // Every request is signed (lib/bot-auth): the signed count is the request count.
    expect(crawl).toMatchObject({ signed_requests: crawl.requests, retries: 0, refusals: {}, owner_signature_expires_at: null });
  });

  it("counts retries and refusals the store answered, and a missing robots.txt allows all", async () => {
    h.fakeStore.addStore(
      fixtureStore("flaky-robots.test", { robotsTxt: null, faults: { scope: "json", rateLimit: { firstN: 2, retryAfterSeconds: 0 } } }),
    );
    const job = await h.waitForJob(await submit("flaky-robots.test"));

    expect(job.status).toBe("completed");
    const crawl = await crawlSection(job.id);
    const counters = h.fakeStore.store("flaky-robots.test").counters();
    expect(crawl.requests).toBe(counters.requests);
    expect(crawl.refusals).toEqual({ "429": counters.rateLimited });
    expect(crawl.retries).toBe(2);
    expect(crawl.robots).toMatchObject({ status: "missing", skipped: [] });
  });

  it("stops a store answering 423 Locked after the block streak, with store_blocked", async () => {
    h.fakeStore.addStore(fixtureStore("locked.test", { faults: { scope: "json", locked: { firstN: 1000 } } }));
    const job = await h.waitForJob(await submit("locked.test"));

    expect(job.status).toBe("failed");
    expect(job.errorCode).toBe("store_blocked");
    const counters = h.fakeStore.store("locked.test").counters();
    // robots.txt, then the streak on /meta.json: not every retry, and no workflow retry of the step.
    expect(counters.locked).toBe(DEFAULT_MAX_BLOCK_STREAK);
    expect(counters.requests).toBe(1 + DEFAULT_MAX_BLOCK_STREAK);
  });
});
