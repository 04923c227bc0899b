/**
 * A value held once per process, on globalThis. The custom server and Next's bundled route
 * modules load our modules as separate graphs in one process: a module-level variable would
 * exist once per graph (two event hubs, two connection counts, a route that cannot find the
 * executor), so whatever must be one per process lives in a slot.
 */
export type ProcessSlot<T> = {
  get(): T | undefined;
  /** The value, created on first use. */
  getOrCreate(create: () => T): T;
  set(value: T | undefined): void;
};

export function processSlot<T>(name: string): ProcessSlot<T> {
  const key = Symbol.for(`storelens.${name}`);
  const holder = globalThis as typeof globalThis & Record<symbol, T | undefined>;

  return {
    get: () => holder[key],
    getOrCreate: (create) => (holder[key] ??= create()),
    set: (value) => {
      holder[key] = value;
    },
  };
}
