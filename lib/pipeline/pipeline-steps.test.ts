import { describe, expect, it } from "vitest";
import { findPipelineStep, PIPELINE_STEPS, progressThrough } from "./pipeline-steps";

const steps = Object.values(PIPELINE_STEPS);

describe("pipeline steps", () => {
  it("keeps the stable step ids of docs/decisions.md §6.4, in order", () => {
    expect(steps.map((step) => step.id)).toEqual([
      "resolve-store",
      "fetch-products",
      "fetch-collections",
      "fetch-pages",
      "detect-apps",
      "check-agent-readiness",
      "render",
      "pagespeed",
      "build-report",
      "store-report-body",
      "notify-callbacks",
    ]);
  });

  it("shares the bar by each step's planned work: a 1,234-product store ends its listing well before the end", () => {
    const counts = { expected_products: 1_234 };
    const listed = progressThrough(PIPELINE_STEPS.fetchProducts, 1, counts);
    // 6 listing requests, then ~17 for collection membership: the listing is not three quarters of the job.
    expect(listed).toBeGreaterThan(0.2);
    expect(listed).toBeLessThan(0.5);
    expect(progressThrough(PIPELINE_STEPS.fetchCollections, 1, counts)).toBeGreaterThan(0.6);
    expect(progressThrough(PIPELINE_STEPS.buildReport, 1, counts)).toBe(1);
  });

  it("gives a large catalog's listing most of the bar", () => {
    // The listing, not the steps of a few requests each (detect-apps, agent readiness, the render).
    expect(progressThrough(PIPELINE_STEPS.fetchProducts, 1, { expected_products: 30_000 })).toBeGreaterThan(0.34);
    expect(progressThrough(PIPELINE_STEPS.fetchProducts, 0.5, { expected_products: 30_000 })).toBeLessThan(
      progressThrough(PIPELINE_STEPS.fetchProducts, 1, { expected_products: 30_000 }),
    );
  });

  it("never reports progress outside the step it is in", () => {
    const counts = { expected_products: 4_000 };
    expect(progressThrough(PIPELINE_STEPS.fetchProducts, 3, counts)).toBe(progressThrough(PIPELINE_STEPS.fetchProducts, 1, counts));
    expect(progressThrough(PIPELINE_STEPS.fetchProducts, -1, counts)).toBe(progressThrough(PIPELINE_STEPS.resolveStore, 1, counts));
  });

  it("finds a step by id for the progress UI, and nothing for an unknown id", () => {
    expect(findPipelineStep("detect-apps")?.label).toBe("Detecting apps and theme");
    expect(findPipelineStep("not-a-step")).toBeUndefined();
  });
});
