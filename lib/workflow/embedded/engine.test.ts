import { sql } from "drizzle-orm";
import { afterAll, expect, it } from "vitest";
import { getDb } from "@/db";
import { inngest } from "@/lib/workflow/client";
import { sendEvent, startWorkflowEngine, type WorkflowEngine } from "@/lib/workflow/engine";
import { findGlobalExecutor } from "./global";
import { quietLogger } from "./logger";
import { rows } from "./sql";

// The app's own client and engine entry point, in embedded mode (no Inngest keys in tests).
const relay = inngest.createFunction({ id: "test-relay", triggers: [{ event: "test/relay" }] }, async ({ event, step }) => {
  // step.sendEvent goes through the client's late-bound fetch to the executor on globalThis.
  await step.sendEvent("forward", { name: "test/relayed", data: { n: event.data.n } });
  return "relayed";
});
const relayed = inngest.createFunction({ id: "test-relayed", triggers: [{ event: "test/relayed" }] }, async ({ event, step }) =>
  step.run("double", () => (event.data.n as number) * 2),
);

// Each run's step waits until every run's step has started, as pipeline steps wait for their
// own store's pacing turn: they finish only if the worker runs all of them at once.
const WAITING_RUNS = 40;
let started = 0;
let allStarted: () => void = () => {};
const everyoneStarted = new Promise<void>((resolve) => (allStarted = resolve));
const waitsForOthers = inngest.createFunction({ id: "test-waits-for-others", triggers: [{ event: "test/wait" }] }, async ({ step }) =>
  step.run("wait-turn", async () => {
    started += 1;
    if (started === WAITING_RUNS) allStarted();
    await everyoneStarted;

    return "done";
  }),
);

let engine: WorkflowEngine | undefined;
afterAll(() => {
  allStarted(); // a failed run of the test below must not leave its steps waiting forever
  return engine?.stop();
});

it("startWorkflowEngine runs the app client's functions; sendEvent returns the run ids", async () => {
  engine = await startWorkflowEngine({ functions: [relay, relayed], pollMs: 20, log: quietLogger() });
  expect(engine.kind).toBe("embedded");
  expect(findGlobalExecutor()).toBe(engine.executor);

  const { eventIds, runIds } = await sendEvent({ name: "test/relay", data: { n: 21 } });
  expect(eventIds).toHaveLength(1);
  expect(runIds).toHaveLength(1);
  const executor = engine.executor!;
  expect((await executor.waitForRun(runIds[0]!)).output).toBe("relayed");

  // The relayed run was created by step.sendEvent → client fetch (late-bound) → the global executor.
  const [forward] = await executor.listSteps(runIds[0]!);
  expect(forward).toMatchObject({ name: "forward", result: { data: { ids: [expect.any(String)] } } });
  const [row] = await rows<{ run_id: string }>(getDb(), sql`select run_id from workflow_runs where fn_id = 'storelens-test-relayed'`);
  expect((await executor.waitForRun(row!.run_id)).output).toBe(42);

  await engine.stop();
  expect(findGlobalExecutor()).toBeUndefined();
  await expect(sendEvent({ name: "test/relay", data: { n: 1 } })).rejects.toThrow(/not running/);
});

it("the app's engine runs steps of many jobs at once: steps that wait hold up no one else", async () => {
  engine = await startWorkflowEngine({ functions: [waitsForOthers], pollMs: 20, log: quietLogger() });
  const { runIds } = await sendEvent(Array.from({ length: WAITING_RUNS }, () => ({ name: "test/wait", data: {} })));
  expect(runIds).toHaveLength(WAITING_RUNS);
  const ended = await Promise.all(runIds.map((runId) => engine!.executor!.waitForRun(runId, { timeoutMs: 15_000 })));
  expect(ended.map((run) => run.output)).toEqual(runIds.map(() => "done"));
  await engine.stop();
});
