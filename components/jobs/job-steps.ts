import { formatCount, plural } from "@/components/reports/format";
import { findPipelineStep } from "@/lib/pipeline/pipeline-steps";

export function stepLabel(step: string | null, status: string): string {
  if (status === "queued") return "Waiting for a free slot";
  if (!step) return "Starting";

  return findPipelineStep(step)?.label ?? step;
}

/** "1,250 of 4,000 products · 12 collections": the counts a person cares about while waiting. */
export function describeCounts(counts: Record<string, number>): string {
  const parts: string[] = [];
  if (counts.products !== undefined) {
    const expected = counts.expected_products;
    parts.push(
      expected ? `${formatCount(counts.products)} of ${plural(expected, "product")}` : plural(counts.products, "product"),
    );
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
