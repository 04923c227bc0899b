/**
 * A job keeps how long each pipeline step took, and GET /api/jobs/:id answers it: every step the
 * run executed has a timing, each run of a step that reads in slices counts in its step's total.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobEnvelopeSchema } from "@/lib/jobs/schemas";
import { PIPELINE_STEPS } from "@/lib/pipeline/pipeline-steps";
import { PRODUCT_REQUESTS_PER_STEP } from "@/lib/pipeline/fetch-products-step";
import { generatedStore } from "@/testing/fake-store";
import { startPipeline, type PipelineHarness } from "@/testing/pipeline";

let h: PipelineHarness;

beforeAll(async () => {
  h = await startPipeline();
});

afterAll(async () => {
  await h?.stop();
});

async function readJob(jobId: string) {
  const { GET } = await import("@/app/api/jobs/[id]/route");
  const response = await GET(new Request(`http://localhost:3000/api/jobs/${jobId}`), { params: Promise.resolve({ id: jobId }) });
  expect(response.status).toBe(200);

  return jobEnvelopeSchema.parse(await response.json()).job;
}

describe("step timings of a job (fake Shopify store, embedded engine)", () => {
  it("answers a timing for every step a completed job ran, in the order they ran", async () => {
    // More products than one fetch-products slice reads (250 a page), so that step runs twice.
    const products = PRODUCT_REQUESTS_PER_STEP * 250 + 100;
    h.fakeStore.addStore(generatedStore("timed.test", { products, seed: 5 }));
    const submitted = await h.submit({ domain: "timed.test" });
    expect(submitted.status).toBe(201);
    const { job: created } = jobEnvelopeSchema.parse(await submitted.json());
    expect(created.step_timings).toEqual([]);

    const ended = await h.waitForJob(created.id);
    expect(ended.status).toBe("completed");
    const job = await readJob(created.id);

    expect(job.step_timings.map((timing) => timing.step)).toEqual(Object.values(PIPELINE_STEPS).map((step) => step.id));
    for (const timing of job.step_timings) {
      expect(timing.duration_ms).toBeGreaterThanOrEqual(0);
      expect(timing.failed_runs).toBe(0);
      expect(Date.parse(timing.finished_at)).toBeGreaterThanOrEqual(Date.parse(timing.started_at));
    }
    const byStep = new Map(job.step_timings.map((timing) => [timing.step, timing]));
    expect(byStep.get(PIPELINE_STEPS.fetchProducts.id)?.runs).toBe(2);
    expect(byStep.get(PIPELINE_STEPS.buildReport.id)?.runs).toBe(1);
  });
});
