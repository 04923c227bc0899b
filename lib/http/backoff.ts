/**
 * Delay before retry `attempt` (0-based): exponential up to `maxMs`, with jitter taking up to
 * `jitter` of it off at random so that parallel workers that failed together (a store's rate
 * limit, a database that went away) do not retry in lockstep. The default is "equal jitter":
 * half fixed, half random. Both the store reader and the embedded executor retry through this.
 */
export function computeBackoffMs(
  attempt: number,
  options: { baseMs: number; maxMs: number; factor?: number; jitter?: number; random?: () => number },
): number {
  const random = options.random ?? Math.random;
  const jitter = options.jitter ?? 0.5;
  const ceiling = Math.min(options.maxMs, options.baseMs * (options.factor ?? 1) * 2 ** Math.max(0, attempt));

  return Math.round(ceiling * (1 - jitter + random() * jitter));
}

/**
 * A `Retry-After` header as milliseconds from `now`: delta-seconds or an HTTP date (a date
 * already past is 0); null when absent or unreadable.
 */
export function parseRetryAfter(value: string | null | undefined, now: number): number | null {
  const trimmed = value?.trim();
  if (!trimmed) return null;
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);

  return Number.isNaN(at) ? null : Math.max(0, at - now);
}
