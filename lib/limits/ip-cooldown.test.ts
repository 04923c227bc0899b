// The IP cooldown's memory is bounded without forgetting what matters: past its cap, expired
// entries make room, and an address mid-burst or in cooldown keeps its count and its refusal
// however many new addresses arrive.
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { resetEnvCache } from "@/lib/env";
import { ApiError } from "@/lib/http/errors";
import { enforceIpCooldownFromMemory, resetIpCooldownMemory } from "./ip-cooldown";

const CAP = 100_000;
const second = (n: number) => Date.UTC(2026, 2, 10, 12, 0, n, 100);

beforeAll(() => {
  Object.assign(process.env, { IP_BURST_LIMIT: "5", IP_COOLDOWN_SECONDS: "30" });
  resetEnvCache();
});

beforeEach(() => {
  resetIpCooldownMemory();
});

afterAll(() => {
  delete process.env.IP_BURST_LIMIT;
  delete process.env.IP_COOLDOWN_SECONDS;
  resetEnvCache();
});

/** One request each from `count` IPv6 networks never seen before. */
function flood(count: number, now: number, tag: number): void {
  for (let i = 0; i < count; i += 1)
    enforceIpCooldownFromMemory(`2001:${tag}:${(i >> 16).toString(16)}:${(i & 0xffff).toString(16)}::/64`, now);
}

/** The status one request from `key` gets: 200 admitted, 429 refused. */
function hit(key: string, now: number): number {
  try {
    enforceIpCooldownFromMemory(key, now);

    return 200;
  } catch (error) {
    if (error instanceof ApiError) return error.status;
    throw error;
  }
}

it("keeps counting an address mid-burst while more new addresses than the cap arrive in the same second", () => {
  const now = second(1);
  for (let i = 0; i < 4; i += 1) expect(hit("2001:db8:1:1::/64", now)).toBe(200);
  flood(CAP + 10, now, 1);

  expect(hit("2001:db8:1:1::/64", now)).toBe(200);
  expect(hit("2001:db8:1:1::/64", now)).toBe(429);
});

it("keeps refusing an address in cooldown through floods of new addresses, and tracks new ones again once the flood's second is over", () => {
  for (let i = 0; i < 5; i += 1) hit("198.51.100.40", second(1));
  expect(hit("198.51.100.40", second(1))).toBe(429);

  flood(CAP + 10, second(1), 1);
  flood(CAP + 10, second(2), 2);
  expect(hit("198.51.100.40", second(3))).toBe(429);

  // The flood's bursts have expired: a new address bursting now is counted and refused.
  const statuses = Array.from({ length: 6 }, () => hit("198.51.100.41", second(3)));
  expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
});
