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
      "pagespeed",
      "build-report",
      "store-report-body",
      "notify-callbacks",
    ]);
  });

  it("shares the whole job's progress between the steps", () => {
    expect(steps.reduce((sum, step) => sum + step.weight, 0)).toBe(100);
    expect(progressThrough(PIPELINE_STEPS.resolveStore)).toBe(0.05);
    expect(progressThrough(PIPELINE_STEPS.fetchProducts, 0.5)).toBe(0.4);
    expect(progressThrough(PIPELINE_STEPS.fetchCollections)).toBe(0.8);
    expect(progressThrough(PIPELINE_STEPS.buildReport)).toBe(1);
  });

  it("never reports progress outside the step it is in", () => {
    expect(progressThrough(PIPELINE_STEPS.fetchProducts, 3)).toBe(0.75);
    expect(progressThrough(PIPELINE_STEPS.fetchProducts, -1)).toBe(0.05);
  });

  it("finds a step by id for the progress UI, and nothing for an unknown id", () => {
    expect(findPipelineStep("detect-apps")?.label).toBe("Detecting apps");
    expect(findPipelineStep("not-a-step")).toBeUndefined();
  });
});
