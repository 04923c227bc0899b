import { signStoreRequest } from "@/lib/bot-auth/sign-store-request";
import { scraperUserAgent } from "@/lib/bot-auth/user-agent";
import { getEnv } from "@/lib/env";
import { boundText, QUOTED_TEXT_MAX } from "@/lib/bound-text";
import { currentStepSignal } from "@/lib/workflow/step-signal";
import { safeFetch, type SafeFetchOptions, type SafeResponse, type SharedByteBudget } from "@/lib/net";
import { computeBackoffMs, parseRetryAfter } from "@/lib/http/backoff";
import { classifyAnswer, type ExpectedBody } from "./classify-answer";
import { readCartCurrency } from "./currency";
import type { StoreFailure } from "./outcomes";
import { currentCrawlContext, type CrawlStats } from "./crawl-context";
import { getSharedPacer, pacerKeyForDomain, type Pacer } from "./pacer";
import { storeRedirectPolicy } from "./store-redirects";
import { MAX_ROBOTS_PATH_LENGTH } from "./robots-rules";

export type StoreFetchOptions = {
  /** Shared per-store pacing; defaults to the process-wide pacer. */
  pacer?: Pacer;
  userAgent?: string;
  timeoutMs?: number;
  /** Retries after the first attempt for 429/430/5xx/timeouts. */
  maxRetries?: number;
  /** Defaults to SCRAPER_BACKOFF_BASE_MS. */
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  /**
   * A Retry-After longer than this is not slept through in-process: the answer comes
   * back as `rate_limited` with `retryAfterMs`, so a workflow can sleep durably instead.
   */
  maxRetryAfterMs?: number;
  /** Stop retrying once this many block-shaped answers in a row came from the store. */
  maxBlockStreak?: number;
  maxBytes?: number;
  /** Decoded bytes this body shares with others (a render's answers), charged as they arrive. */
  byteBudget?: SharedByteBudget;
  /** Keep the body's bytes (`raw`): the render hands a store's images and fonts to the browser. */
  binary?: boolean;
  /**
   * Sends a POST with this small JSON document as its body instead of a GET (the Storefront MCP
   * endpoint answers JSON-RPC only to a POST); everything else (robots, pacing, signing) is the same.
   */
  jsonBody?: string;
  /** Network seams (tests): private networks, resolve rules, DNS. */
  net?: Pick<SafeFetchOptions, "allowPrivateNetwork" | "resolveRules" | "lookup">;
  signal?: AbortSignal;
  random?: () => number;
};

export type StoreResponse = {
  status: "ok";
  httpStatus: number;
  /** Final URL after redirects (the canonical host lives here). */
  url: string;
  headers: Record<string, string>;
  body: string;
  /** Parsed body when JSON was expected. */
  json: unknown;
  /** The body's bytes, when asked for (`binary`). */
  raw?: Buffer;
  /** Currency of this very response, from its cart_currency cookie (null when not set). */
  cartCurrency: string | null;
  attempts: number;
};

export const DEFAULT_BACKOFF_MAX_MS = 60_000;
export const DEFAULT_MAX_RETRY_AFTER_MS = 120_000;
export const DEFAULT_MAX_BLOCK_STREAK = 5;
/** 250 products with long variant lists can reach several MB; this bounds the worst case. */
export const DEFAULT_STORE_MAX_BYTES = 25 * 1024 * 1024;

/**
 * GET one storefront resource (`path` includes the query), or POST a small JSON body to it
 * (`jsonBody`), with the crawl policy:
 * paced per store, identified by our User-Agent, retried with backoff honoring
 * Retry-After, and classified. Redirects are followed within the store's own hosts
 * (store-redirects.ts) and re-checked; one to another site ends the fetch `redirected_off_store`
 * without a request to that site; a redirect to /password is not followed.
 */
export async function fetchStore(
  domain: string,
  path: string,
  expected: ExpectedBody,
  options: StoreFetchOptions = {},
): Promise<StoreResponse | StoreFailure> {
  const env = getEnv();
  const pacer = options.pacer ?? getSharedPacer();
  const key = pacerKeyForDomain(domain);
  const maxRetries = options.maxRetries ?? env.SCRAPER_MAX_RETRIES;
  const maxBlockStreak = options.maxBlockStreak ?? DEFAULT_MAX_BLOCK_STREAK;
  const url = `https://${domain}${path}`;
  // Inside a workflow step, the step's signal: a worker that lost the step stops crawling.
  const signal = options.signal ?? currentStepSignal();
  // The job's robots.txt rules and request counts (crawl-context.ts); none outside a job.
  const crawl = currentCrawlContext();
  if (crawl?.robots && !crawl.robots.isAllowed(path)) {
    // A page's script can ask for a path of megabytes: the report and the message keep its start.
    const shown = boundText(path, MAX_ROBOTS_PATH_LENGTH);
    crawl.stats.robotsSkipped.push({ path: shown, kind: pathKind(shown) });

    return { status: "disallowed", path: shown, message: `robots.txt disallows ${boundText(path, QUOTED_TEXT_MAX)} for us` };
  }
  if (crawl?.robots?.crawlDelayMs) pacer.slowTo(key, crawl.robots.crawlDelayMs);
  // Each hop is signed for its own host (a redirect to another host needs its own signature),
  // and counted for the report's crawl section as it is sent.
  const signHop = async (hop: URL) => {
    const signature = await signStoreRequest(hop);
    if (crawl) countRequest(crawl.stats, signature);

    return signature;
  };
  const redirects = storeRedirectPolicy(domain);
  const refusal: { off: { host: string; httpStatus: number; location: string } | null } = { off: null };
  const shouldFollowRedirect: SafeFetchOptions["shouldFollowRedirect"] = (next, hop) => {
    const host = redirects.offStore(next, hop);
    if (host !== null) refusal.off = { host, httpStatus: hop.status, location: next.href };

    return host === null && next.pathname !== "/password";
  };
  const request: SafeFetchOptions = {
    ...options.net,
    headers: {
      "user-agent": options.userAgent ?? scraperUserAgent(env),
      accept: ACCEPT[expected],
      ...(options.jsonBody === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(options.jsonBody === undefined ? {} : { method: "POST", body: options.jsonBody }),
    timeoutMs: options.timeoutMs ?? env.SCRAPER_TIMEOUT_MS,
    maxBytes: options.maxBytes ?? DEFAULT_STORE_MAX_BYTES,
    binary: options.binary,
    shouldFollowRedirect,
    byteBudget: options.byteBudget,
    signal,
  };

  for (let attempt = 0; ; attempt += 1) {
    let result;
    try {
      // Signed at send time (inside the pacer), so a request that waited still has a fresh window.
      const send = (sent: () => void) => safeFetch(url, { ...request, headersForUrl: signHop, onRequestSent: sent });
      result = await pacer.schedule(key, send, signal);
    } catch {
      return { status: "unavailable", httpStatus: null, message: "aborted by the caller" };
    }
    if (refusal.off) {
      const { host, httpStatus, location } = refusal.off;

      return { status: "redirected_off_store", host, httpStatus, location, message: `${domain}${path} redirects to another site, ${host}` };
    }
    const verdict = classifyAnswer(result, expected);
    if (crawl) countAnswer(crawl.stats, result, attempt);
    const streak = verdict.kind !== "ok" && verdict.blockShaped ? pacer.recordBlock(key) : 0;
    if (verdict.kind === "ok") {
      pacer.recordSuccess(key);

      return toStoreResponse(verdict.response, verdict.json, attempt + 1);
    }
    if (verdict.kind === "fail") {
      if (!verdict.blockShaped && verdict.failure.status !== "unavailable") {
        pacer.recordSuccess(key);
      }

      return verdict.failure;
    }

    const retryAfterMs = parseRetryAfter(verdict.retryAfter, pacer.clock.now());
    const failure = withRetryAfter(verdict.failure, retryAfterMs);
    if (streak >= maxBlockStreak) {
      const message = `gave up after ${streak} block-shaped answers in a row (last: ${failure.message})`;
      // Refusals (423/429/430) in a row are a block: the job stops here (store_blocked) rather than retrying on.
      // A run of 5xx stays "unavailable": the store is down, not refusing us.
      if (failure.status === "unavailable") return { ...failure, message };

      return { status: "blocked", httpStatus: "httpStatus" in failure ? failure.httpStatus : null, message };
    }
    if (attempt >= maxRetries || (retryAfterMs ?? 0) > (options.maxRetryAfterMs ?? DEFAULT_MAX_RETRY_AFTER_MS)) {
      return failure;
    }

    const backoff = computeBackoffMs(attempt, {
      baseMs: options.backoffBaseMs ?? env.SCRAPER_BACKOFF_BASE_MS,
      maxMs: options.backoffMaxMs ?? DEFAULT_BACKOFF_MAX_MS,
      factor: verdict.slowFactor,
      random: options.random,
    });
    // Deferring the store (not just this call) makes every job on it wait.
    pacer.defer(key, Math.max(backoff, retryAfterMs ?? 0));
  }
}

const ACCEPT: Record<ExpectedBody, string> = {
  json: "application/json",
  xml: "application/xml,text/xml;q=0.9,*/*;q=0.5",
  html: "text/html,application/xhtml+xml;q=0.9,*/*;q=0.5",
  text: "text/plain,*/*;q=0.5",
};

/** Statuses counted as refusals in the report's crawl section (404 is an answer, not a refusal). */
const REFUSAL_STATUSES = new Set([401, 403, 423, 429, 430]);

function countRequest(stats: CrawlStats, headers: SafeFetchOptions["headers"]): void {
  stats.requests += 1;
  if (headers && Object.keys(headers).some((name) => name.toLowerCase() === "signature")) stats.signed += 1;
}

function countAnswer(stats: CrawlStats, result: Awaited<ReturnType<typeof safeFetch>>, attempt: number): void {
  if (attempt > 0) stats.retries += 1;
  if (!result.ok) return;
  const { status, headers } = result.response;
  const refusal =
    headers["cf-mitigated"] === "challenge" ? "challenge" : REFUSAL_STATUSES.has(status) || status >= 500 ? String(status) : null;
  if (refusal) stats.refusals[refusal] = (stats.refusals[refusal] ?? 0) + 1;
}

/** What a skipped path was, for the report ("pages", "collection", "products"…). */
function pathKind(path: string): string {
  const [first = "", second] = path
    .replace(/[?#].*$/, "")
    .split("/")
    .filter(Boolean);
  if (first === "collections" && second && second !== "all") return "collection";

  return first.replace(/\.(json|xml|js)$/, "") || "home";
}

function withRetryAfter(failure: StoreFailure, retryAfterMs: number | null): StoreFailure {
  return failure.status === "rate_limited" ? { ...failure, retryAfterMs } : failure;
}

function toStoreResponse(response: SafeResponse, json: unknown, attempts: number): StoreResponse {
  return {
    status: "ok",
    httpStatus: response.status,
    url: response.url,
    headers: response.headers,
    body: response.body,
    json,
    ...(response.raw ? { raw: response.raw } : {}),
    cartCurrency: readCartCurrency(response.setCookies),
    attempts,
  };
}
