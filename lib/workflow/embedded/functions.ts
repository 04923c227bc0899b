import { Cron } from "croner";
import { evaluateCondition, evaluateValue, UnsupportedExpressionError } from "./expression";
import type { ConcurrencyConfig, ServeHandler, StoredEvent, SyncedFunction } from "./protocol";

/** What the executor needs to know about one function, derived from its synced config. */
export type FunctionInfo = {
  id: string;
  /** retries + 1. The server default is 4 retries when `retries` is omitted, capped at 20. */
  maxAttempts: number;
  eventTriggers: Array<{ event: string; expression?: string }>;
  crons: Array<{ expression: string; cron: Cron }>;
  concurrency?: ConcurrencyConfig;
};

const DEFAULT_RETRIES = 4; // Inngest consts.DefaultRetryCount (the SDK's own 3 is for durable endpoints only)
const MAX_RETRIES = 20;

/**
 * Reads the function configs exactly as Inngest Cloud would receive them: an in-band
 * sync, `PUT <serveUrl>` with `x-inngest-sync-kind: in_band`. (GET only introspects.)
 */
export async function syncFunctions(handler: ServeHandler, serveUrl: string): Promise<SyncedFunction[]> {
  const response = await handler.PUT(
    new Request(serveUrl, {
      method: "PUT",
      headers: { "content-type": "application/json", "x-inngest-sync-kind": "in_band" },
      body: JSON.stringify({ url: serveUrl }),
    }),
  );
  if (!response.ok) throw new Error(`in-band sync failed: HTTP ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { functions?: SyncedFunction[] };

  return body.functions ?? [];
}

// "TZ=Europe/Paris 0 9 * * *" → croner. 5 fields as Inngest; croner also accepts a leading seconds field.
function parseCron(expression: string): Cron {
  const tz = /^(?:CRON_)?TZ=(\S+)\s+(.*)$/.exec(expression);

  return new Cron(tz ? tz[2]! : expression, { timezone: tz?.[1], paused: true });
}

export function describeFunction(config: SyncedFunction, warn: (message: string) => void): FunctionInfo {
  const retries = config.steps.step?.retries?.attempts ?? DEFAULT_RETRIES;
  const limits = config.concurrency === undefined ? [] : [config.concurrency].flat();
  if (limits.length > 1) warn(`${config.id}: only the first concurrency limit is enforced by the embedded executor`);
  const first = limits[0];
  const concurrency = typeof first === "number" ? { limit: first } : first;
  if (concurrency?.key) {
    try {
      evaluateValue(concurrency.key, { event: { data: {} } });
    } catch (error) {
      if (error instanceof UnsupportedExpressionError) warn(`${config.id}: ${error.message}; key treated as constant`);
    }
  }

  return {
    id: config.id,
    maxAttempts: Math.min(Math.max(retries, 0), MAX_RETRIES) + 1,
    eventTriggers: config.triggers.flatMap((t) => (t.event ? [{ event: t.event, expression: t.expression }] : [])),
    crons: config.triggers.flatMap((t) => (t.cron ? [{ expression: t.cron, cron: parseCron(t.cron) }] : [])),
    concurrency: concurrency && concurrency.limit > 0 ? concurrency : undefined,
  };
}

/** Whether `event` starts a run of `fn` (trigger name + optional `if` expression). */
export function matchesTrigger(fn: FunctionInfo, event: StoredEvent, warn: (message: string) => void): boolean {
  return fn.eventTriggers.some((trigger) => {
    if (trigger.event !== event.name) return false;
    if (!trigger.expression) return true;
    try {
      return evaluateCondition(trigger.expression, { event });
    } catch (error) {
      if (!(error instanceof UnsupportedExpressionError)) throw error;
      // Fail open and say so: silently dropping events would be worse.
      warn(`${fn.id}: trigger condition not evaluated, run started anyway: ${trigger.expression}`);

      return true;
    }
  });
}

/**
 * Concurrency key of a run: scope prefix + evaluated key (Inngest's default scope is
 * the function). Null when the function has no limit.
 */
export function concurrencyKeyOf(fn: FunctionInfo, event: StoredEvent): string | null {
  const c = fn.concurrency;
  if (!c) return null;
  const scope = c.scope === "env" || c.scope === "account" ? c.scope : `fn:${fn.id}`;
  if (!c.key) return scope;
  let value: unknown;
  try {
    value = evaluateValue(c.key, { event });
  } catch {
    value = c.key; // unsupported expression: one shared key (stricter, never looser)
  }

  return `${scope}:${c.key}=${JSON.stringify(value ?? null)}`;
}
