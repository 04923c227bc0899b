import { describe, expect, it } from "vitest";
import { createPacer, pacerKeyForDomain } from "./pacer";
import { createVirtualClock } from "@/testing/test-clock";

describe("createPacer", () => {
  it("runs one task at a time per store and spaces starts by the min interval", async () => {
    const clock = createVirtualClock();
    const pacer = createPacer({ minIntervalMs: 1000, clock });
    let inFlight = 0;
    let maxInFlight = 0;
    const starts: number[] = [];
    const task = async () => {
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      starts.push(clock.now());
      await new Promise((resolve) => setImmediate(resolve));
      inFlight -= 1;
    };
    await Promise.all([pacer.schedule("a", task), pacer.schedule("a", task), pacer.schedule("a", task)]);

    expect(maxInFlight).toBe(1);
    expect(starts[1]! - starts[0]!).toBeGreaterThanOrEqual(1000);
    expect(starts[2]! - starts[1]!).toBeGreaterThanOrEqual(1000);
  });

  it("spaces the next start from when a request actually went out, not only from its turn", async () => {
    const clock = createVirtualClock();
    const pacer = createPacer({ minIntervalMs: 1000, clock });
    let sentAt = 0;
    let nextStart = 0;
    const heldUp = async (sent: () => void) => {
      await clock.sleep(300); // the request leaves this process late (a busy event loop)
      sentAt = clock.now();
      sent();
    };
    await Promise.all([
      pacer.schedule("a", heldUp),
      pacer.schedule("a", async () => {
        nextStart = clock.now();
      }),
    ]);

    expect(nextStart - sentAt).toBeGreaterThanOrEqual(1000);
  });

  it("lets different stores run side by side", async () => {
    const pacer = createPacer({ minIntervalMs: 1000, clock: createVirtualClock() });
    let inFlight = 0;
    let maxInFlight = 0;
    const task = async () => {
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await new Promise((resolve) => setImmediate(resolve));
      inFlight -= 1;
    };
    await Promise.all([pacer.schedule("a", task), pacer.schedule("b", task)]);
    expect(maxInFlight).toBe(2);
  });

  it("holds every later request to a store back after defer()", async () => {
    const clock = createVirtualClock();
    const pacer = createPacer({ minIntervalMs: 0, clock });
    await pacer.schedule("a", async () => undefined);
    pacer.defer("a", 5000);
    await pacer.schedule("a", async () => undefined);
    expect(clock.sleeps.some((ms) => ms >= 4900)).toBe(true);
  });

  it("keeps going after a task fails, and counts block streaks per store", async () => {
    const pacer = createPacer({ minIntervalMs: 0, clock: createVirtualClock() });
    await expect(pacer.schedule("a", () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    await expect(pacer.schedule("a", async () => "next")).resolves.toBe("next");

    expect(pacer.recordBlock("a")).toBe(1);
    expect(pacer.recordBlock("a")).toBe(2);
    expect(pacer.blockStreak("b")).toBe(0);
    pacer.recordSuccess("a");
    expect(pacer.blockStreak("a")).toBe(0);
  });

  it("treats www. and the bare domain as one store", () => {
    expect(pacerKeyForDomain("WWW.Shop.com.")).toBe(pacerKeyForDomain("shop.com"));
  });
});
