/**
 * Recently served report bodies, by ETag and encoding. A body with a given ETag never changes
 * (the ETag carries a digest of its bytes), so entries need no invalidation, only a size
 * bound: least recently used first out once the total passes the budget.
 */
const BUDGET_BYTES = 64 * 1024 * 1024;
const entries = new Map<string, Buffer>();
let total = 0;

const keyOf = (etag: string, encoding: string) => `${encoding} ${etag}`;

export function recallBody(etag: string, encoding: string): Buffer | undefined {
  const key = keyOf(etag, encoding);
  const bytes = entries.get(key);
  if (bytes) {
    entries.delete(key);
    entries.set(key, bytes);
  }

  return bytes;
}

/** Entries larger than this are never kept (a 30,000-product report's plain JSON is about 20 MB). */
export const LARGEST_REMEMBERED_BYTES = BUDGET_BYTES / 4;

export function rememberBody(etag: string, encoding: string, bytes: Buffer): void {
  if (bytes.length > LARGEST_REMEMBERED_BYTES) return;
  const key = keyOf(etag, encoding);
  const previous = entries.get(key);
  if (previous) total -= previous.length;
  entries.set(key, bytes);
  total += bytes.length;
  for (const [oldest, old] of entries) {
    if (total <= BUDGET_BYTES) break;
    entries.delete(oldest);
    total -= old.length;
  }
}
