import type { RobotsPolicy } from "./crawl-context";
import { fetchStore, type StoreFetchOptions } from "./fetch-store";
import type { StoreFailure } from "./outcomes";
import { parseRobotsTxt } from "./robots-rules";

/** The product token of our User-Agent: a robots.txt group naming it applies to us, else `*`. */
export const ROBOTS_PRODUCT_TOKEN = "StoreLensBot";

/** RFC 9309 §2.5: crawlers MUST parse at least the first 500 KiB; we read 512 KiB at most. */
export const ROBOTS_MAX_BYTES = 512 * 1024;

/**
 * The longest Crawl-delay we honor. Shopify's default robots.txt asks nothing of `*`; a store
 * asking for more than this would turn one analysis (up to a few hundred requests) into a day-long
 * job holding a worker, so longer delays are capped here and the job still runs, one request per 30 s.
 */
export const MAX_CRAWL_DELAY_MS = 30_000;

/** Paths the crawl cannot do without: the store check (meta.json) and the product listing. */
export const ESSENTIAL_PATHS = ["/meta.json", "/products.json?limit=250&page=1"] as const;

/** What one job read from robots.txt (stored as the job's "robots" artifact). */
export type RobotsRecord = {
  /** "missing": 404, 410 or another 4xx but 401, 403, 423, 429: no rules (RFC 9309 §2.3.1.3: allow all). */
  status: "ok" | "missing";
  /** The file as read (at most ROBOTS_MAX_BYTES); null when missing. */
  text: string | null;
};

export function robotsPolicy(record: RobotsRecord): RobotsPolicy {
  if (record.text === null) return { isAllowed: () => true, crawlDelayMs: null };
  const robots = parseRobotsTxt(record.text);
  const group = robots.group(ROBOTS_PRODUCT_TOKEN) ?? robots.group("*");
  const delay = group?.crawlDelay;

  return {
    isAllowed: (path) => !group || group.verdict(path).allowed,
    crawlDelayMs: typeof delay === "number" && delay > 0 ? Math.min(delay * 1000, MAX_CRAWL_DELAY_MS) : null,
  };
}

/**
 * The group robots.txt has for one crawler (another than ours), when a group names it: whether
 * it disallows `/` (the whole site) and whether it disallows anything. null: no group names it,
 * so the crawler falls to `*`.
 */
export type NamedGroup = { disallowsRoot: boolean; disallowsSome: boolean } | null;

/**
 * The group naming each of `tokens` (product tokens such as "GPTBot"; `"*"` for the group of
 * every crawler), read with the same parser as our own rules, once. No file: no groups.
 */
export function namedGroups<T extends string>(record: RobotsRecord, tokens: readonly T[]): Record<T, NamedGroup> {
  const found = {} as Record<T, NamedGroup>;
  const robots = record.text === null ? null : parseRobotsTxt(record.text);
  for (const token of tokens) {
    const group = robots?.group(token) ?? null;
    found[token] = group ? { disallowsRoot: !group.verdict("/").allowed, disallowsSome: group.rules.some((rule) => !rule.allow) } : null;
  }

  return found;
}

/** The essential paths robots.txt disallows (empty: the crawl may run). */
export function disallowedEssentials(policy: RobotsPolicy): string[] {
  return ESSENTIAL_PATHS.filter((path) => !policy.isAllowed(path)).map((path) => path.replace(/\?.*$/, ""));
}

/**
 * Statuses of robots.txt read as "unreachable", not as "no rules": the store restricts access
 * (401, 403), refuses us as locked (423) or keeps throttling us (429). RFC 9309 §2.3.1.3 lets a
 * crawler read any 4xx as "allow all", but a store refusing its robots.txt is refusing us: we do
 * not crawl it on a guess.
 */
const UNREACHABLE_ROBOTS_STATUSES: ReadonlySet<number> = new Set([401, 403, 423, 429]);

/**
 * Reads /robots.txt through the store fetch helper (paced, SSRF-guarded, redirects followed
 * within the store's hosts). RFC 9309 §2.3.1: a 404, a 410 or another 4xx means no rules; a 5xx
 * or a network failure means "unreachable", which the RFC treats as complete disallow: that comes
 * back as the failure, and the job does not crawl (the workflow retries the step, then the job
 * fails store_unavailable). A 401, 403, 423 or a 429 still after retries is unreachable too
 * (store_blocked or store_rate_limited), not "allow all". A file past the size cap is refused by
 * the fetch helper (too_large) and also ends the job: we never guess its rules.
 */
export async function readRobots(domain: string, options: StoreFetchOptions = {}): Promise<RobotsRecord | StoreFailure> {
  const answer = await fetchStore(domain, "/robots.txt", "text", { maxBytes: ROBOTS_MAX_BYTES, ...options });
  if (answer.status === "ok") return { status: "ok", text: answer.body };
  if ("httpStatus" in answer && answer.httpStatus !== null && UNREACHABLE_ROBOTS_STATUSES.has(answer.httpStatus)) {
    return answer.status === "http_error"
      ? { status: "blocked", httpStatus: answer.httpStatus, message: `robots.txt answered ${answer.httpStatus}: access restricted` }
      : answer;
  }
  if (answer.status === "http_error" && answer.httpStatus >= 400 && answer.httpStatus < 500) return { status: "missing", text: null };
  // A storefront behind its password page: no rules to read; the store check reports the password.
  if (answer.status === "password") return { status: "missing", text: null };

  return answer;
}
