import type { Markets } from "@/lib/markets/schemas";
import type { PageScore } from "./score";
import type { StorefrontTruth } from "./truth";

/** Languages found against the truth's `languages` (hreflang values, compared without regard to case). */
export function scoreLanguages(truth: StorefrontTruth, markets: Markets): PageScore {
  const expected = new Set(truth.languages.map((code) => code.toLowerCase()));
  const reported = new Set(markets.languages.map(({ code }) => code.toLowerCase()));

  return {
    expected: expected.size,
    found: [...expected].filter((code) => reported.has(code)).length,
    missed: [...expected].filter((code) => !reported.has(code)),
    extra: [...reported].filter((code) => !expected.has(code)),
  };
}
