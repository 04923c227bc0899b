import type { Clock } from "./clock";

/**
 * A clock for tests: sleeping returns at once but moves virtual time forward, and
 * every requested wait is recorded, so backoff and pacing are checked without
 * real multi-second sleeps (and without timing assertions).
 */
export function createVirtualClock(): Clock & { sleeps: number[] } {
  let offset = 0;
  const sleeps: number[] = [];

  return {
    sleeps,
    now: () => Date.now() + offset,
    sleep: async (ms, signal) => {
      signal?.throwIfAborted();
      sleeps.push(ms);
      offset += ms;
    },
  };
}
