import { eq, sql } from "drizzle-orm";
import { getDb } from "@/db";
import { ipCooldowns } from "@/db/schema";
import { getEnv } from "@/lib/env";
import { logger } from "@/lib/log";
import { ExpiringMap } from "./expiring-map";
import { rateLimited } from "./rate-limit";

/**
 * The contract's edge protection: an address sending hundreds of requests per second is
 * refused for a cooldown window (429, `limit_type: "ip_cooldown"`). Bursts are counted in
 * memory (a database write per request would be the flood's amplifier); the cooldown itself is
 * a row in PostgreSQL, so every instance refuses the address once one has seen the burst.
 */
type Burst = { second: number; hits: number };

/**
 * Both maps hold at most MAX_TRACKED addresses (limit keys: an IPv4 address or an IPv6 /64).
 * Past that, expired entries make room and live ones stay (expiring-map.ts): a flood of new
 * addresses must not reset the count of one mid-burst, nor make this process forget a cooldown.
 */
const MAX_TRACKED = 100_000;
const RECHECK_MS = 1000;
const bursts = new ExpiringMap<Burst>(MAX_TRACKED, (burst) => (burst.second + 1) * 1000);
/** Known cooldowns (and known absences) per address, re-read from the database at most once a second. */
const known = new ExpiringMap<{ until: number; checkedAt: number }>(MAX_TRACKED, ({ until, checkedAt }) =>
  Math.max(until, checkedAt + RECHECK_MS),
);

function countHit(ip: string, now: number): number {
  const second = Math.floor(now / 1000);
  const burst = bursts.get(ip, now);
  if (burst?.second === second) {
    burst.hits += 1;

    return burst.hits;
  }
  bursts.set(ip, { second, hits: 1 }, now);

  return 1;
}

async function cooldownUntil(ip: string, now: number): Promise<number> {
  const cached = known.get(ip, now);
  if (cached) return cached.until;
  const [row] = await getDb().select({ until: ipCooldowns.until }).from(ipCooldowns).where(eq(ipCooldowns.ip, ip));
  const until = row?.until.getTime() ?? 0;
  known.set(ip, { until, checkedAt: now }, now);

  return until;
}

async function startCooldown(ip: string, now: number, seconds: number): Promise<number> {
  const until = now + seconds * 1000;
  await getDb()
    .insert(ipCooldowns)
    .values({ ip, until: new Date(until), reason: "request burst" })
    .onConflictDoUpdate({ target: ipCooldowns.ip, set: { until: sql`excluded.until`, reason: sql`excluded.reason` } });
  known.set(ip, { until, checkedAt: now }, now);
  logger.warn("address in cooldown after a request burst", { ip, seconds });

  return until;
}

function refuseUntil(until: number, now: number): void {
  if (until > now) {
    throw rateLimited("Too many requests from this address; it is in a cooldown window", "ip_cooldown", Math.ceil((until - now) / 1000));
  }
}

/**
 * Throws the ip_cooldown 429 for an address in cooldown, or one whose burst just passed the
 * limit. `ip` is the client's limit key (requestLimitKey), so a whole IPv6 /64 bursts as one.
 */
export async function enforceIpCooldown(ip: string, now = Date.now()): Promise<void> {
  if (ip === "unknown") return;
  const { IP_BURST_LIMIT, IP_COOLDOWN_SECONDS } = getEnv();
  if (IP_BURST_LIMIT === 0) return;

  let until = await cooldownUntil(ip, now);
  if (until <= now && countHit(ip, now) > IP_BURST_LIMIT) until = await startCooldown(ip, now, IP_COOLDOWN_SECONDS);
  refuseUntil(until, now);
}

/**
 * The same check for answers that never wait on the database (the answers kept in memory):
 * the hit counts toward the burst, and the address is refused when this process knows of its
 * cooldown, because it saw the burst or read the row on an earlier request. A burst seen here
 * writes the row in the background, so other instances refuse the address too.
 */
export function enforceIpCooldownFromMemory(ip: string, now = Date.now()): void {
  if (ip === "unknown") return;
  const { IP_BURST_LIMIT, IP_COOLDOWN_SECONDS } = getEnv();
  if (IP_BURST_LIMIT === 0) return;

  let until = known.get(ip, now)?.until ?? 0;
  if (until <= now && countHit(ip, now) > IP_BURST_LIMIT) {
    until = now + IP_COOLDOWN_SECONDS * 1000;
    known.set(ip, { until, checkedAt: now }, now);
    startCooldown(ip, now, IP_COOLDOWN_SECONDS).catch((error: unknown) =>
      logger.warn("could not record an address's cooldown", { ip, error }),
    );
  }
  refuseUntil(until, now);
}

/** Tests: forget what this process remembers (the database rows stay). */
export function resetIpCooldownMemory(): void {
  bursts.clear();
  known.clear();
}
