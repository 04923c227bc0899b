/**
 * When the daily monitor looks at a store. Each store gets a fixed minute of the UTC day
 * (a hash of its id), so a thousand tracked stores spread over the day instead of all
 * starting at 00:00; a store analyzed less than SKIP_WINDOW_MS ago waits for the next day.
 */
export const DAY_MS = 24 * 60 * 60 * 1000;
export const SKIP_WINDOW_MS = 20 * 60 * 60 * 1000;

/** Minute of the UTC day (0..1439) at which a store is checked. */
export function checkMinuteOf(storeId: string): number {
  let hash = 2166136261;
  for (let i = 0; i < storeId.length; i++) {
    hash ^= storeId.charCodeAt(i);
    hash = Math.imul(hash, 16777619);
  }

  return (hash >>> 0) % 1440;
}

const dayStart = (at: number) => at - (at % DAY_MS);

/** The latest check slot of the store at or before `now`. */
export function latestSlot(storeId: string, now: Date): Date {
  const today = dayStart(now.getTime()) + checkMinuteOf(storeId) * 60_000;

  return new Date(today <= now.getTime() ? today : today - DAY_MS);
}

/** Whether the store is due: its slot has passed since it was last analyzed, and that was over 20 h ago. */
export function isDue(storeId: string, lastActivity: Date | null, now: Date): boolean {
  if (!lastActivity) return true;

  return lastActivity < latestSlot(storeId, now) && now.getTime() - lastActivity.getTime() >= SKIP_WINDOW_MS;
}

/** When the store will next be checked (now, if it is due and waits for the next tick). */
export function nextCheckAt(storeId: string, lastActivity: Date | null, now: Date): Date {
  if (isDue(storeId, lastActivity, now)) return now;
  let slot = latestSlot(storeId, now).getTime() + DAY_MS;
  while (lastActivity && slot - lastActivity.getTime() < SKIP_WINDOW_MS) slot += DAY_MS;

  return new Date(slot);
}
