import { sql } from "drizzle-orm";
import type { ClaimedItem } from "./claim";
import type { Outcome, StepSave } from "./call";
import type { FunctionInfo } from "./functions";
import { newId } from "./ids";
import { FAILED_EVENT, INVOKED_EVENT, type StoredEvent } from "./protocol";
import { createRunsForEvents, insertRun, normalizeEvent, type RunStatus } from "./runs";
import { at, jsonb, nowPlusMs, rows, type Db } from "./sql";

export type ApplyContext = {
  functions: Map<string, FunctionInfo>;
  warn: (message: string) => void;
};

/** How long an invoke without timeout waits (a row must have some due time). */
const INVOKE_NO_TIMEOUT_MS = 366 * 24 * 3600_000;

/** Raised inside the apply transaction so it rolls back: another worker owns the item now. */
export class LeaseLostError extends Error {
  constructor(item: ClaimedItem) {
    super(`lease lost on queue item ${item.id} of run ${item.runId}; its result is discarded`);
    this.name = "LeaseLostError";
  }
}

/** Runs created as a side effect (onFailure, invoke children), for logging. */
export type ApplyResult = { ended?: "completed" | "failed"; createdRuns: string[] };

/**
 * Applies one call request's outcome atomically. The run row is locked first
 * (`FOR UPDATE`) so parallel steps of one run apply one after the other; the item is then
 * released by its lease token — if this worker lost the lease the transaction rolls back
 * and the other worker's attempt counts (at-least-once, never applied twice).
 */
export async function applyOutcome(tx: Db, item: ClaimedItem, outcome: Outcome, ctx: ApplyContext): Promise<ApplyResult> {
  const [run] = await rows<{ status: RunStatus }>(tx, sql`select status from workflow_runs where run_id = ${item.runId} for update`);
  const result: ApplyResult = { createdRuns: [] };

  if (outcome.type === "retry") {
    const updated = await rows(
      tx,
      sql`update workflow_queue set attempt = attempt + 1, leased_by = null, leased_until = null,
            available_at = ${nowPlusMs(outcome.delayMs)}
          where id = ${item.id} and leased_by = ${item.leaseToken} returning id`,
    );
    if (updated.length === 0) throw new LeaseLostError(item);

    return result;
  }

  const released = await rows(tx, sql`delete from workflow_queue where id = ${item.id} and leased_by = ${item.leaseToken} returning id`);
  if (released.length === 0) throw new LeaseLostError(item);
  if (!run || run.status !== "running") return result;

  if (outcome.type === "completed" || outcome.type === "failed") {
    return endRun(tx, item.runId, outcome, ctx);
  }

  await saveSteps(tx, item.runId, outcome.saves, item.attempt + 1);
  if (outcome.parallel) {
    await rows(tx, sql`update workflow_runs set disable_immediate_execution = true where run_id = ${item.runId}`);
  }
  for (const hashedId of outcome.planned) {
    await rows(
      tx,
      sql`insert into workflow_queue (run_id, step_id)
          select ${item.runId}, ${hashedId}
          where not exists (select 1 from workflow_queue where run_id = ${item.runId} and step_id = ${hashedId})
            and not exists (select 1 from workflow_steps where run_id = ${item.runId} and hashed_id = ${hashedId})`,
    );
  }
  for (const sleep of outcome.sleeps) {
    await rows(
      tx,
      sql`insert into workflow_queue (run_id, step_id, kind, available_at) values (${item.runId}, ${sleep.hashedId}, 'sleep', ${at(sleep.wakeAt)})`,
    );
  }
  for (const invoke of outcome.invokes) {
    result.createdRuns.push(await startInvokedRun(tx, item.runId, invoke, ctx));
  }
  await enqueueDiscoveryIfIdle(tx, item.runId);

  return result;
}

/** A sleep's timer fired, or an invoke timed out: memoise and move on. */
export function timerOutcome(item: ClaimedItem): Outcome {
  const result =
    item.kind === "sleep"
      ? { data: null }
      : { error: { name: "InngestInvokeTimeoutError", message: "Timed out waiting for invoked function to complete" } };

  return {
    type: "ops",
    saves: [{ hashedId: item.stepId, result, op: item.kind === "sleep" ? "Sleep" : "InvokeFunction" }],
    planned: [],
    sleeps: [],
    invokes: [],
    parallel: false,
  };
}

async function saveSteps(tx: Db, runId: string, saves: StepSave[], attempts: number): Promise<void> {
  for (const s of saves) {
    await rows(
      tx,
      sql`insert into workflow_steps (run_id, hashed_id, result, op, name, attempts)
          values (${runId}, ${s.hashedId}, ${jsonb(s.result)}, ${s.op}, ${s.name ?? null}, ${attempts})
          on conflict do nothing`,
    );
  }
}

/** Discovery (stepId "step") runs again once nothing else of the run — parallel siblings, timers — is pending. */
async function enqueueDiscoveryIfIdle(tx: Db, runId: string): Promise<void> {
  await rows(
    tx,
    sql`insert into workflow_queue (run_id) select ${runId}
        where not exists (select 1 from workflow_queue where run_id = ${runId})`,
  );
}

async function endRun(
  tx: Db,
  runId: string,
  outcome: { type: "completed"; output: unknown } | { type: "failed"; error: unknown },
  ctx: ApplyContext,
): Promise<ApplyResult> {
  const status = outcome.type;
  const output = outcome.type === "completed" ? outcome.output : null;
  const error = outcome.type === "failed" ? outcome.error : null;
  const [ended] = await rows<{ fn_id: string; event: StoredEvent }>(
    tx,
    sql`update workflow_runs set status = ${status}, output = ${jsonb(output)}, error = ${jsonb(error)}, ended_at = now()
        where run_id = ${runId} returning fn_id, event`,
  );
  await rows(tx, sql`delete from workflow_queue where run_id = ${runId}`);
  const result: ApplyResult = { ended: status, createdRuns: [] };
  if (!ended) return result;

  await resolveInvokingParent(tx, ended.event, outcome.type === "completed" ? { data: output } : { error });

  // onFailure: the SDK registers `<id>-failure`, triggered by inngest/function.failed with
  // `event.data.function_id == '<id>'`. A failure handler's own failure emits nothing (no loops).
  if (status === "failed" && ended.event.name !== FAILED_EVENT) {
    const failed = normalizeEvent({
      name: FAILED_EVENT,
      data: { function_id: ended.fn_id, run_id: runId, error, event: ended.event },
    });
    const created = await createRunsForEvents(tx, ctx.functions.values(), [failed], ctx.warn);
    result.createdRuns.push(...created.map((c) => c.runId));
  }

  return result;
}

type InvokeMeta = { _inngest?: { invoke_correlation_id?: string } };

async function startInvokedRun(
  tx: Db,
  parentRunId: string,
  invoke: { hashedId: string; functionId: string; data: unknown; timeoutAt?: number },
  ctx: ApplyContext,
): Promise<string> {
  const fn = ctx.functions.get(invoke.functionId);
  const waitUntil = invoke.timeoutAt === undefined ? nowPlusMs(INVOKE_NO_TIMEOUT_MS) : at(invoke.timeoutAt);
  if (!fn) {
    await saveSteps(
      tx,
      parentRunId,
      [
        {
          hashedId: invoke.hashedId,
          result: { error: { name: "Error", message: `function ${invoke.functionId} not found` } },
          op: "InvokeFunction",
        },
      ],
      1,
    );

    return "";
  }
  // The parent waits on an 'invoke' row; the child's end (or the timeout) resolves it.
  await rows(
    tx,
    sql`insert into workflow_queue (run_id, step_id, kind, available_at) values (${parentRunId}, ${invoke.hashedId}, 'invoke', ${waitUntil})`,
  );
  const data = { ...(invoke.data as Record<string, unknown>), _inngest: { invoke_correlation_id: `${parentRunId}.${invoke.hashedId}` } };
  const event = normalizeEvent({ name: INVOKED_EVENT, data, id: newId() });

  return (await insertRun(tx, fn, [event])).runId;
}

/** When an invoked run ends, memoise its result on the parent's step and wake the parent. */
async function resolveInvokingParent(tx: Db, childEvent: StoredEvent, result: { data: unknown } | { error: unknown }) {
  const correlation = (childEvent.data as InvokeMeta)._inngest?.invoke_correlation_id;
  if (childEvent.name !== INVOKED_EVENT || !correlation) return;
  const dot = correlation.lastIndexOf(".");
  const parentRunId = correlation.slice(0, dot);
  const hashedId = correlation.slice(dot + 1);
  const [parent] = await rows<{ status: string }>(tx, sql`select status from workflow_runs where run_id = ${parentRunId} for update`);
  if (parent?.status !== "running") return;
  const waiting = await rows(
    tx,
    sql`delete from workflow_queue where run_id = ${parentRunId} and step_id = ${hashedId} and kind = 'invoke' returning id`,
  );
  if (waiting.length === 0) return; // timed out already
  await saveSteps(tx, parentRunId, [{ hashedId, result, op: "InvokeFunction" }], 1);
  await enqueueDiscoveryIfIdle(tx, parentRunId);
}
