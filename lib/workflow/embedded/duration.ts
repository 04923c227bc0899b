/**
 * Time strings of the protocol.
 * - `Sleep` ops carry the duration in `op.name` (the SDK spec says `opts.duration`, the
 *   v4 SDK does not): a Go-style duration ("2s", "1h30m") from step.sleep, or an ISO
 *   date from step.sleepUntil.
 * - `InvokeFunction` has `opts.timeout` in the same duration syntax.
 * (The `retry-after` header is read by lib/http/backoff.ts.)
 */
const UNIT_MS: Record<string, number> = { ms: 1, s: 1e3, m: 6e4, h: 36e5, d: 864e5, w: 6048e5 };

/** Milliseconds of a Go-style duration, or undefined when `text` is not one. */
export function parseDurationMs(text: string): number | undefined {
  const parts = [...text.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h|d|w)/g)];
  if (parts.length === 0 || parts.map((p) => p[0]).join("") !== text) return undefined;

  return parts.reduce((sum, [, n, unit]) => sum + Number(n) * UNIT_MS[unit!]!, 0);
}

/** Epoch ms at which a sleep ends: a duration from `now`, or an absolute date. */
export function wakeTime(sleepName: string, now = Date.now()): number {
  const ms = parseDurationMs(sleepName);
  if (ms !== undefined) return now + ms;
  const at = Date.parse(sleepName);
  if (Number.isNaN(at)) throw new Error(`cannot parse sleep duration or date "${sleepName}"`);

  return at;
}
