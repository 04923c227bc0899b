import type { RequestId } from "@modelcontextprotocol/server";
import { z } from "zod";
import type { Principal } from "@/lib/auth/principal";
import { processSlot } from "@/lib/process-slot";

/**
 * Whose call it is, as something only that caller can show: its API key, or its account. A
 * caller without either (anonymous, or paying per call with x402) has nothing of the kind: its
 * address is shared by everyone behind the same proxy or NAT, and JSON-RPC ids are small
 * numbers anyone can guess, so a cancellation keyed by address would let a neighbour end its
 * wait. Its call is not registered: it ends at MCP_PROGRESS_WAIT_MS, when the job ends, or when
 * the client closes the call's stream or connection (the call's own signal), never by a
 * notification.
 */
function callerOf(principal: Principal): string | null {
  switch (principal.kind) {
    case "api_key":
      return `key:${principal.apiKeyId}`;
    case "bearer":
    case "session":
      return `user:${principal.user.id}`;
    default:
      return null;
  }
}

const keyOf = (caller: string, id: RequestId) => `${caller}\u0000${typeof id}:${id}`;

/** The signal of a call no notification can cancel. */
const NEVER_CANCELLED = { signal: new AbortController().signal, done: () => {} };

/**
 * Tool calls waiting on a job (lib/mcp/job-progress.ts), by caller and JSON-RPC id, so that a
 * 2025-11-25 client's `notifications/cancelled` ends its call. That revision cancels with a
 * notification POSTed on its own, which on a stateless server reaches a fresh server knowing
 * nothing of the call (a 2026-07-28 client closes the call's own stream instead, which the SDK
 * turns into the call's abort signal). Per process: a cancellation reaching another process
 * is not heard, and that call waits as long as it would have (MCP_PROGRESS_WAIT_MS). Ids are
 * the client's own, so two clients of one caller may share one: a cancellation then ends both
 * waits, and both answer their job as it stands, which the agent polls. Only callers with a
 * key or an account are heard (callerOf).
 */
export class WaitingCalls {
  private readonly calls = new Map<string, Set<AbortController>>();

  /** A signal aborted when the caller cancels call `id`; `done` forgets the call. */
  register(principal: Principal, id: RequestId): { signal: AbortSignal; done: () => void } {
    const caller = callerOf(principal);
    if (caller === null) return NEVER_CANCELLED;
    const key = keyOf(caller, id);
    const controller = new AbortController();
    const calls = this.calls.get(key) ?? new Set();
    calls.add(controller);
    this.calls.set(key, calls);

    return {
      signal: controller.signal,
      done: () => {
        calls.delete(controller);
        if (calls.size === 0 && this.calls.get(key) === calls) this.calls.delete(key);
      },
    };
  }

  cancel(principal: Principal, id: RequestId): void {
    const caller = callerOf(principal);
    if (caller === null) return;
    for (const controller of this.calls.get(keyOf(caller, id)) ?? []) controller.abort();
  }

  /** Calls waiting now. */
  size(): number {
    return [...this.calls.values()].reduce((sum, calls) => sum + calls.size, 0);
  }
}

const slot = processSlot<WaitingCalls>("mcp-waiting-calls");

export function waitingCalls(): WaitingCalls {
  return slot.getOrCreate(() => new WaitingCalls());
}

const cancellationSchema = z.object({
  method: z.literal("notifications/cancelled"),
  params: z.object({ requestId: z.union([z.string().max(200), z.number()]) }),
});

/** Hears a `notifications/cancelled` in a message body (already capped) and ends the caller's waiting call it names. */
export function cancelNotifiedCall(body: string, principal: Principal): void {
  if (!body.includes("notifications/cancelled")) return;
  let message: unknown;
  try {
    message = JSON.parse(body);
  } catch {
    return;
  }
  const cancellation = cancellationSchema.safeParse(message);
  if (cancellation.success) waitingCalls().cancel(principal, cancellation.data.params.requestId);
}
