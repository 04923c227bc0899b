import { parseRetryAfter } from "@/lib/http/backoff";
import type { Backoff } from "./backoff";
import type { ClaimedItem } from "./claim";
import { parseDurationMs, wakeTime } from "./duration";
import type { FunctionInfo } from "./functions";
import type { CallRequestBody, Op, ServeHandler, StepResult } from "./protocol";
import type { RunRecord, StepRecord } from "./runs";

/** A step result to memoise. */
export type StepSave = { hashedId: string; result: StepResult; op: string; name?: string };

/** What to do after one call request — applied to the database in one transaction. */
export type Outcome =
  | { type: "completed"; output: unknown }
  | { type: "failed"; error: unknown }
  | { type: "retry"; delayMs: number; error: unknown; stepName?: string }
  | {
      type: "ops";
      saves: StepSave[];
      planned: string[];
      sleeps: Array<{ hashedId: string; wakeAt: number }>;
      invokes: Array<{ hashedId: string; functionId: string; data: unknown; timeoutAt?: number }>;
      /** >1 op in one response: the run went parallel (sticky disable_immediate_execution). */
      parallel: boolean;
    };

export function buildCallRequest(run: RunRecord, steps: StepRecord[], item: ClaimedItem, fn: FunctionInfo): CallRequestBody {
  const stack = steps.map((s) => s.hashedId);

  return {
    event: run.event,
    events: run.events,
    steps: Object.fromEntries(steps.map((s) => [s.hashedId, s.result])),
    ctx: {
      run_id: run.runId,
      attempt: item.attempt,
      max_attempts: fn.maxAttempts,
      disable_immediate_execution: run.disableImmediateExecution,
      use_api: false,
      stack: { stack, current: Math.max(stack.length - 1, 0) },
    },
    version: 2,
  };
}

export type CallResponse = { status: number; noRetry: boolean; retryAfter: string | null; body: unknown };

/** POST `<serveUrl>?fnId=…&stepId=…` to the SDK handler in-process; transport errors become a 500. */
export async function sendCallRequest(
  handler: ServeHandler,
  serveUrl: string,
  fnId: string,
  stepId: string,
  body: CallRequestBody,
): Promise<CallResponse> {
  const url = new URL(serveUrl);
  url.searchParams.set("fnId", fnId);
  url.searchParams.set("stepId", stepId);
  try {
    const response = await handler.POST(
      new Request(url, {
        method: "POST",
        body: JSON.stringify(body),
        headers: { "content-type": "application/json", "x-inngest-req-version": "2" },
      }),
    );
    const text = await response.text();
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = { name: "Error", message: text };
    }

    return {
      status: response.status,
      noRetry: response.headers.get("x-inngest-no-retry") === "true",
      retryAfter: response.headers.get("retry-after"),
      body: parsed,
    };
  } catch (error) {
    const e = error instanceof Error ? error : new Error(String(error));

    return { status: 500, noRetry: false, retryAfter: null, body: { name: e.name, message: e.message, stack: e.stack } };
  }
}

const UNSUPPORTED_OPS = new Set(["WaitForEvent", "WaitForSignal", "AIGateway", "Gateway", "DeferAdd", "DeferAbort"]);

/**
 * Turns an SDK response into an Outcome, with the Go executor's semantics:
 * - 200 = function returned. 206 = ops (StepError and StepFailed are BOTH 206, so decide
 *   from `op`, `x-inngest-no-retry` and the attempt count, never from the status alone).
 * - Other status = error outside a step: retry the same item unless no-retry/exhausted.
 * - A retriable StepError re-runs the SAME queue item with attempt+1 (per-step budget);
 *   when exhausted it is memoised as `{error}` so the SDK throws at the `step.run` call site.
 */
export function interpretResponse(
  response: CallResponse,
  item: ClaimedItem,
  fn: FunctionInfo,
  backoff: Backoff,
  now = Date.now(),
): Outcome {
  const retriesLeft = !response.noRetry && item.attempt + 1 < fn.maxAttempts;
  const delay = () => parseRetryAfter(response.retryAfter, now) ?? backoff(item.attempt);

  if (response.status === 200) return { type: "completed", output: response.body ?? null };
  if (response.status !== 206) {
    return retriesLeft ? { type: "retry", delayMs: delay(), error: response.body } : { type: "failed", error: response.body };
  }

  const ops = (Array.isArray(response.body) ? response.body : [response.body]) as Op[];
  const outcome: Extract<Outcome, { type: "ops" }> = {
    type: "ops",
    saves: [],
    planned: [],
    sleeps: [],
    invokes: [],
    parallel: ops.length > 1,
  };
  for (const op of ops) {
    const name = op.displayName ?? op.name;
    switch (op.op) {
      case "StepRun":
        outcome.saves.push({ hashedId: op.id, result: { data: op.data ?? null }, op: op.op, name });
        break;
      case "StepError":
        if (retriesLeft) return { type: "retry", delayMs: delay(), error: op.error, stepName: name };
        outcome.saves.push({ hashedId: op.id, result: { error: op.error ?? null }, op: "StepFailed", name });
        break;
      case "StepFailed":
        outcome.saves.push({ hashedId: op.id, result: { error: op.error ?? null }, op: op.op, name });
        break;
      case "StepPlanned":
        outcome.planned.push(op.id);
        break;
      case "Sleep": // the duration (or ISO date for sleepUntil) is in op.name
        outcome.sleeps.push({ hashedId: op.id, wakeAt: wakeTime(String(op.name), now) });
        break;
      case "InvokeFunction": {
        const opts = (op.opts ?? {}) as { function_id?: string; payload?: { data?: unknown }; timeout?: string };
        const timeoutMs = opts.timeout ? parseDurationMs(opts.timeout) : undefined;
        outcome.invokes.push({
          hashedId: op.id,
          functionId: String(opts.function_id),
          data: opts.payload?.data ?? {},
          timeoutAt: timeoutMs === undefined ? undefined : now + timeoutMs,
        });
        break;
      }
      case "RunComplete":
        return { type: "completed", output: op.data ?? null };
      case "StepNotFound": // planned step no longer exists (code changed): discovery runs again
      case "DiscoveryRequest":
        break;
      default:
        return {
          type: "failed",
          error: {
            name: "NonRetriableError",
            message: UNSUPPORTED_OPS.has(op.op)
              ? `step op ${op.op} (${name}) is not supported by the embedded executor`
              : `unknown step op ${op.op}`,
          },
        };
    }
  }

  return outcome;
}
