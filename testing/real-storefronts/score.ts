// How a detector did on one captured page against its hand-read findings (truth.ts).
// Each kind of finding has its own scorer (score-apps.ts, score-tags.ts, …) returning this;
// the detector tests and the whole-pipeline test add them up over the 16 pages.

export type PageScore = {
  /** Findings the truth lists that count (uncertain ones excluded). */
  expected: number;
  /** Of those, how many were reported. */
  found: number;
  /** Expected findings not reported, named for the failure message. */
  missed: string[];
  /** Reported findings the truth does not list (false positives), named. */
  extra: string[];
};

/** The pages' scores added up, with the share found. */
export function addScores(scores: readonly (PageScore & { page: string })[]) {
  const expected = scores.reduce((sum, s) => sum + s.expected, 0);
  const found = scores.reduce((sum, s) => sum + s.found, 0);

  return {
    expected,
    found,
    share: expected === 0 ? 1 : found / expected,
    missed: scores.flatMap((s) => s.missed.map((m) => `${s.page}: ${m}`)),
    extra: scores.flatMap((s) => s.extra.map((m) => `${s.page}: ${m}`)),
  };
}
