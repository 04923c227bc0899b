/** Polls until `check` returns a truthy value (conditions, not durations, keep tests stable). */
export async function waitFor<T>(
  check: () => T | Promise<T>,
  { timeoutMs = 20_000, intervalMs = 25, what = "condition" } = {},
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}
