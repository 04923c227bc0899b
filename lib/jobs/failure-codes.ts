// Dependency-free on purpose: the job page explains each code in the browser.

/**
 * What a failure cost us, which decides whether its charge is given back (docs/decisions.md §8.6):
 *
 * - `ours`: our fault (our code, our storage, a worker that died): always given back.
 * - `cheap`: the store turned the job away while we were checking it (not Shopify, not there,
 *   password-protected, robots.txt, blocking us): a few requests. Given back to an account up to
 *   CHEAP_RETURNS_PER_MONTH times a calendar month (lib/jobs/charge-return.ts), so a script cannot
 *   submit failing stores for free forever.
 * - `costly`: the store made us do the work (read a catalog, store up to the job's storage
 *   budget) before it failed: never given back.
 */
export type FailureClass = "ours" | "cheap" | "costly";

/**
 * Every `code` a failed job can carry (docs/decisions.md §6.1), with its class: one declaration,
 * so a new code cannot be added without saying whether its failure is given back.
 * lib/pipeline/store-failures.ts writes them.
 */
export const JOB_FAILURE_CLASSES = {
  store_password_protected: "cheap",
  store_not_found: "cheap",
  not_shopify: "cheap",
  // Refused before any request: the host resolves to an address we never connect to.
  store_refused: "cheap",
  store_blocked: "cheap",
  robots_disallowed: "cheap",
  // Every request sent on to a host that is not this store's: nothing was read there.
  redirected_off_store: "cheap",
  store_rate_limited: "cheap",
  store_unavailable: "cheap",
  store_error: "cheap",
  // Past MAX_PRODUCTS_PER_JOB or MAX_STORE_REQUESTS_PER_JOB: the crawl ran as long as a job may.
  store_too_large: "costly",
  // Up to JOB_STORAGE_BUDGET_MB written before it stopped.
  storage_budget_exceeded: "costly",
  // Our disk, not the store's doing.
  storage_low: "ours",
  // A step that took its worker down three times (lib/workflow/embedded/lease-losses.ts): three
  // restarts of our service; given back, a store could have them again and again for nothing.
  worker_crashed: "costly",
  // Whatever failed after its retries without a store's code: our code, a
  // browser that would not start, a PageSpeed outage.
  analysis_failed: "ours",
} as const satisfies Record<string, FailureClass>;

export type JobFailureCode = keyof typeof JOB_FAILURE_CLASSES;

export const JOB_FAILURE_CODES = Object.keys(JOB_FAILURE_CLASSES) as JobFailureCode[];

export function isJobFailureCode(code: string | null | undefined): code is JobFailureCode {
  return Object.hasOwn(JOB_FAILURE_CLASSES, code ?? "");
}

/**
 * The step in which a job checks its store (PIPELINE_STEPS.resolveStore.id in
 * lib/pipeline/pipeline-steps.ts, which lib/jobs may not import; failure-codes.test.ts holds them equal).
 */
export const CHECKING_STEP = "resolve-store";

/**
 * The class of a failed job's failure. A store's failure is cheap only while we were checking the
 * store: a store can serve hundreds of MB of products and then a password page, a 403 or a
 * "not Shopify" answer, and by then the crawl has cost what a costly failure costs. An unknown
 * code reads as ours, as the job page explains it.
 */
export function failureClassOf(code: string | null | undefined, step: string | null | undefined): FailureClass {
  const declared = isJobFailureCode(code) ? JOB_FAILURE_CLASSES[code] : "ours";
  if (declared === "cheap" && step && step !== CHECKING_STEP) return "costly";

  return declared;
}
