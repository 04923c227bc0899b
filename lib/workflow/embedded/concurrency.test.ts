import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestClient, createTestExecutor, pause } from "@/testing/workflow/harness";

type Interval = { key: string; start: number; end: number };
const intervals: Interval[] = [];
const order: string[] = [];

const inngest = createTestClient("t-conc");
const perUser = inngest.createFunction(
  { id: "per-user", concurrency: { key: "event.data.userId", limit: 1 }, triggers: [{ event: "t/user" }] },
  async ({ event, step }) => {
    for (const name of ["work-a", "work-b"]) {
      await step.run(name, async () => {
        const start = Date.now();
        await pause(120);
        intervals.push({ key: `limit1:${event.data.userId}`, start, end: Date.now() });
      });
    }
  },
);
const perUserTwo = inngest.createFunction(
  { id: "per-user-two", concurrency: { key: "event.data.userId", limit: 2 }, triggers: [{ event: "t/user2" }] },
  async ({ event, step }) =>
    step.run("work", async () => {
      const start = Date.now();
      await pause(200);
      intervals.push({ key: `limit2:${event.data.userId}`, start, end: Date.now() });
    }),
);
// The hog key's running step blocks until the test opens the gate, so its backlog cannot
// drain by itself: another key only ever runs if the claim really skips a saturated key.
let openHogGate: () => void = () => {};
const hogGate = new Promise<void>((resolve) => (openHogGate = resolve));
const hog = inngest.createFunction(
  { id: "hog", concurrency: { key: "event.data.userId", limit: 1 }, triggers: [{ event: "t/hog" }] },
  async ({ event, step }) =>
    step.run("work", async () => {
      order.push(event.data.userId as string);
      if (event.data.userId === "hog") await hogGate;
      else await pause(5);
    }),
);
const executor = createTestExecutor(inngest, [perUser, perUserTwo, hog]);

beforeAll(() => executor.start());
afterAll(() => {
  openHogGate();

  return executor.stop();
});

/** Most intervals of `key` running at one instant. */
function maxOverlap(key: string): number {
  const points = intervals
    .filter((i) => i.key === key)
    .flatMap((i) => [
      { t: i.start, d: 1 },
      { t: i.end, d: -1 },
    ])
    .sort((a, b) => a.t - b.t || a.d - b.d); // an end at the same ms as a start is not an overlap
  let now = 0;
  let max = 0;
  for (const p of points) max = Math.max(max, (now += p.d));

  return max;
}

it("never overlaps call requests of one key beyond the limit; other keys run alongside", async () => {
  const { runIds } = await executor.send([
    { name: "t/user", data: { userId: "u1" } },
    { name: "t/user", data: { userId: "u1" } },
    { name: "t/user", data: { userId: "u1" } },
    { name: "t/user", data: { userId: "u2" } },
  ]);
  const runs = await Promise.all(runIds.map((id) => executor.waitForRun(id)));
  expect(runs.map((r) => r.status)).toEqual(["completed", "completed", "completed", "completed"]);
  expect(intervals.filter((i) => i.key === "limit1:u1")).toHaveLength(6);
  expect(maxOverlap("limit1:u1")).toBe(1);
  // u2 was not queued behind u1's six serialized steps.
  const lastU1End = Math.max(...runs.slice(0, 3).map((r) => r.endedAt!.getTime()));
  expect(runs[3]!.endedAt!.getTime()).toBeLessThan(lastU1End);
});

it("allows up to `limit` concurrent call requests of one key", async () => {
  const { runIds } = await executor.send(Array.from({ length: 5 }, () => ({ name: "t/user2", data: { userId: "u9" } })));
  await Promise.all(runIds.map((id) => executor.waitForRun(id)));
  expect(intervals.filter((i) => i.key === "limit2:u9")).toHaveLength(5);
  expect(maxOverlap("limit2:u9")).toBe(2);
});

it("does not let one key's backlog starve other keys", async () => {
  // 100 waiting runs of one key exceed the claim scan window (maxInFlight * 4 + 16 = 80).
  const backlog = await executor.send(Array.from({ length: 100 }, () => ({ name: "t/hog", data: { userId: "hog" } })));
  const other = await executor.send({ name: "t/hog", data: { userId: "other" } });
  // Starvation would leave "other" waiting forever behind the blocked backlog.
  await executor.waitForRun(other.runIds[0]!, { timeoutMs: 20_000 });
  expect(order.filter((u) => u === "hog")).toHaveLength(1); // the backlog is still blocked
  expect(order).toContain("other");
  openHogGate();
  const last = backlog.runIds.at(-1)!;
  await executor.waitForRun(last, { timeoutMs: 60_000 });
  expect(order.filter((u) => u === "hog")).toHaveLength(100);
}, 90_000);
