/**
 * Shapes of the Inngest HTTP call-request protocol (Inngest's public SDK specification,
 * version 2) as captured from inngest@4.24.0; docs/decisions.md §13.2.
 */

/** What the SDK's serve() returns: Web Request → Response handlers (inngest/next). */
type WebHandler = (request: Request, context?: unknown) => Promise<Response>;
export type ServeHandler = { GET: WebHandler; POST: WebHandler; PUT: WebHandler };

export type JsonObject = Record<string, unknown>;

/** An event as stored on a run and sent in call requests. */
export type StoredEvent = { id: string; name: string; data: JsonObject; ts: number; user?: unknown; v?: string };

/** An event as passed to send(): id/ts/data optional, like inngest.send(). */
export type EventInput = { name: string; data?: JsonObject; id?: string; ts?: number; user?: unknown; v?: string };

/** Serialized error as the SDK returns it (`{name, message, stack, __serialized}`). */
export type SerializedError = { name?: string; message?: string; stack?: string; [key: string]: unknown };

/**
 * Memoised step state. ALWAYS wrapped: the SDK reads any value that is not
 * `{data}` | `{error}` | `{input}` as raw data, so an unwrapped step output that
 * happened to look like `{error: …}` would be replayed as a failure.
 */
export type StepResult = { data: unknown } | { error: unknown };

export type CallRequestBody = {
  event: StoredEvent;
  events: StoredEvent[];
  steps: Record<string, StepResult>;
  ctx: {
    run_id: string;
    attempt: number;
    /** Without it the SDK never reports StepFailed, not even on the last attempt (docs/decisions.md §13.2). */
    max_attempts: number;
    /** Sticky once a run went parallel: the SDK then plans every step instead of running it inline. */
    disable_immediate_execution: boolean;
    use_api: false;
    /** Completion order of the memoised hashed ids; the SDK replays in this order. */
    stack: { stack: string[]; current: number };
    // NB: deliberately no `fn_id` / `qi_id`: with `fn_id` present the v4 SDK switches to
    // checkpointing and calls the Inngest API (measured: 1.8 s stall + polluted body).
  };
  version: 2;
};

/** One element of a 206 response body. Unknown fields are ignored. */
export type Op = {
  op: string;
  id: string;
  name?: string;
  displayName?: string;
  data?: unknown;
  error?: unknown;
  opts?: JsonObject;
};

/** A function config from the in-band sync (`PUT` + `x-inngest-sync-kind: in_band`). */
export type SyncedFunction = {
  id: string;
  name?: string;
  triggers: Array<{ event?: string; expression?: string; cron?: string }>;
  steps: Record<string, { retries?: { attempts?: number } }>;
  concurrency?: ConcurrencyConfig | ConcurrencyConfig[] | number;
};

export type ConcurrencyConfig = { limit: number; key?: string; scope?: "fn" | "env" | "account" };

/** Internal event names the executor itself emits (validated by the SDK against triggers). */
export const CRON_EVENT = "inngest/scheduled.timer";
export const FAILED_EVENT = "inngest/function.failed";
export const INVOKED_EVENT = "inngest/function.invoked";
