import { expect, it } from "vitest";
import { SLICE_MS, yieldWhenBusy } from "./loop-share";

const busy = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};

it("lets timers in between the slices of many long loops, and resumes the loops in turn", async () => {
  // Units of work a little longer than a slice: each one ends a slice.
  const unitMs = SLICE_MS + 1;
  const order: number[] = [];
  let unitsSinceTick = 0;
  let mostUnitsBetweenTicks = 0;
  const loop = async (id: number) => {
    for (let unit = 0; unit < 5; unit += 1) {
      await yieldWhenBusy();
      busy(unitMs);
      order.push(id);
      unitsSinceTick += 1;
      mostUnitsBetweenTicks = Math.max(mostUnitsBetweenTicks, unitsSinceTick);
    }
  };
  let ticking = true;
  const tick = async () => {
    while (ticking) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      unitsSinceTick = 0;
    }
  };
  const ticker = tick();
  await Promise.all(Array.from({ length: 20 }, (_, id) => loop(id)));
  ticking = false;
  await ticker;

  // A setImmediate per unit runs one unit of every loop (20) between two timers.
  expect(mostUnitsBetweenTicks).toBeLessThanOrEqual(2);
  // Every loop got its turns in arrival order: each ran its first unit before any ran a third.
  expect(order.slice(0, 20).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, id) => id));
  expect(order).toHaveLength(100);
});
