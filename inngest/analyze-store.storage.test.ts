import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb, queryRows } from "@/db";
import { jobArtifacts, snapshotProducts, snapshotUsage } from "@/db/schema";
import { resetEnvCache } from "@/lib/env";
import { generatedStore } from "@/testing/fake-store";
import { startPipeline, type PipelineHarness } from "@/testing/pipeline";

// One job cannot fill the database: whatever a store serves (a 1 MB title, 10,000 tags, 5,000
// variants, 300 images with 10 KB URLs), what one product stores is bounded and the report says
// what was cut; a store whose products pass the job's storage budget fails its job
// `storage_budget_exceeded` and leaves no rows behind.

let h: PipelineHarness;

beforeAll(async () => {
  h = await startPipeline();
});

afterAll(async () => {
  await h?.stop();
});

afterEach(() => {
  delete process.env.JOB_STORAGE_BUDGET_MB;
  resetEnvCache();
});

async function run(domain: string) {
  const response = await h.submit({ domain });
  expect(response.status).toBe(201);
  const { job } = (await response.json()) as { job: { id: string } };

  return h.waitForJob(job.id);
}

async function readReport(jobId: string) {
  const { GET } = await import("@/app/api/reports/[id]/route");
  const response = await GET(new Request(`http://localhost:3000/api/reports/${jobId}`), { params: Promise.resolve({ id: jobId }) });
  expect(response.status).toBe(200);

  return (await response.json()) as { metadata: Record<string, { value: unknown }>; products: Array<Record<string, unknown>> };
}

type StoredProduct = {
  title_bytes: number;
  search_bytes: number;
  data_bytes: number;
  tags: number;
  variants: number;
  images: number;
  longest_src: number | null;
};

const storedProducts = (jobId: string) =>
  queryRows<StoredProduct>(
    getDb(),
    sql`
      select octet_length(title) as title_bytes, octet_length(search_text) as search_bytes, octet_length(data::text) as data_bytes,
             jsonb_array_length(data->'tags') as tags, jsonb_array_length(data->'variants') as variants,
             jsonb_array_length(data->'images') as images,
             (select max(octet_length(i->>'src')) from jsonb_array_elements(data->'images') i) as longest_src
      from ${snapshotProducts} where job_id = ${jobId}::uuid
    `,
  );

describe("what one job stores", () => {
  it("keeps absurd products within the limits of a real Shopify product and says in the report what was cut", async () => {
    h.fakeStore.addStore(
      generatedStore("absurd.test", {
        products: 2,
        seed: 11,
        oversized: { titleBytes: 1024 * 1024, tags: 10_000, variants: 5_000, images: 300, imageSrcBytes: 10_000 },
      }),
    );

    const job = await run("absurd.test");

    expect(job).toMatchObject({ status: "completed", errorCode: null });
    const rows = await storedProducts(job.id);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(Number(row.title_bytes)).toBeLessThanOrEqual(1024);
      expect(Number(row.tags)).toBe(250);
      expect(Number(row.variants)).toBe(2048);
      // 10 KB URLs point nowhere once shortened: those images are left out, not cut.
      expect(Number(row.images)).toBe(0);
      expect(row.longest_src).toBeNull();
      // Served: over 1 MB of title, 10,000 tags and 5,000 variants per product.
      expect(Number(row.data_bytes)).toBeLessThan(1024 * 1024);
      expect(Number(row.search_bytes)).toBeLessThan(512 * 1024);
    }

    const report = await readReport(job.id);
    expect(report.metadata.cut_to_limits).toEqual({
      basis: "derived",
      value: {
        products: 2,
        variants: 2 * (5_000 - 2_048),
        // 300 served: 50 past the count, and the 3 kept ones' URLs too long.
        images: 2 * (50 + 3),
        tags: 2 * (10_000 - 250),
        options: 2 * (5_000 - 2_048),
        text_fields: expect.any(Number) as number,
        bytes: expect.any(Number) as number,
      },
    });
    const cut = report.metadata.cut_to_limits!.value as { text_fields: number; bytes: number };
    // Two titles shortened (and 6 image URLs dropped), over 2 MB of text left out.
    expect(cut.text_fields).toBeGreaterThanOrEqual(2 + 6);
    expect(cut.bytes).toBeGreaterThan(2 * 1024 * 1024);
    expect(report.products[0]).toMatchObject({ imageCount: 250, cut: { variants: 5_000 - 2_048, tags: 10_000 - 250 } });
  });

  it("fails a store whose products pass the job's storage budget with storage_budget_exceeded and drops what it stored", async () => {
    Object.assign(process.env, { JOB_STORAGE_BUDGET_MB: "1" });
    resetEnvCache();
    h.fakeStore.addStore(generatedStore("heavy.test", { products: 3_000, seed: 12 }));

    const job = await run("heavy.test");

    expect(job).toMatchObject({ status: "failed", errorCode: "storage_budget_exceeded", step: "fetch-products" });
    expect(job.error).toMatch(/1 MB/);
    const count = async (table: typeof snapshotProducts | typeof jobArtifacts | typeof snapshotUsage) =>
      (
        await getDb()
          .select({ n: sql<number>`count(*)::int` })
          .from(table)
          .where(eq(table.jobId, job.id))
      )[0]!.n;
    expect(await count(snapshotProducts)).toBe(0);
    expect(await count(jobArtifacts)).toBe(0);
    expect(await count(snapshotUsage)).toBe(0);
    // Stopped at the budget: a few listing pages, not the store's twelve.
    const listingPages = h.fakeStore
      .store("heavy.test")
      .log()
      .filter((entry) => entry.path.startsWith("/products.json")).length;
    expect(listingPages).toBeLessThan(12);
  });
});
