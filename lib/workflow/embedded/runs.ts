import { sql } from "drizzle-orm";
import { concurrencyKeyOf, matchesTrigger, type FunctionInfo } from "./functions";
import { newId } from "./ids";
import type { EventInput, StepResult, StoredEvent } from "./protocol";
import { jsonb, rows, type Db } from "./sql";

export type RunStatus = "running" | "completed" | "failed" | "cancelled";

export type RunRecord = {
  runId: string;
  fnId: string;
  status: RunStatus;
  event: StoredEvent;
  events: StoredEvent[];
  output: unknown;
  error: unknown;
  concurrencyKey: string | null;
  disableImmediateExecution: boolean;
  createdAt: Date;
  endedAt: Date | null;
};

export type StepRecord = {
  hashedId: string;
  name: string | null;
  op: string | null;
  result: StepResult;
  attempts: number;
  createdAt: Date;
};

/** A run created by ingestion: which event started which function's run. */
export type CreatedRun = { eventId: string; runId: string; fnId: string; duplicate?: boolean };

export function normalizeEvent(input: EventInput): StoredEvent {
  if (!input.name) throw new Error("an event needs a name");

  return { ...input, id: input.id ?? newId(), name: input.name, data: input.data ?? {}, ts: input.ts ?? Date.now() };
}

/**
 * Inserts a run and its first call request (discovery, stepId "step"). An event whose id
 * already started a run of this function starts no second one (Inngest de-duplicates event
 * ids the same way): the existing run's id is returned with `duplicate`.
 */
export async function insertRun(tx: Db, fn: FunctionInfo, events: StoredEvent[]): Promise<{ runId: string; duplicate: boolean }> {
  const runId = newId();
  const [event] = events;
  if (!event) throw new Error("a run needs at least one event");
  const inserted = await rows<{ run_id: string }>(
    tx,
    sql`insert into workflow_runs (run_id, fn_id, event_id, event, events, concurrency_key, concurrency_limit)
        values (${runId}, ${fn.id}, ${event.id}, ${jsonb(event)}, ${jsonb(events)}, ${concurrencyKeyOf(fn, event)},
                ${fn.concurrency?.limit ?? null})
        on conflict (fn_id, event_id) do nothing
        returning run_id`,
  );
  if (inserted.length === 0) {
    const [existing] = await rows<{ run_id: string }>(
      tx,
      sql`select run_id from workflow_runs where fn_id = ${fn.id} and event_id = ${event.id}`,
    );
    if (!existing) throw new Error(`run for event ${event.id} of ${fn.id} vanished`);

    return { runId: existing.run_id, duplicate: true };
  }
  await rows(tx, sql`insert into workflow_queue (run_id) values (${runId})`);

  return { runId, duplicate: false };
}

/** Event ingestion (what `POST /e/:key` does on the Inngest server): one run per matching function and event id. */
export async function createRunsForEvents(
  tx: Db,
  functions: Iterable<FunctionInfo>,
  events: StoredEvent[],
  warn: (message: string) => void,
): Promise<CreatedRun[]> {
  const created: CreatedRun[] = [];
  const fns = [...functions];
  for (const event of events) {
    for (const fn of fns) {
      if (!matchesTrigger(fn, event, warn)) continue;
      const { runId, duplicate } = await insertRun(tx, fn, [event]);
      created.push({ eventId: event.id, runId, fnId: fn.id, ...(duplicate ? { duplicate } : {}) });
    }
  }

  return created;
}

type RunRow = {
  run_id: string;
  fn_id: string;
  status: RunStatus;
  event: StoredEvent;
  events: StoredEvent[];
  output: unknown;
  error: unknown;
  concurrency_key: string | null;
  disable_immediate_execution: boolean;
  created_at: Date | string;
  ended_at: Date | string | null;
};

const toDate = (value: Date | string): Date => (value instanceof Date ? value : new Date(value));

export async function findRun(db: Db, runId: string): Promise<RunRecord | undefined> {
  const [row] = await rows<RunRow>(db, sql`select * from workflow_runs where run_id = ${runId}`);
  if (!row) return undefined;

  return {
    runId: row.run_id,
    fnId: row.fn_id,
    status: row.status,
    event: row.event,
    events: row.events,
    output: row.output,
    error: row.error,
    concurrencyKey: row.concurrency_key,
    disableImmediateExecution: row.disable_immediate_execution,
    createdAt: toDate(row.created_at),
    endedAt: row.ended_at === null ? null : toDate(row.ended_at),
  };
}

/** Memoised steps in completion order (the order of `ctx.stack`). */
export async function listSteps(db: Db, runId: string): Promise<StepRecord[]> {
  const found = await rows<{
    hashed_id: string;
    name: string | null;
    op: string | null;
    result: StepResult;
    attempts: number;
    created_at: Date | string;
  }>(db, sql`select hashed_id, name, op, result, attempts, created_at from workflow_steps where run_id = ${runId} order by seq`);

  return found.map((r) => ({
    hashedId: r.hashed_id,
    name: r.name,
    op: r.op,
    result: r.result,
    attempts: Number(r.attempts),
    createdAt: toDate(r.created_at),
  }));
}
