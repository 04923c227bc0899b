/**
 * A job's step timings as the API answers them: one entry per step, its slices and its failed
 * attempts added to its total, the steps in the order they started.
 */
import { describe, expect, it } from "vitest";
import type { StepRun } from "@/db/schema";
import { summarizeStepRuns } from "./step-timings";

const run = (step: string, startedAt: string, finishedAt: string, ms: number, ok = true, attempt = 0): StepRun => ({
  step,
  attempt,
  startedAt: `2026-11-26T10:00:${startedAt}Z`,
  finishedAt: `2026-11-26T10:00:${finishedAt}Z`,
  ms,
  ok,
});

describe("step timings of a job", () => {
  it("adds the slices of a step and a failed attempt to that step's total", () => {
    const timings = summarizeStepRuns([
      run("resolve-store", "00.000", "00.400", 400.4),
      run("fetch-products", "01.000", "03.000", 2000),
      run("fetch-products", "03.100", "03.600", 500, false),
      run("fetch-products", "04.000", "05.000", 1000, true, 1),
    ]);

    expect(timings).toEqual([
      {
        step: "resolve-store",
        started_at: "2026-11-26T10:00:00.000Z",
        finished_at: "2026-11-26T10:00:00.400Z",
        duration_ms: 400,
        runs: 1,
        failed_runs: 0,
      },
      {
        step: "fetch-products",
        started_at: "2026-11-26T10:00:01.000Z",
        finished_at: "2026-11-26T10:00:05.000Z",
        duration_ms: 3500,
        runs: 3,
        failed_runs: 1,
      },
    ]);
  });

  it("answers no timings for a job none of whose steps has finished a run", () => {
    expect(summarizeStepRuns([])).toEqual([]);
  });
});
