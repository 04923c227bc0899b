import { NonRetriableError, RetryAfterError } from "inngest";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { rows } from "./sql";
import { createTestClient, createTestExecutor, waitFor } from "@/testing/workflow/harness";

const inngest = createTestClient("t-exec");
const effects: string[] = [];
const count = (line: string) => effects.filter((e) => e === line).length;
const attemptTimes: number[] = [];
let backoffCalls: number[] = [];

const memo = inngest.createFunction({ id: "memo", triggers: [{ event: "t/memo" }] }, async ({ event, step }) => {
  effects.push(`memo body ${event.data.tag}`);
  const a = await step.run("one", () => {
    effects.push(`memo one ${event.data.tag}`);
    return { n: 1, at: new Date(0) };
  });
  const b = await step.run("two", () => {
    effects.push(`memo two ${event.data.tag}`);
    return a.n + 1;
  });
  // A step returning an object shaped like {error} must still be data (results are stored wrapped).
  const c = await step.run("three", () => {
    effects.push(`memo three ${event.data.tag}`);
    return { error: "not really" };
  });
  return { a, b, c };
});

const flaky = inngest.createFunction({ id: "flaky", retries: 4, triggers: [{ event: "t/flaky" }] }, async ({ step }) =>
  step.run("flaky-real", () => {
    effects.push("flaky attempt");
    if (count("flaky attempt") < 3) throw new Error(`transient ${count("flaky attempt")}`);
    return "ok after retries";
  }),
);

const retryAfter = inngest.createFunction({ id: "retry-after", retries: 1, triggers: [{ event: "t/retry-after" }] }, async ({ step }) =>
  step.run("rate-limited", () => {
    attemptTimes.push(Date.now());
    if (attemptTimes.length === 1) throw new RetryAfterError("slow down", "1s");
    return "served";
  }),
);

const exhausted = inngest.createFunction({ id: "exhausted", retries: 2, triggers: [{ event: "t/exhausted" }] }, async ({ step }) => {
  try {
    await step.run("always-fails", () => {
      effects.push("always-fails attempt");
      throw new Error("still broken");
    });
    return "unreachable";
  } catch (error) {
    return step.run("compensate", () => `compensated: ${(error as Error).message}`);
  }
});

const nonRetriable = inngest.createFunction(
  { id: "non-retriable", retries: 5, triggers: [{ event: "t/nonretriable" }] },
  async ({ step }) => {
    try {
      await step.run("hard", () => {
        effects.push("hard attempt");
        throw new NonRetriableError("do not retry me");
      });
    } catch (error) {
      return `caught ${(error as Error).message}`;
    }
  },
);

const failing = inngest.createFunction(
  {
    id: "failing",
    retries: 1,
    triggers: [{ event: "t/failing" }],
    onFailure: async ({ event, error }) => {
      effects.push(`onFailure ${error.message} for ${event.data.function_id} run ${event.data.run_id}`);
      return { original: event.data.event.data };
    },
  },
  async ({ attempt }) => {
    effects.push(`failing attempt ${attempt}`);
    throw new Error("function-level boom");
  },
);

const parallel = inngest.createFunction({ id: "parallel", triggers: [{ event: "t/parallel" }] }, async ({ step }) => {
  const results = await Promise.all(
    ["a", "b", "c"].map((x) =>
      step.run(`par-${x}`, () => {
        effects.push(`par ${x}`);
        return x.toUpperCase();
      }),
    ),
  );
  const after = await step.run("after-par", () => results.join(""));
  return after;
});

const sender = inngest.createFunction({ id: "sender", triggers: [{ event: "t/send" }] }, async ({ event, step }) => {
  await step.sendEvent("fan-out", { name: "t/received", data: { from: event.data.tag } });
  return "sent";
});

const receiver = inngest.createFunction({ id: "receiver", triggers: [{ event: "t/received" }] }, async ({ event, step }) =>
  step.run("receive", () => `received from ${event.data.from}`),
);

const sleeper = inngest.createFunction({ id: "sleeper", triggers: [{ event: "t/sleep" }] }, async ({ step }) => {
  const before = await step.run("before", () => Date.now());
  await step.sleep("nap", "1s");
  const after = await step.run("after", () => Date.now());
  return { slept: after - before };
});

const child = inngest.createFunction({ id: "child", triggers: [{ event: "t/child" }] }, async ({ event, step }) =>
  step.run("double", () => (event.data.n as number) * 2),
);

const parent = inngest.createFunction({ id: "parent", triggers: [{ event: "t/parent" }] }, async ({ step }) => {
  const doubled = await step.invoke("call-child", { function: child, data: { n: 21 } });
  return { doubled };
});

const executor = createTestExecutor(
  inngest,
  [memo, flaky, retryAfter, exhausted, nonRetriable, failing, parallel, sender, receiver, sleeper, child, parent],
  {
    backoffMs: (attempt) => {
      backoffCalls.push(attempt);
      return 20;
    },
  },
);

beforeAll(() => executor.start());
afterAll(() => executor.stop());

async function runOf(event: { name: string; data?: Record<string, unknown> }) {
  const { runIds } = await executor.send(event);
  expect(runIds).toHaveLength(1);

  return executor.waitForRun(runIds[0]!);
}

async function runsOfFunction(fnId: string) {
  return rows<{ run_id: string; status: string; event: { name: string; data: Record<string, unknown> }; output: unknown }>(
    getDb(),
    sql`select run_id, status, event, output from workflow_runs where fn_id = ${fnId} order by created_at`,
  );
}

describe("embedded executor", () => {
  it("memoizes steps: each side effect happens once although the body replays", async () => {
    const run = await runOf({ name: "t/memo", data: { tag: "m1" } });
    expect(run.status).toBe("completed");
    expect(run.output).toEqual({ a: { n: 1, at: "1970-01-01T00:00:00.000Z" }, b: 2, c: { error: "not really" } });
    expect([count("memo one m1"), count("memo two m1"), count("memo three m1")]).toEqual([1, 1, 1]);
    expect(count("memo body m1")).toBeGreaterThanOrEqual(4); // N steps = N+1 call requests, each replaying
    const steps = await executor.listSteps(run.runId);
    expect(steps.map((s) => s.name)).toEqual(["one", "two", "three"]);
    expect(steps[2]!.result).toEqual({ data: { error: "not really" } });
  });

  it("retries a failing step with backoff, then succeeds (per-step attempt count)", async () => {
    backoffCalls = [];
    const run = await runOf({ name: "t/flaky" });
    expect(run.status).toBe("completed");
    expect(run.output).toBe("ok after retries");
    expect(count("flaky attempt")).toBe(3);
    expect(backoffCalls).toEqual([0, 1]);
    const steps = await executor.listSteps(run.runId);
    expect(steps.find((s) => s.name === "flaky-real")?.attempts).toBe(3);
  });

  it("honors retry-after instead of the backoff", async () => {
    backoffCalls = [];
    const run = await runOf({ name: "t/retry-after" });
    expect(run.output).toBe("served");
    expect(attemptTimes).toHaveLength(2);
    expect(backoffCalls).toEqual([]);
    expect(attemptTimes[1]! - attemptTimes[0]!).toBeGreaterThanOrEqual(900); // a lower bound only
  });

  it("memoizes an exhausted step as an error that user code can catch", async () => {
    const run = await runOf({ name: "t/exhausted" });
    expect(run.status).toBe("completed");
    expect(run.output).toBe("compensated: still broken");
    expect(count("always-fails attempt")).toBe(3); // retries: 2 → 3 attempts
    const steps = await executor.listSteps(run.runId);
    expect(steps[0]).toMatchObject({ name: "always-fails", op: "StepFailed", result: { error: { message: "still broken" } } });
  });

  it("does not retry a NonRetriableError", async () => {
    const run = await runOf({ name: "t/nonretriable" });
    expect(run.output).toBe("caught do not retry me");
    expect(count("hard attempt")).toBe(1);
  });

  it("fails the run after retries + 1 attempts and runs onFailure with inngest/function.failed", async () => {
    const run = await runOf({ name: "t/failing", data: { job: 7 } });
    expect(run.status).toBe("failed");
    expect(run.error).toMatchObject({ message: "function-level boom" });
    expect(effects.filter((e) => e.startsWith("failing attempt"))).toEqual(["failing attempt 0", "failing attempt 1"]);

    const [failure] = await waitFor(
      async () => {
        const found = await runsOfFunction("t-exec-failing-failure");
        return found.length > 0 && found.every((r) => r.status !== "running") ? found : undefined;
      },
      { what: "the onFailure run" },
    );
    expect(failure).toMatchObject({ status: "completed", output: { original: { job: 7 } } });
    expect(failure!.event).toMatchObject({
      name: "inngest/function.failed",
      data: { function_id: "t-exec-failing", run_id: run.runId, error: { message: "function-level boom" } },
    });
    expect(count(`onFailure function-level boom for t-exec-failing run ${run.runId}`)).toBe(1);
  });

  it("runs parallel steps each once, then continues", async () => {
    const run = await runOf({ name: "t/parallel" });
    expect(run.output).toBe("ABC");
    expect([count("par a"), count("par b"), count("par c")]).toEqual([1, 1, 1]);
    expect(run.disableImmediateExecution).toBe(true);
    expect((await executor.listSteps(run.runId)).map((s) => s.name).sort()).toEqual(["after-par", "par-a", "par-b", "par-c"]);
  });

  it("step.sendEvent starts another function's run", async () => {
    const run = await runOf({ name: "t/send", data: { tag: "s1" } });
    expect(run.output).toBe("sent");
    const received = await waitFor(
      async () => {
        const found = (await runsOfFunction("t-exec-receiver")).find((r) => r.event.data.from === "s1");
        return found?.status === "completed" ? found : undefined;
      },
      { what: "the receiver run" },
    );
    expect(received.output).toBe("received from s1");
  });

  it("sleeps with step.sleep and resumes after the timer", async () => {
    const run = await runOf({ name: "t/sleep" });
    expect(run.status).toBe("completed");
    expect((run.output as { slept: number }).slept).toBeGreaterThanOrEqual(900);
    const steps = await executor.listSteps(run.runId);
    expect(steps.map((s) => s.op)).toEqual(["StepRun", "Sleep", "StepRun"]);
  });

  it("step.invoke runs the child function and returns its output", async () => {
    const run = await runOf({ name: "t/parent" });
    expect(run.status).toBe("completed");
    expect(run.output).toEqual({ doubled: 42 });
  });

  it("send returns the run ids it created, and none for an event nobody listens to", async () => {
    const result = await executor.send([{ name: "t/nobody" }, { name: "t/memo", data: { tag: "ids" }, id: "evt-fixed" }]);
    expect(result.eventIds[1]).toBe("evt-fixed");
    expect(result.runs).toEqual([{ eventId: "evt-fixed", runId: result.runIds[0], fnId: "t-exec-memo" }]);
    await executor.waitForRun(result.runIds[0]!);
  });
});
