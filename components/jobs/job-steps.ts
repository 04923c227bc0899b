import { formatCount, plural } from "@/components/ui/format";
import type { StepTiming } from "@/lib/jobs/schemas";
import { findPipelineStep, PIPELINE_STEPS, WAITED_STEPS, workThrough } from "@/lib/pipeline/pipeline-steps";

export function stepLabel(step: string | null, status: string): string {
  if (status === "queued") return "Waiting for a free slot";
  if (!step) return "Starting";

  return findPipelineStep(step)?.label ?? "Working";
}

/** What the step is doing, for the person waiting ("" for a step the page does not know). */
export function stepExplanation(step: string | null, status: string, domain: string): string {
  if (status === "queued") return "Your earlier analyses are still running; this one starts as soon as one of them ends.";
  const known = step ? findPipelineStep(step) : undefined;

  return known ? known.explanation.replace("{domain}", domain) : "";
}

const WAITED = new Set(WAITED_STEPS.map((step) => step.id));

/**
 * Time left in milliseconds, measured on the job itself: the time its finished runs took per
 * unit of planned work done so far, times the work still planned (plannedWork). Null until the
 * first slice of the listing has finished, before which the store's pace is unknown.
 */
export function estimateTimeLeft(progress: number, counts: Record<string, number>, timings: readonly StepTiming[]): number | null {
  if (!timings.some((timing) => timing.step === PIPELINE_STEPS.fetchProducts.id)) return null;
  const { total } = workThrough(PIPELINE_STEPS.buildReport, 1, counts);
  const done = Math.min(1, Math.max(0, progress)) * total;
  const elapsed = timings.filter((timing) => WAITED.has(timing.step)).reduce((sum, timing) => sum + timing.duration_ms, 0);
  if (done <= 0 || elapsed <= 0) return null;

  return (total - done) * (elapsed / done);
}

/** "1,250 of 4,000 products · 12 collections": the counts a person cares about while waiting. */
export function describeCounts(counts: Record<string, number>): string {
  const parts: string[] = [];
  if (counts.products !== undefined) {
    const expected = counts.expected_products;
    parts.push(expected ? `${formatCount(counts.products)} of ${plural(expected, "product")}` : plural(counts.products, "product"));
  } else if (counts.expected_products) {
    parts.push(`${plural(counts.expected_products, "product")} announced`);
  }
  for (const key of ["collections", "pages", "apps"] as const) {
    if (counts[key] !== undefined) parts.push(plural(counts[key], key.slice(0, -1)));
  }

  return parts.join(" · ");
}

/** "0.4 s", "12.3 s", "6 min 54 s": a step's wall time as a person reads it. */
export function describeDuration(ms: number): string {
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const seconds = Math.round(ms / 1000);

  return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}
