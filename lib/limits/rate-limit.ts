import { lt, sql } from "drizzle-orm";
import { getDb, queryRows } from "@/db";
import { rateLimitCounters } from "@/db/schema";
import { ApiError } from "@/lib/http/errors";
import type { RateLimitedBody } from "./schemas";

export type RateLimitVerdict = { allowed: boolean; hits: number; retryAfterSeconds: number };

/** Counters older than this are never read again. */
const KEEP_MS = 24 * 3600_000;
let lastPrune = 0;

/**
 * Counts one hit on `key` in the current fixed window and says whether it is within `limit`.
 * One atomic upsert in PostgreSQL, so concurrent requests on several instances count once each.
 */
export async function consumeRateLimit(key: string, limit: number, windowSeconds: number, now = Date.now()): Promise<RateLimitVerdict> {
  const windowMs = windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now / windowMs) * windowMs);
  const [row] = await queryRows<{ hits: number }>(
    getDb(),
    sql`insert into ${rateLimitCounters} (key, window_start, hits) values (${key}, ${windowStart.toISOString()}::timestamptz, 1)
        on conflict (key, window_start) do update set hits = ${rateLimitCounters}.hits + 1
        returning hits`,
  );
  await pruneOldCounters(now);
  const hits = Number(row?.hits ?? 1);

  return {
    allowed: hits <= limit,
    hits,
    retryAfterSeconds: Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now) / 1000)),
  };
}

async function pruneOldCounters(now: number): Promise<void> {
  if (now - lastPrune < 3600_000) return;
  lastPrune = now;
  await getDb()
    .delete(rateLimitCounters)
    .where(lt(rateLimitCounters.windowStart, new Date(now - KEEP_MS)));
}

/** The contract's 429 body: `{error, code, limit_type, retry_after}` plus a Retry-After header. */
export function rateLimited(message: string, limitType: RateLimitedBody["limit_type"], retryAfterSeconds: number): ApiError {
  return new ApiError("rate_limited", message, {
    extra: { limit_type: limitType, retry_after: retryAfterSeconds } satisfies Omit<RateLimitedBody, "error" | "code">,
    headers: { "retry-after": String(retryAfterSeconds) },
  });
}

const WINDOWS = {
  minute: { seconds: 60, limitType: "per_minute" },
  hour: { seconds: 3600, limitType: "per_hour" },
  day: { seconds: 86_400, limitType: "per_day" },
} as const;

/** Throws the 429, naming its window, when one more hit on `key` passes `limit` per minute, hour or day. */
export async function enforceRateLimit(key: string, limit: number, per: keyof typeof WINDOWS, message: string): Promise<void> {
  const window = WINDOWS[per];
  const verdict = await consumeRateLimit(key, limit, window.seconds);
  if (!verdict.allowed) throw rateLimited(message, window.limitType, verdict.retryAfterSeconds);
}
