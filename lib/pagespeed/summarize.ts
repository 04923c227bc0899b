import type { AuditSummary, FieldMetrics, LabMetrics, RawPageSpeed } from "./schemas";

const MAX_AUDITS = 10;
/** Audits at or above this score pass in the PageSpeed UI; they are not worth listing. */
const PASSING_SCORE = 0.9;
const SCORED_MODES = new Set(["numeric", "binary", "metricSavings"]);

type RawAudits = NonNullable<RawPageSpeed["lighthouseResult"]["audits"]>;

export function readLabMetrics(audits: RawAudits): LabMetrics {
  const value = (id: string) => audits[id]?.numericValue ?? null;

  return {
    lcpMs: value("largest-contentful-paint"),
    cls: value("cumulative-layout-shift"),
    tbtMs: value("total-blocking-time"),
    fcpMs: value("first-contentful-paint"),
    speedIndexMs: value("speed-index"),
    ttiMs: value("interactive"),
    inpMs: value("interaction-to-next-paint"),
    serverResponseMs: value("server-response-time"),
  };
}

export function readFieldMetrics(experience: RawPageSpeed["loadingExperience"]): FieldMetrics | null {
  const metrics = experience?.metrics;
  if (!metrics || Object.keys(metrics).length === 0) {
    return null;
  }
  const p75 = (key: string) => metrics[key]?.percentile ?? null;
  const cls = p75("CUMULATIVE_LAYOUT_SHIFT_SCORE");

  return {
    overallCategory: experience?.overall_category ?? null,
    lcpMs: p75("LARGEST_CONTENTFUL_PAINT_MS"),
    // CrUX reports CLS ×100 as an integer percentile.
    cls: cls === null ? null : cls / 100,
    inpMs: p75("INTERACTION_TO_NEXT_PAINT"),
    fcpMs: p75("FIRST_CONTENTFUL_PAINT_MS"),
    ttfbMs: p75("EXPERIMENTAL_TIME_TO_FIRST_BYTE"),
  };
}

/** Failing audits, biggest estimated savings first, then lowest score. */
export function summarizeAudits(audits: RawAudits): AuditSummary[] {
  return Object.entries(audits)
    .filter(([, audit]) => {
      const score = audit.score ?? null;

      return score !== null && score < PASSING_SCORE && SCORED_MODES.has(audit.scoreDisplayMode ?? "");
    })
    .map(([key, audit]) => ({
      id: audit.id ?? key,
      title: audit.title ?? key,
      score: audit.score ?? null,
      displayValue: audit.displayValue ?? null,
      savingsMs: audit.details?.overallSavingsMs ?? null,
    }))
    .sort((a, b) => (b.savingsMs ?? 0) - (a.savingsMs ?? 0) || (a.score ?? 0) - (b.score ?? 0))
    .slice(0, MAX_AUDITS);
}
