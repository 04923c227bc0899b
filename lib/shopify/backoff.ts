/**
 * Delay before retry `attempt` (0-based): exponential with "equal jitter" (half fixed,
 * half random) so parallel workers hitting the same store do not retry in lockstep.
 */
export function computeBackoffMs(
  attempt: number,
  options: { baseMs: number; maxMs: number; factor?: number; random?: () => number },
): number {
  const random = options.random ?? Math.random;
  const ceiling = Math.min(options.maxMs, options.baseMs * (options.factor ?? 1) * 2 ** attempt);

  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

/** `Retry-After` as milliseconds from now: delta-seconds or an HTTP date; null when absent or unreadable. */
export function parseRetryAfter(value: string | undefined, now: number): number | null {
  if (value === undefined) {
    return null;
  }
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) {
    return Number(trimmed) * 1000;
  }
  const at = Date.parse(trimmed);

  return Number.isNaN(at) ? null : Math.max(0, at - now);
}
