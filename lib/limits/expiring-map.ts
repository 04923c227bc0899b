/**
 * A map of at most `capacity` entries, each live until the time `expiresAt` gives it. A new key
 * past the capacity first makes room by dropping the expired entries (one sweep a second at
 * most, so a flood of new keys costs no scan per request); when every entry is still live, the
 * new key is not kept. An entry in use, such as a burst being counted or a cooldown, is never
 * dropped to make room for a newcomer: emptying the map would hand every address a fresh start.
 */
export class ExpiringMap<V> {
  private readonly entries = new Map<string, V>();
  private lastSweep = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly capacity: number,
    private readonly expiresAt: (value: V) => number,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /** The value kept for `key`, unless it has expired by `now`. */
  get(key: string, now: number): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined || this.expiresAt(value) > now) return value;
    this.entries.delete(key);

    return undefined;
  }

  /** Keeps `value` for `key`; false when `key` is new and the map is full of live entries. */
  set(key: string, value: V, now: number): boolean {
    if (!this.entries.has(key) && this.entries.size >= this.capacity) {
      this.sweep(now);
      if (this.entries.size >= this.capacity) return false;
    }
    this.entries.set(key, value);

    return true;
  }

  clear(): void {
    this.entries.clear();
    this.lastSweep = Number.NEGATIVE_INFINITY;
  }

  private sweep(now: number): void {
    // A clock that went back (a test's, or a corrected wall clock) sweeps at once.
    if (now >= this.lastSweep && now - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now;
    for (const [key, value] of this.entries) if (this.expiresAt(value) <= now) this.entries.delete(key);
  }
}

const SWEEP_EVERY_MS = 1000;
