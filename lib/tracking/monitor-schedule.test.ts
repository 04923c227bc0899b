import { describe, expect, it } from "vitest";
import { checkMinuteOf, DAY_MS, isDue, latestSlot, nextCheckAt } from "./monitor-schedule";

const ids = Array.from({ length: 2000 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`);

describe("monitor schedule", () => {
  it("spreads stores over the day instead of starting them all at 00:00", () => {
    const perHour = new Array<number>(24).fill(0);
    for (const id of ids) perHour[Math.floor(checkMinuteOf(id) / 60)]!++;
    // 2,000 stores over 24 hours: no hour holds more than twice its share.
    expect(Math.max(...perHour)).toBeLessThan((2 * ids.length) / 24);
    expect(Math.min(...perHour)).toBeGreaterThan(0);
  });

  it("is due once a day after its slot, never within 20 hours of the last analysis", () => {
    const id = ids[7]!;
    const day = Date.UTC(2026, 10, 1);
    const slot = day + checkMinuteOf(id) * 60_000;
    expect(latestSlot(id, new Date(slot)).getTime()).toBe(slot);
    expect(isDue(id, null, new Date(slot))).toBe(true);
    // Analyzed at the slot: not due again that day, due at the next day's slot.
    expect(isDue(id, new Date(slot), new Date(slot + 60 * 60_000))).toBe(false);
    expect(isDue(id, new Date(slot), new Date(slot + DAY_MS - 60_000))).toBe(false);
    expect(isDue(id, new Date(slot), new Date(slot + DAY_MS))).toBe(true);
    // A user's job 2 hours before the slot: skipped today (under 20 h), due tomorrow.
    const userJob = new Date(slot - 2 * 60 * 60_000);
    expect(isDue(id, userJob, new Date(slot))).toBe(false);
    expect(nextCheckAt(id, userJob, new Date(slot)).getTime()).toBe(slot + DAY_MS);
  });
});
