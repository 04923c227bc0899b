import { getEnv } from "@/lib/env";
import { realClock, type Clock } from "./clock";

/**
 * Per-store politeness, shared by everything in this process that talks to a store:
 * one request at a time per store, starts spaced by `minIntervalMs`, and a per-store
 * "not before" time that backoff and Retry-After push forward, so a 429 seen by one
 * job also slows every other job on the same store. Also counts consecutive
 * block-shaped answers (429/430/403/5xx/challenge) per store.
 */
export type Pacer = {
  readonly minIntervalMs: number;
  readonly clock: Clock;
  /**
   * Runs `task` when it is this store's turn. The task calls `sent()` when its request has
   * actually gone out: the next start is spaced from then too, so a request held up in this
   * process (a busy event loop) cannot reach the store closer than the interval to the next one.
   */
  schedule<T>(key: string, task: (sent: () => void) => Promise<T>, signal?: AbortSignal): Promise<T>;
  /** Spaces this store's requests at least `ms` apart from now on (robots.txt Crawl-delay). */
  slowTo(key: string, ms: number): void;
  /** No request to this store starts in the next `ms`. */
  defer(key: string, ms: number): void;
  /** Records a block-shaped answer; returns the current streak. */
  recordBlock(key: string): number;
  recordSuccess(key: string): void;
  blockStreak(key: string): number;
};

type StoreState = {
  tail: Promise<unknown>;
  pending: number;
  lastStart: number;
  notBefore: number;
  blockStreak: number;
  /** A longer spacing than minIntervalMs this store asked for (Crawl-delay). */
  intervalMs: number;
};

const PRUNE_ABOVE = 500;

export function createPacer(options: { minIntervalMs?: number; clock?: Clock } = {}): Pacer {
  const minIntervalMs = options.minIntervalMs ?? getEnv().SCRAPER_MIN_INTERVAL_MS;
  const clock = options.clock ?? realClock;
  const states = new Map<string, StoreState>();

  const stateFor = (key: string): StoreState => {
    let state = states.get(key);
    if (!state) {
      pruneIdle();
      state = {
        tail: Promise.resolve(),
        pending: 0,
        lastStart: -Infinity,
        notBefore: -Infinity,
        blockStreak: 0,
        intervalMs: minIntervalMs,
      };
      states.set(key, state);
    }

    return state;
  };

  // Idle stores whose spacing has long expired carry no information; drop them so a
  // long-running worker does not grow one entry per store ever analyzed.
  const pruneIdle = () => {
    if (states.size < PRUNE_ABOVE) {
      return;
    }
    const horizon = clock.now() - Math.max(minIntervalMs, 60_000);
    for (const [key, state] of states) {
      if (
        state.pending === 0 &&
        state.lastStart < horizon &&
        state.notBefore < clock.now() &&
        state.blockStreak === 0 &&
        state.intervalMs === minIntervalMs
      ) {
        states.delete(key);
      }
    }
  };

  return {
    minIntervalMs,
    clock,
    schedule(key, task, signal) {
      const state = stateFor(key);
      state.pending += 1;
      const run = state.tail.then(async () => {
        const wait = Math.max(state.lastStart + state.intervalMs, state.notBefore) - clock.now();
        if (wait > 0) {
          await clock.sleep(wait, signal);
        }
        signal?.throwIfAborted();
        state.lastStart = clock.now();

        return task(() => {
          state.lastStart = Math.max(state.lastStart, clock.now());
        });
      });
      state.tail = run.then(
        () => undefined,
        () => undefined,
      );
      void state.tail.then(() => {
        state.pending -= 1;
      });

      return run;
    },
    slowTo(key, ms) {
      const state = stateFor(key);
      state.intervalMs = Math.max(state.intervalMs, ms);
    },
    defer(key, ms) {
      const state = stateFor(key);
      state.notBefore = Math.max(state.notBefore, clock.now() + ms);
    },
    recordBlock(key) {
      const state = stateFor(key);
      state.blockStreak += 1;

      return state.blockStreak;
    },
    recordSuccess(key) {
      stateFor(key).blockStreak = 0;
    },
    blockStreak(key) {
      return states.get(key)?.blockStreak ?? 0;
    },
  };
}

let shared: Pacer | undefined;

/** The process-wide pacer (min interval from SCRAPER_MIN_INTERVAL_MS). */
export function getSharedPacer(): Pacer {
  const minIntervalMs = getEnv().SCRAPER_MIN_INTERVAL_MS;
  if (shared?.minIntervalMs !== minIntervalMs) {
    shared = createPacer({ minIntervalMs });
  }

  return shared;
}

/** www.shop.com and shop.com are one shop to Shopify's rate limiter. */
export function pacerKeyForDomain(domain: string): string {
  return domain
    .toLowerCase()
    .replace(/\.$/, "")
    .replace(/^www\./, "");
}
