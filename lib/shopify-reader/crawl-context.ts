import { AsyncLocalStorage } from "node:async_hooks";

/** A job's robots.txt rules for us (robots.ts builds them). */
export type RobotsPolicy = {
  isAllowed(path: string): boolean;
  /** Crawl-delay for our group (or `*`), capped at MAX_CRAWL_DELAY_MS; null when none. */
  crawlDelayMs: number | null;
};

/** What robots.txt kept the crawl from: one entry per path not requested. */
export type RobotsSkip = { path: string; kind: string };

/** Counts of one job's store requests (added up over its steps into the "crawl" artifact). */
export type CrawlStats = {
  requests: number;
  /** Requests whose outgoing headers carried a `signature` header (Web Bot Auth). */
  signed: number;
  /** Attempts after the first one of a fetch. */
  retries: number;
  /** Refusals by HTTP status ("403", "423", "429", "430", "503"…) or "challenge". */
  refusals: Record<string, number>;
  robotsSkipped: RobotsSkip[];
};

export function emptyCrawlStats(): CrawlStats {
  return { requests: 0, signed: 0, retries: 0, refusals: {}, robotsSkipped: [] };
}

/** Skipped paths kept per job at most (the report lists them; the rest are counted only). */
const MAX_SKIPS_KEPT = 50;

export function addCrawlStats(into: CrawlStats, more: CrawlStats): CrawlStats {
  const refusals = { ...into.refusals };
  for (const [status, n] of Object.entries(more.refusals)) refusals[status] = (refusals[status] ?? 0) + n;

  return {
    requests: into.requests + more.requests,
    signed: into.signed + more.signed,
    retries: into.retries + more.retries,
    refusals,
    robotsSkipped: [...into.robotsSkipped, ...more.robotsSkipped].slice(0, MAX_SKIPS_KEPT),
  };
}

/** The job a store request is made for: its robots.txt rules and where its requests are counted. */
export type CrawlContext = { robots: RobotsPolicy | null; stats: CrawlStats };

const storage = new AsyncLocalStorage<CrawlContext>();

/** Runs `fn` (one step of a job) with the job's robots rules; every fetchStore inside obeys and counts into `context`. */
export function runWithCrawlContext<T>(context: CrawlContext, fn: () => Promise<T>): Promise<T> {
  return storage.run(context, fn);
}

export function currentCrawlContext(): CrawlContext | undefined {
  return storage.getStore();
}
