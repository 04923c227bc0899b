import { sql } from "drizzle-orm";
import { bigserial, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

// State of the embedded durable executor (lib/workflow/embedded). Inngest Cloud keeps the same
// state on its side; these tables are unused when the engine is "inngest".

export const workflowRuns = pgTable(
  "workflow_runs",
  {
    runId: text().primaryKey(),
    fnId: text().notNull(),
    /** The triggering event's id: a second event with the same id starts no second run (as Inngest). */
    eventId: text(),
    event: jsonb().notNull(),
    events: jsonb().notNull(),
    status: text({ enum: ["running", "completed", "failed", "cancelled"] })
      .notNull()
      .default("running"),
    concurrencyKey: text(),
    concurrencyLimit: integer(),
    /** ctx.disable_immediate_execution: sticky once the run has gone parallel. */
    disableImmediateExecution: boolean().notNull().default(false),
    output: jsonb(),
    error: jsonb(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.status, t.createdAt), uniqueIndex().on(t.fnId, t.eventId)],
);

/** Memoized step results: the durable state a resumed run replays from. */
export const workflowSteps = pgTable(
  "workflow_steps",
  {
    runId: text()
      .notNull()
      .references(() => workflowRuns.runId, { onDelete: "cascade" }),
    hashedId: text().notNull(),
    seq: bigserial({ mode: "number" }).notNull(),
    /** Always wrapped: {"data": ...} or {"error": {...}}. */
    result: jsonb().notNull(),
    op: text(),
    name: text(),
    attempts: integer().notNull().default(1),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.runId, t.hashedId] })],
);

/** One row per pending call request, sleep timer, or invoke waiting for its child run (due at its timeout). */
export const workflowQueue = pgTable(
  "workflow_queue",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    runId: text()
      .notNull()
      .references(() => workflowRuns.runId, { onDelete: "cascade" }),
    /** "step" = discovery; otherwise the hashed id of a planned step. */
    stepId: text().notNull().default("step"),
    kind: text({ enum: ["call", "sleep", "invoke"] })
      .notNull()
      .default("call"),
    attempt: integer().notNull().default(0),
    availableAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    leasedBy: text(),
    leasedUntil: timestamp({ withTimezone: true }),
    /**
     * Times a call request was taken over from a worker whose lease expired (it died, or stalled past
     * the lease). At the limit the step is not called again: its run fails (lib/workflow/embedded/claim.ts).
     */
    leaseLosses: integer().notNull().default(0),
  },
  (t) => [
    index().on(t.availableAt),
    index().on(t.runId),
    index()
      .on(t.leasedUntil)
      .where(sql`${t.leasedUntil} is not null`),
  ],
);

/** Cron ticks already fired: de-duplicates ticks across worker processes. */
export const workflowCronTicks = pgTable(
  "workflow_cron_ticks",
  {
    fnId: text().notNull(),
    scheduledAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.fnId, t.scheduledAt] })],
);
