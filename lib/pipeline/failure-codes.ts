// Dependency-free on purpose: the job page explains each code in the browser.

/** Every `code` a failed job can carry (docs/decisions.md §6.1); store-failures.ts writes them. */
export const JOB_FAILURE_CODES = [
  "store_password_protected",
  "store_not_found",
  "not_shopify",
  "store_refused",
  "store_blocked",
  "robots_disallowed",
  "redirected_off_store",
  "store_rate_limited",
  "store_unavailable",
  "store_error",
  "store_too_large",
  "storage_budget_exceeded",
  "storage_low",
  "analysis_failed",
] as const;

export type JobFailureCode = (typeof JOB_FAILURE_CODES)[number];

export function isJobFailureCode(code: string | null | undefined): code is JobFailureCode {
  return (JOB_FAILURE_CODES as readonly string[]).includes(code ?? "");
}
