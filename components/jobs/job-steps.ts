import { findPipelineStep } from "@/lib/pipeline/pipeline-steps";

export function stepLabel(step: string | null, status: string): string {
  if (status === "queued") return "Waiting for a free slot";
  if (!step) return "Starting";

  return findPipelineStep(step)?.label ?? step;
}

const number = new Intl.NumberFormat("en-US");

/** "1,250 of 4,000 products · 12 collections": the counts a person cares about while waiting. */
export function describeCounts(counts: Record<string, number>): string {
  const parts: string[] = [];
  if (counts.products !== undefined) {
    const expected = counts.expected_products;
    parts.push(
      expected ? `${number.format(counts.products)} of ${number.format(expected)} products` : `${number.format(counts.products)} products`,
    );
  } else if (counts.expected_products) {
    parts.push(`${number.format(counts.expected_products)} products announced`);
  }
  for (const key of ["collections", "pages", "apps"] as const) {
    if (counts[key] !== undefined) parts.push(`${number.format(counts[key])} ${counts[key] === 1 ? key.slice(0, -1) : key}`);
  }

  return parts.join(" · ");
}

/** "0.4 s", "12.3 s", "6 min 54 s": a step's wall time as a person reads it. */
export function describeDuration(ms: number): string {
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const seconds = Math.round(ms / 1000);

  return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}
