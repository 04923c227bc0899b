import type { StoreFailure } from "@/lib/shopify-reader/outcomes";
import type { JobFailureCode } from "@/lib/jobs/failure-codes";

type Described = { code: JobFailureCode; error: string };

/**
 * Job error codes for the ways a store can fail us, with a message a person understands. The
 * codes are listed in lib/jobs/failure-codes.ts, and the job page explains each with a next step.
 */
export function describeStoreFailure(domain: string, failure: StoreFailure): Described {
  const described = describe(domain, failure);

  return { ...described, error: withoutAddresses(described.error) };
}

const IPV4 = /\b\d{1,3}(?:\.\d{1,3}){3}(?::\d+)?\b/g;
const IPV6 = /\[?(?:[0-9a-f]{0,4}:){2,7}[0-9a-f]{0,4}\]?(?::\d+)?/gi;

/**
 * Job errors are public (GET /api/jobs/:id/status): the addresses a host resolved to or a
 * connection was refused by (169.254.169.254, 10.0.0.5:443) stay in the log, not in them.
 */
export function withoutAddresses(message: string): string {
  return message.replace(IPV4, "[address]").replace(IPV6, "[address]");
}

function describe(domain: string, failure: StoreFailure): Described {
  switch (failure.status) {
    case "password":
      return { code: "store_password_protected", error: `${domain} is password-protected: its storefront is not public` };
    case "not_found":
      return { code: "store_not_found", error: `${domain} does not exist (the host name does not resolve)` };
    case "not_shopify":
      return { code: "not_shopify", error: `${domain} is not a Shopify store` };
    case "refused":
      return { code: "store_refused", error: `${domain} cannot be analyzed: ${failure.message}` };
    case "blocked":
      return { code: "store_blocked", error: `${domain} blocked our requests${failure.httpStatus ? ` (HTTP ${failure.httpStatus})` : ""}` };
    case "rate_limited":
      return { code: "store_rate_limited", error: `${domain} kept rate-limiting our requests (HTTP ${failure.httpStatus})` };
    case "disallowed":
      return {
        code: "robots_disallowed",
        error: `${domain}'s robots.txt does not let StoreLensBot read ${failure.path.replace(/\?.*$/, "")}`,
      };
    case "redirected_off_store":
      return {
        code: "redirected_off_store",
        error: `${domain} redirects to another site, ${failure.host}: we analyze a store only on its own domains, so nothing was read from ${failure.host}`,
      };
    case "unavailable":
      return { code: "store_unavailable", error: `${domain} did not answer reliably: ${failure.message}` };
    default:
      return { code: "store_error", error: `${domain} answered unexpectedly: ${failure.message}` };
  }
}

/** robots.txt disallows paths the crawl cannot do without: the job ends before crawling. */
export function describeRobotsDisallowed(domain: string, paths: readonly string[]): Described {
  return {
    code: "robots_disallowed",
    error: `${domain}'s robots.txt does not let StoreLensBot read ${paths.join(" or ")}, which an analysis needs; nothing was crawled`,
  };
}

/** Past a per-job cap (MAX_PRODUCTS_PER_JOB, MAX_STORE_REQUESTS_PER_JOB): the job ends here. */
export function describeStoreTooLarge(domain: string, reason: string): Described {
  return { code: "store_too_large", error: `${domain} is too large to analyze: ${reason}` };
}

/** The job's snapshot would pass its storage budget (JOB_STORAGE_BUDGET_MB): the job ends here, its rows dropped. */
export function describeStorageBudgetExceeded(domain: string, budgetBytes: number): Described {
  const mb = Math.round(budgetBytes / 1024 / 1024);

  return { code: "storage_budget_exceeded", error: `${domain} serves more product data than the ${mb} MB one analysis may store` };
}

/** The job waited on low storage past STORAGE_LOW_MAX_WAIT_MINUTES: it ends, its rows dropped. */
export function describeStorageWaitExpired(minutes: number): Described {
  return { code: "storage_low", error: `The server was low on storage space and this analysis waited more than ${minutes} minutes for it` };
}

/**
 * A transient store failure thrown from a step so the workflow retries it with backoff.
 * The code travels in the message because step errors are serialized to {name, message}.
 */
export class RetryableStoreError extends Error {
  constructor(code: JobFailureCode, message: string) {
    super(`[${code}] ${message}`);
    this.name = "RetryableStoreError";
  }
}

export function parseCodedMessage(message: string): { code: string | null; error: string } {
  const match = /^\[([a-z_]+)\] ([\s\S]*)$/.exec(message);

  return match ? { code: match[1]!, error: match[2]! } : { code: null, error: message };
}
