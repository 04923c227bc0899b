import { describe, expect, it } from "vitest";
import { interpretResponse, type CallResponse } from "./call";
import type { ClaimedItem } from "./claim";
import { parseDurationMs, wakeTime } from "./duration";
import { evaluateCondition, UnsupportedExpressionError } from "./expression";
import { concurrencyKeyOf, describeFunction, type FunctionInfo } from "./functions";
import type { StoredEvent } from "./protocol";

const event: StoredEvent = { id: "e1", name: "t/x", data: { userId: "u1", nested: { n: 2 } }, ts: 0 };
const item = (attempt: number): ClaimedItem => ({
  id: 1,
  runId: "r",
  stepId: "step",
  kind: "call",
  attempt,
  leaseToken: "t",
  leaseLosses: 0,
});
const fn: FunctionInfo = { id: "app-fn", maxAttempts: 3, eventTriggers: [], crons: [] };
const response = (status: number, body: unknown, headers: Partial<CallResponse> = {}): CallResponse => ({
  status,
  body,
  noRetry: false,
  retryAfter: null,
  ...headers,
});

describe("durations", () => {
  it("parses Go-style durations and ISO dates", () => {
    expect(parseDurationMs("1h30m")).toBe(5_400_000);
    expect(parseDurationMs("250ms")).toBe(250);
    expect(parseDurationMs("soon")).toBeUndefined();
    expect(wakeTime("2s", 1000)).toBe(3000);
    expect(wakeTime("2030-01-01T00:00:00.000Z")).toBe(Date.parse("2030-01-01T00:00:00.000Z"));
    expect(() => wakeTime("later")).toThrow();
  });
});

describe("expressions and keys", () => {
  it("evaluates the onFailure trigger and simple conditions", () => {
    const failed = { event: { data: { function_id: "app-fn" } } };
    expect(evaluateCondition("event.data.function_id == 'app-fn'", failed)).toBe(true);
    expect(evaluateCondition("event.data.function_id == 'other'", failed)).toBe(false);
    expect(evaluateCondition("event.data.function_id != 'other' && event.data.function_id == \"app-fn\"", failed)).toBe(true);
    expect(() => evaluateCondition("event.data.n > 1", failed)).toThrow(UnsupportedExpressionError);
  });

  it("scopes concurrency keys to the function unless env/account", () => {
    const limited = describeFunction(
      { id: "app-fn", triggers: [], steps: {}, concurrency: [{ key: "event.data.userId", limit: 2 }] },
      () => {},
    );
    expect(concurrencyKeyOf(limited, event)).toBe('fn:app-fn:event.data.userId="u1"');
    expect(concurrencyKeyOf({ ...limited, concurrency: { limit: 1, key: "event.data.nested.n", scope: "env" } }, event)).toBe(
      "env:event.data.nested.n=2",
    );
    expect(concurrencyKeyOf({ ...limited, concurrency: undefined }, event)).toBeNull();
  });

  it("derives max attempts from retries (server default 4 retries)", () => {
    const base = { id: "f", triggers: [], steps: { step: {} } };
    expect(describeFunction(base, () => {}).maxAttempts).toBe(5);
    expect(describeFunction({ ...base, steps: { step: { retries: { attempts: 0 } } } }, () => {}).maxAttempts).toBe(1);
    expect(describeFunction({ ...base, steps: { step: { retries: { attempts: 99 } } } }, () => {}).maxAttempts).toBe(21);
  });
});

describe("interpretResponse", () => {
  const backoff = (attempt: number) => 100 * (attempt + 1);
  const stepError = [{ op: "StepError", id: "h1", displayName: "s", error: { message: "boom" } }];

  it("retries a StepError while attempts remain, honoring retry-after", () => {
    expect(interpretResponse(response(206, stepError), item(0), fn, backoff)).toMatchObject({ type: "retry", delayMs: 100 });
    expect(interpretResponse(response(206, stepError, { retryAfter: "2" }), item(1), fn, backoff)).toMatchObject({ delayMs: 2000 });
  });

  it("memoises the error when exhausted or no-retry (StepError and StepFailed are both 206)", () => {
    const saved = { type: "ops", saves: [{ hashedId: "h1", result: { error: { message: "boom" } }, op: "StepFailed" }] };
    expect(interpretResponse(response(206, stepError), item(2), fn, backoff)).toMatchObject(saved);
    expect(interpretResponse(response(206, stepError, { noRetry: true }), item(0), fn, backoff)).toMatchObject(saved);
  });

  it("wraps step data, plans parallel steps and reads the sleep duration from op.name", () => {
    const outcome = interpretResponse(
      response(206, [
        { op: "StepPlanned", id: "p1" },
        { op: "StepPlanned", id: "p2" },
        { op: "Sleep", id: "z", name: "1m" },
      ]),
      item(0),
      fn,
      backoff,
      0,
    );
    expect(outcome).toMatchObject({ type: "ops", planned: ["p1", "p2"], sleeps: [{ hashedId: "z", wakeAt: 60_000 }], parallel: true });
    expect(interpretResponse(response(206, [{ op: "StepRun", id: "a" }]), item(0), fn, backoff)).toMatchObject({
      saves: [{ hashedId: "a", result: { data: null } }],
    });
  });

  it("ends the run on 200, fails on a no-retry error, and rejects unsupported ops", () => {
    expect(interpretResponse(response(200, null), item(0), fn, backoff)).toEqual({ type: "completed", output: null });
    expect(interpretResponse(response(400, { message: "x" }, { noRetry: true }), item(0), fn, backoff)).toMatchObject({ type: "failed" });
    expect(interpretResponse(response(500, { message: "x" }), item(0), fn, backoff)).toMatchObject({ type: "retry" });
    expect(interpretResponse(response(206, [{ op: "WaitForEvent", id: "w" }]), item(0), fn, backoff)).toMatchObject({
      type: "failed",
      error: { message: expect.stringContaining("WaitForEvent") },
    });
  });
});
