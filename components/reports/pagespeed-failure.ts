/**
 * Why an audit could not be measured, in words for a reader. The pipeline stores
 * "<kind>: <detail>" (lib/pipeline/pagespeed-step.ts); the detail is for operators.
 */
const REASONS: Record<string, string> = {
  disabled: "PageSpeed measurement is switched off on this StoreLens server.",
  timeout: "Google PageSpeed did not answer in time.",
  network: "Google PageSpeed could not be reached.",
  http: "Google PageSpeed refused the request.",
  quota: "Google PageSpeed's daily quota was used up.",
  invalid_response: "Google PageSpeed sent an answer that could not be read.",
  lighthouse: "Google's test could not load the store's home page.",
};

export function pagespeedFailureText(error: string): string {
  const kind = error.split(":", 1)[0]!.trim();

  return REASONS[kind] ?? "The measurement did not complete.";
}
