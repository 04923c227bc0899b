import { afterAll, describe, expect, it } from "vitest";
import { openPostgres, type DatabaseHandle } from "@/db";
import type { EmbeddedExecutor } from "./executor";
import { createTestClient, createTestExecutor, pause } from "@/testing/workflow/harness";

// Several worker processes on one PostgreSQL database, each with its own connection pool.
// (PGlite is one connection in one process, so this only runs with TEST_DATABASE_URL.)
const url = process.env.DATABASE_URL;

describe.skipIf(!url)("two executors on one PostgreSQL database", () => {
  const executions: Array<{ runId: string; step: string; worker: string }> = [];
  const intervals: Array<{ start: number; end: number; worker: string }> = [];
  const handles: DatabaseHandle[] = [];
  const workers: EmbeddedExecutor[] = [];

  // The same app (client id + functions) served by two workers, each labelling what it ran.
  for (const worker of ["A", "B"]) {
    const inngest = createTestClient("t-pg");
    const twoSteps = inngest.createFunction({ id: "two-steps", triggers: [{ event: "t/pg" }] }, async ({ step, runId }) => {
      for (const name of ["s1", "s2"]) {
        await step.run(name, async () => {
          executions.push({ runId, step: name, worker });
          await pause(10);
        });
      }
    });
    const serial = inngest.createFunction(
      { id: "serial", concurrency: { key: "event.data.userId", limit: 1 }, triggers: [{ event: "t/pg-serial" }] },
      async ({ step }) =>
        step.run("work", async () => {
          const start = Date.now();
          await pause(25);
          intervals.push({ start, end: Date.now(), worker });
        }),
    );
    const handle = openPostgres(url!);
    handles.push(handle);
    workers.push(createTestExecutor(inngest, [twoSteps, serial], { database: handle, maxInFlight: 4, pollMs: 10 }));
  }
  const [a, b] = workers as [EmbeddedExecutor, EmbeddedExecutor];

  afterAll(async () => {
    await Promise.all(workers.map((w) => w.stop()));
    await Promise.all(handles.map((h) => h.close()));
  });

  it("never runs the same queue item twice (FOR UPDATE SKIP LOCKED)", async () => {
    await Promise.all([a.start(), b.start()]);
    const { runIds } = await a.send(Array.from({ length: 40 }, (_, i) => ({ name: "t/pg", data: { i } })));
    const runs = await Promise.all(runIds.map((id) => b.waitForRun(id)));
    expect(runs.every((r) => r.status === "completed")).toBe(true);

    const keys = executions.map((e) => `${e.runId}:${e.step}`);
    expect(keys).toHaveLength(80);
    expect(new Set(keys).size).toBe(80);
    expect(new Set(executions.map((e) => e.worker))).toEqual(new Set(["A", "B"])); // both really worked
  });

  it("holds a concurrency limit across workers (advisory lock around count-then-claim)", async () => {
    // More items than one claim scans (maxInFlight * 4 + 16 = 32): both workers then lock
    // disjoint candidate sets of the same key, and only the advisory lock keeps them from
    // both counting "0 executing" and claiming at once.
    const { runIds } = await b.send(Array.from({ length: 48 }, () => ({ name: "t/pg-serial", data: { userId: "same" } })));
    await Promise.all(runIds.map((id) => a.waitForRun(id)));
    const sorted = [...intervals].sort((x, y) => x.start - y.start);
    expect(sorted).toHaveLength(48);
    for (let i = 1; i < sorted.length; i++) expect(sorted[i]!.start).toBeGreaterThanOrEqual(sorted[i - 1]!.end);
  });
});
