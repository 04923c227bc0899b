import { expect, it } from "vitest";
import { spawnWorker } from "@/testing/spawn-worker";

// A main thread that spins (a dead engine retried forever) answers nothing and never exits by
// itself: the watchdog thread must end the process, with one line in the log saying why.
it("kills a process whose event loop stays blocked, with one log line", async () => {
  const started = Date.now();
  const stalled = spawnWorker("testing/stalling-process.ts", { STALL_SECONDS: "1", NODE_ENV: "production" });
  const timer = setTimeout(() => stalled.child.kill("SIGKILL"), 20_000);
  await stalled.exited;
  clearTimeout(timer);

  expect(stalled.output()).toContain("spinning");
  expect(stalled.child.signalCode).toBe("SIGKILL");
  expect(Date.now() - started).toBeLessThan(15_000);
  const lines = stalled.errors().trim().split("\n");
  expect(lines).toHaveLength(1);
  expect(JSON.parse(lines[0]!)).toMatchObject({ level: "error", msg: expect.stringMatching(/event loop blocked for over 1 s/) });
  expect(JSON.parse(lines[0]!).time).toMatch(/^\d{4}-\d\d-\d\dT/);
});

it("leaves a process whose event loop turns alone", { timeout: 15_000 }, async () => {
  const healthy = spawnWorker("testing/stalling-process.ts", { STALL_SECONDS: "2", SPIN: "no", NODE_ENV: "production" });
  await new Promise((resolve) => setTimeout(resolve, 5000));
  expect(healthy.child.exitCode).toBeNull();
  expect(healthy.child.signalCode).toBeNull();
  healthy.child.kill("SIGKILL");
  await healthy.exited;
  expect(healthy.errors()).toBe("");
});
