import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { getDb } from "@/db";
import { currentStepSignal } from "@/lib/workflow/step-signal";
import { rows } from "./sql";
import { createTestClient, createTestExecutor, pause, waitFor } from "@/testing/workflow/harness";

// A worker whose lease on a running step is taken (it stalled past the lease and another
// worker claimed the step) must stop that step, not keep working on someone else's behalf.

const inngest = createTestClient("t-lease");
const effects: string[] = [];
const long = inngest.createFunction({ id: "long", retries: 0, triggers: [{ event: "t/long" }] }, async ({ step }) =>
  step.run("crawl", async () => {
    const signal = currentStepSignal();
    effects.push(`started signal=${signal ? "yes" : "no"}`);
    await new Promise<void>((resolve) => {
      if (!signal) return resolve();
      signal.addEventListener("abort", () => resolve(), { once: true });
      setTimeout(resolve, 20_000).unref();
    });
    effects.push(signal?.aborted ? "stopped: lease lost" : "finished");

    return "done";
  }),
);
const executor = createTestExecutor(inngest, [long], { leaseMs: 600 });

beforeAll(() => executor.start());
afterAll(() => executor.stop());

it("aborts the step's signal when the lease is lost, and discards its result", async () => {
  const { runIds } = await executor.send({ name: "t/long" });
  const runId = runIds[0]!;
  await waitFor(() => effects.some((e) => e.startsWith("started")), { timeoutMs: 10_000, what: "the step to start" });
  expect(effects[0]).toBe("started signal=yes");

  // Another worker takes the item over.
  await rows(getDb(), sql`update workflow_queue set leased_by = 'other-worker#1' where run_id = ${runId} and leased_by is not null`);

  await waitFor(() => effects.includes("stopped: lease lost"), { timeoutMs: 10_000, what: "the step to stop" });
  // Nothing was memoised from the stopped call (give the executor time to try).
  await pause(300);
  const saved = await rows<{ n: number }>(getDb(), sql`select count(*)::int as n from workflow_steps where run_id = ${runId}`);
  expect(saved[0]!.n).toBe(0);
});
