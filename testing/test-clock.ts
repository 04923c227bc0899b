import type { Clock } from "@/lib/shopify-reader/clock";

/**
 * A clock for tests: sleeping returns at once but moves virtual time forward, and
 * every requested wait is recorded, so backoff and pacing are checked without
 * real multi-second sleeps (and without timing assertions).
 */
export function createVirtualClock(): Clock & { sleeps: number[] } {
  // Purely virtual: wall-clock steps (NTP slews, a loaded machine) must not leak into tests.
  const start = Date.now();
  let offset = 0;
  const sleeps: number[] = [];

  return {
    sleeps,
    now: () => start + offset,
    sleep: async (ms, signal) => {
      signal?.throwIfAborted();
      sleeps.push(ms);
      offset += ms;
    },
  };
}
