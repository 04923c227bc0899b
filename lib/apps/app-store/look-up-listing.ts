import { boundText, QUOTED_TEXT_MAX } from "@/lib/bound-text";
import { emptyCrawlStats, runWithCrawlContext, type RobotsPolicy } from "@/lib/shopify-reader/crawl-context";
import { fetchStore, type StoreFetchOptions } from "@/lib/shopify-reader/fetch-store";
import { readRobots, robotsPolicy } from "@/lib/shopify-reader/robots";
import { LISTING_MAX_BYTES, parseAppStoreListing, type AppStoreListing } from "./parse-listing";

/** The Shopify App Store: a listing is `https://apps.shopify.com/<handle>`. */
export const APP_STORE_HOST = "apps.shopify.com";

/**
 * One lookup's time: each attempt is cut at this, and one retry at most, so a lookup that hangs
 * costs well under a minute of the background step that makes it (the store crawl allows 20 s
 * and five retries; a listing is one page we can ask for again another day).
 */
export const LOOKUP_TIMEOUT_MS = 10_000;
const LOOKUP_RETRIES = 1;
/** How long the App Store's robots.txt is trusted before it is read again. */
const ROBOTS_TTL_MS = 6 * 60 * 60 * 1000;

export type ListingLookup =
  /** `handle`: the listing's own, where the App Store sent a renamed handle on (else the one asked). */
  | { status: "found"; listing: AppStoreListing; handle: string }
  /** The App Store has no listing under this handle (404, 410, or a redirect off the App Store): kept as a negative answer. */
  | { status: "not_found"; message: string }
  /** Anything else (timeout, block, too large, unreadable page): tried again after a backoff. */
  | { status: "error"; message: string };

/** Handles as Shopify spells them (app blocks, extension folders): nothing else becomes a path. */
const HANDLE = /^[a-z0-9][a-z0-9_-]{1,99}$/;

let robotsCache: { policy: RobotsPolicy; until: number } | null = null;

/** Tests: forget the App Store's robots.txt read by an earlier lookup. */
export function forgetAppStoreRobots(): void {
  robotsCache = null;
}

async function appStoreRobots(options: StoreFetchOptions): Promise<RobotsPolicy | string> {
  if (robotsCache && robotsCache.until > Date.now()) return robotsCache.policy;
  const record = await readRobots(APP_STORE_HOST, { ...options, timeoutMs: LOOKUP_TIMEOUT_MS, maxRetries: LOOKUP_RETRIES });
  if ("message" in record) return `robots.txt unreachable: ${record.message}`;
  const policy = robotsPolicy(record);
  robotsCache = { policy, until: Date.now() + ROBOTS_TTL_MS };

  return policy;
}

/** The handle of the page a lookup ended on (after a redirect within the App Store), else the one asked. */
function listingHandle(url: string, asked: string): string {
  try {
    const path = new URL(url).pathname.slice(1);

    return HANDLE.test(path) ? path : asked;
  } catch {
    return asked;
  }
}

/**
 * Looks one app handle up on the Shopify App Store through the store fetch helper: the request is
 * SSRF-guarded, signed (Web Bot Auth) and identified by our User-Agent, paced per host like a
 * store's (SCRAPER_MIN_INTERVAL_MS, and the App Store's Crawl-delay), under its robots.txt, and
 * bounded in time (LOOKUP_TIMEOUT_MS per attempt, one retry, no long Retry-After sleep) and size
 * (LISTING_MAX_BYTES). Never throws: every ending is a value.
 */
export async function lookUpListing(handle: string, options: StoreFetchOptions = {}): Promise<ListingLookup> {
  if (!HANDLE.test(handle)) return { status: "not_found", message: "not an app handle" };
  const robots = await appStoreRobots(options);
  if (typeof robots === "string") return { status: "error", message: robots };
  const path = `/${handle}`;
  const answer = await runWithCrawlContext({ robots, stats: emptyCrawlStats() }, () =>
    fetchStore(APP_STORE_HOST, path, "html", {
      timeoutMs: LOOKUP_TIMEOUT_MS,
      maxRetries: LOOKUP_RETRIES,
      maxBytes: LISTING_MAX_BYTES,
      // A long Retry-After is not slept through: the lookup fails and the backoff tries later.
      maxRetryAfterMs: 0,
      maxBlockStreak: 2,
      ...options,
    }),
  );
  if (answer.status === "ok") {
    const listing = parseAppStoreListing(answer.body);

    return listing
      ? { status: "found", listing, handle: listingHandle(answer.url, handle) }
      : { status: "error", message: "the page names no app" };
  }
  const message = boundText(answer.message, QUOTED_TEXT_MAX);
  if (answer.status === "http_error" && (answer.httpStatus === 404 || answer.httpStatus === 410)) return { status: "not_found", message };
  // A handle the App Store sends elsewhere (a delisted app's page moved off the App Store) has no listing there.
  if (answer.status === "redirected_off_store") return { status: "not_found", message };

  return { status: "error", message };
}
