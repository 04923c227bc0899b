import { computeBackoffMs } from "@/lib/http/backoff";

/** Delay before retry number `attempt + 1` of a failed call request. */
export type Backoff = (attempt: number) => number;

/**
 * Exponential backoff with jitter (lib/http/backoff.ts). Inngest Cloud uses a fixed table
 * (15s, 30s, 1m, 2m, 5m, … 2h) plus 0–30 s of jitter; the embedded default is shorter (1 s
 * base, doubling, capped) so a dev store does not wait minutes. Jitter (up to `jitter` of the
 * delay off) spreads retries of many runs that failed together (e.g. a store's rate limit).
 */
export function exponentialBackoff({ baseMs = 1000, maxMs = 10 * 60_000, jitter = 0.25 } = {}): Backoff {
  return (attempt) => computeBackoffMs(attempt, { baseMs, maxMs, jitter });
}
