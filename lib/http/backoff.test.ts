// Retry delays grow exponentially within their jitter band and stop at the cap, and a
// Retry-After header is read whichever of its two forms a server sends.
import { describe, expect, it } from "vitest";
import { computeBackoffMs, parseRetryAfter } from "./backoff";

describe("computeBackoffMs", () => {
  it("doubles per attempt within [ceiling/2, ceiling], capped", () => {
    const low = () => 0;
    const high = () => 1;
    expect(computeBackoffMs(0, { baseMs: 1000, maxMs: 60_000, random: low })).toBe(500);
    expect(computeBackoffMs(0, { baseMs: 1000, maxMs: 60_000, random: high })).toBe(1000);
    expect(computeBackoffMs(3, { baseMs: 1000, maxMs: 60_000, random: high })).toBe(8000);
    expect(computeBackoffMs(10, { baseMs: 1000, maxMs: 60_000, random: high })).toBe(60_000);
  });

  it("backs off longer with a factor (430)", () => {
    expect(computeBackoffMs(1, { baseMs: 1000, maxMs: 60_000, factor: 4, random: () => 1 })).toBe(8000);
  });

  it("takes at most `jitter` of the delay off", () => {
    expect(computeBackoffMs(2, { baseMs: 1000, maxMs: 60_000, jitter: 0.25, random: () => 0 })).toBe(3000);
    expect(computeBackoffMs(2, { baseMs: 1000, maxMs: 60_000, jitter: 0.25, random: () => 1 })).toBe(4000);
    expect(computeBackoffMs(2, { baseMs: 1000, maxMs: 60_000, jitter: 0, random: () => 0 })).toBe(4000);
  });

  it("treats a negative attempt as the first", () => {
    expect(computeBackoffMs(-1, { baseMs: 1000, maxMs: 60_000, random: () => 1 })).toBe(1000);
  });
});

describe("parseRetryAfter", () => {
  const now = Date.parse("2026-09-30T09:00:00Z");

  it("reads delta-seconds, fractional seconds and HTTP dates", () => {
    expect(parseRetryAfter("7", now)).toBe(7000);
    expect(parseRetryAfter(" 0 ", now)).toBe(0);
    expect(parseRetryAfter("1.5", now)).toBe(1500);
    expect(parseRetryAfter("Wed, 30 Sep 2026 09:00:30 GMT", now)).toBe(30_000);
    expect(parseRetryAfter("Wed, 30 Sep 2026 08:00:00 GMT", now)).toBe(0);
  });

  it("returns null when absent or unreadable", () => {
    expect(parseRetryAfter(undefined, now)).toBeNull();
    expect(parseRetryAfter(null, now)).toBeNull();
    expect(parseRetryAfter("", now)).toBeNull();
    expect(parseRetryAfter("soon", now)).toBeNull();
  });
});
