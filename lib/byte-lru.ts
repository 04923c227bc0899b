/**
 * A map bounded by bytes, least recently used out first (a Map keeps insertion order, so a read
 * moves its entry to the end). An entry larger than a quarter of the budget is never kept: one
 * answer must not empty the cache for everyone else.
 */
export class ByteLru<V> {
  private entries = new Map<string, V>();
  private total = 0;

  constructor(
    private readonly budgetBytes: () => number,
    private readonly sizeOf: (value: V) => number,
  ) {}

  get largestKept(): number {
    return this.budgetBytes() / 4;
  }

  /** Entries kept now. */
  get size(): number {
    return this.entries.size;
  }

  /** What the kept entries weigh together, by `sizeOf`. */
  get bytes(): number {
    return this.total;
  }

  get(key: string): V | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }

    return value;
  }

  set(key: string, value: V): void {
    if (this.sizeOf(value) > this.largestKept) return;
    this.delete(key);
    this.entries.set(key, value);
    this.total += this.sizeOf(value);
    const budget = this.budgetBytes();
    for (const [oldest, old] of this.entries) {
      if (this.total <= budget) break;
      this.entries.delete(oldest);
      this.total -= this.sizeOf(old);
    }
  }

  delete(key: string): void {
    const value = this.entries.get(key);
    if (value === undefined) return;
    this.entries.delete(key);
    this.total -= this.sizeOf(value);
  }

  clear(): void {
    this.entries.clear();
    this.total = 0;
  }

  /** Deletes every entry `drop` selects. */
  deleteWhere(drop: (value: V) => boolean): void {
    for (const [key, value] of this.entries) if (drop(value)) this.delete(key);
  }
}
