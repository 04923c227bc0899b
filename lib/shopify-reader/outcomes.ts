/**
 * Every way a store request can end, as values. The workflow maps these onto job
 * error codes; nothing here throws.
 */
export type StoreFailure =
  /** Storefront behind its password page (302 to /password, or the page served for JSON). */
  | { status: "password"; message: string }
  /** The host does not resolve. */
  | { status: "not_found"; message: string }
  /** Answers, but not as a Shopify store (no meta.json, HTML for JSON endpoints). */
  | { status: "not_shopify"; message: string }
  /** Our guard refused the host (private address, bad URL). */
  | { status: "refused"; message: string }
  /** 403, a bot challenge, or too many consecutive block-shaped answers. */
  | { status: "blocked"; httpStatus: number | null; message: string }
  /** 429/430 still after retries; `retryAfterMs` is what the store last asked for. */
  | { status: "rate_limited"; httpStatus: number; retryAfterMs: number | null; message: string }
  /** 5xx, timeouts or network errors still after retries. */
  | { status: "unavailable"; httpStatus: number | null; message: string }
  /** A JSON (or XML) endpoint answered something else. */
  | { status: "not_json"; httpStatus: number; message: string }
  /** Any other unexpected status (400, 404…); `body` is the start of the answer. */
  | { status: "http_error"; httpStatus: number; message: string; body: string }
  | { status: "too_large"; message: string }
  /**
   * A redirect to a host outside the store's own (store-redirects.ts): not followed, nothing was
   * asked of `host`. `httpStatus` and `location` are the redirect's, for a browser to follow it as
   * a request to another site.
   */
  | { status: "redirected_off_store"; host: string; httpStatus: number; location: string; message: string }
  /** The store's robots.txt disallows this path for us: it was not requested. */
  | { status: "disallowed"; path: string; message: string };

export type StoreFailureStatus = StoreFailure["status"];

/** Failures that end the analysis of this store: retrying later will not help. */
export const FATAL_FAILURES: ReadonlySet<StoreFailureStatus> = new Set([
  "password",
  "not_found",
  "not_shopify",
  "refused",
  "disallowed",
  "redirected_off_store",
]);

/**
 * Failures that mean "back off, try later": the store is blocking, throttling or down,
 * so skipping ahead would only hammer it more (and mark good data as missing).
 */
export const STOP_FAILURES: ReadonlySet<StoreFailureStatus> = new Set(["blocked", "rate_limited", "unavailable"]);

const FAILURE_STATUSES: ReadonlySet<string> = new Set<StoreFailureStatus>([
  "password",
  "not_found",
  "not_shopify",
  "refused",
  "blocked",
  "rate_limited",
  "unavailable",
  "not_json",
  "http_error",
  "too_large",
  "disallowed",
  "redirected_off_store",
]);

export function isStoreFailure(result: { status: string }): result is StoreFailure {
  return FAILURE_STATUSES.has(result.status);
}
