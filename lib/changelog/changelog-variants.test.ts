import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generatedStore } from "@/testing/fake-store";
import { startPipeline, type PipelineHarness } from "@/testing/pipeline";

// A variant added to and another removed from a product present in both snapshots: the
// changelog names each for what happened to it, never the other way round.

let h: PipelineHarness;

beforeAll(async () => {
  h = await startPipeline();
});

afterAll(async () => {
  await h?.stop();
});

async function analyze(domain: string): Promise<string> {
  const response = await h.submit({ domain });
  expect(response.status).toBe(201);
  const { job } = (await response.json()) as { job: { id: string } };
  expect((await h.waitForJob(job.id, 120_000)).status).toBe("completed");

  return job.id;
}

type Entry = { subject: string; change: string; id: string; before: unknown; after: unknown };

describe("changelog of variants inside a kept product", () => {
  it("labels the new variant variant:added and the dropped one variant:removed", async () => {
    h.fakeStore.addStore(generatedStore("variant-change.test", { products: 20, seed: 9 }));
    await analyze("variant-change.test");

    const catalog = h.fakeStore.store("variant-change.test").shop!.catalog;
    const [slot] = catalog.newestFirst(0, 1);
    const product = catalog.mutable(slot!);
    const dropped = product.variants[0]!;
    const added = { ...structuredClone(dropped), id: 990_000_001, title: "Brand new size", option1: "Brand new size", priceCents: 4321 };
    product.variants = [...product.variants.slice(1), added];

    const second = await analyze("variant-change.test");
    const { GET } = await import("@/app/api/changelog/[jobId]/route");
    const response = await GET(new Request(`http://localhost:3000/api/changelog/${second}?per_page=50`), {
      params: Promise.resolve({ jobId: second }),
    });
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: Entry[] };
    const variants = data.filter((entry) => entry.subject === "variant");
    expect(variants.map(({ change, id }) => ({ change, id })).sort((a, b) => a.change.localeCompare(b.change))).toEqual([
      { change: "added", id: "990000001" },
      { change: "removed", id: String(dropped.id) },
    ]);
    expect(variants.find((entry) => entry.change === "added")).toMatchObject({ before: null, after: { price: "43.21" } });
    expect(variants.find((entry) => entry.change === "removed")).toMatchObject({ before: { price: expect.any(String) }, after: null });
    // The product itself stayed: neither added nor removed.
    expect(data.filter((entry) => entry.subject === "product" && entry.id === String(product.id) && entry.change !== "changed")).toEqual(
      [],
    );
  });
});
