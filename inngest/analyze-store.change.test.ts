import { and, eq, isNotNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { changelogEntries, reports, snapshotProducts } from "@/db/schema";
import { generatedStore } from "@/testing/fake-store";
import { startPipeline, type PipelineHarness } from "@/testing/pipeline";

// Two consecutive snapshots of a store whose crawl shifted under it: the changelog holds the
// changes the store really made, and nothing the crawl invented, in both directions.

let h: PipelineHarness;

beforeAll(async () => {
  h = await startPipeline();
});

afterAll(async () => {
  await h?.stop();
});

async function analyze(domain: string) {
  const response = await h.submit({ domain });
  expect(response.status).toBe(201);
  const { job } = (await response.json()) as { job: { id: string } };
  const done = await h.waitForJob(job.id, 120_000);
  expect(done.status).toBe("completed");

  return done;
}

const productChanges = async (jobId: string) =>
  (await getDb().select().from(changelogEntries).where(eq(changelogEntries.jobId, jobId)))
    .filter((entry) => entry.subject === "product")
    .map((entry) => `${entry.change}:${entry.subjectId}`)
    .sort();

function addStore(domain: string) {
  h.fakeStore.addStore(generatedStore(domain, { products: 1500, seed: 77 }));
  const store = h.fakeStore.store(domain);
  const catalog = store.shop!.catalog;
  const front = (count: number) => catalog.newestFirst(0, count).map((slot) => catalog.meta(slot).id);

  return { store, front };
}

describe("snapshots of a store that changes during the crawl", () => {
  it("a shifted crawl records every product, marks the ones gone, and the next snapshot invents nothing", async () => {
    const { store, front } = addStore("shifting-first.test");
    const deleted = front(5);
    // Deleted from the front once the first three listing pages were read.
    store.changeBefore(/\/products\.json\?.*page=4\b/, { removeProducts: deleted });

    const first = await analyze("shifting-first.test");
    const [report] = await getDb().select().from(reports).where(eq(reports.jobId, first.id));
    expect(first.listingComplete).toBe(true);
    expect(report!.summary).toMatchObject({ product_count: 1495 });
    expect((report!.metadata as Record<string, { value: unknown }>).completeness?.value).toMatchObject({
      basis: "listing+sitemap",
      recovered: 5,
      gone_during_crawl: 5,
    });
    const gone = await getDb()
      .select({ id: snapshotProducts.productId })
      .from(snapshotProducts)
      .where(and(eq(snapshotProducts.jobId, first.id), isNotNull(snapshotProducts.goneAt)));
    expect(gone.map((row) => row.id).sort()).toEqual([...deleted].sort());

    const second = await analyze("shifting-first.test");
    expect(await productChanges(second.id)).toEqual([]);
  });

  it("a shifted second crawl reports exactly the products really removed, and no phantom addition", async () => {
    const { store, front } = addStore("shifting-second.test");
    const first = await analyze("shifting-second.test");
    expect(await productChanges(first.id)).toEqual([]);

    const deleted = front(5);
    store.changeBefore(/\/products\.json\?.*page=4\b/, { removeProducts: deleted });
    const second = await analyze("shifting-second.test");

    expect(second.listingComplete).toBe(true);
    expect(await productChanges(second.id)).toEqual(deleted.map((id) => `removed:${id}`).sort());
  });
});
