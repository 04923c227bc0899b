import type { CallToolResult, ProgressToken, ServerContext } from "@modelcontextprotocol/server";
import type { Principal } from "@/lib/auth/principal";
import { getEnv } from "@/lib/env";
import { findJob } from "@/lib/jobs/get-job";
import { isTerminal, type JobMessage } from "@/lib/jobs/job-messages";
import type { JobResponse } from "@/lib/jobs/schemas";
import { serializeJob } from "@/lib/jobs/serialize-job";
import { logger } from "@/lib/log";
import { progressConnections, type ProgressConnections, type ReleaseSlot } from "@/lib/realtime/progress-connections";
import { watchJob, type JobWatch } from "@/lib/realtime/watch-job";
import { toolResult } from "./tool-result";
import { waitingCalls } from "./waiting-calls";

/** MCP progress is a share of this total: a job's progress (0..1) as a percentage. */
export const PROGRESS_TOTAL = 100;

/** What of a tools/call this needs: its id and `_meta` (the progressToken), its related notifications, its cancellation. */
export type ProgressRequest = Pick<ServerContext["mcpReq"], "id" | "_meta" | "notify" | "signal">;

export type AdmittedJob = { job: JobResponse };

const isAdmittedJob = (value: unknown): value is AdmittedJob => {
  const job = (value as { job?: { id?: unknown; status?: unknown } } | undefined)?.job;

  return typeof job?.id === "string" && typeof job.status === "string";
};

/**
 * analyze_store's MCP result with its job followed (followAdmittedJob) when it admitted one; a
 * refusal stays as it is, and so does the result's `_meta` (an x402 payment's settlement).
 */
export async function followJobResult(result: CallToolResult, request: ProgressRequest, principal: Principal): Promise<CallToolResult> {
  if (result.isError || !isAdmittedJob(result.structuredContent)) return result;
  const followed = await followAdmittedJob(result.structuredContent, request, principal);

  return followed === result.structuredContent ? result : { ...result, ...toolResult(followed) };
}

/**
 * analyze_store's answer when the call carried a progressToken: the admitted job is followed
 * (watchJob), each advance sent as `notifications/progress`, and the answer is the job in its
 * final state, so the agent can read the report at once instead of polling get_job_status.
 * The wait is bounded (MCP_PROGRESS_WAIT_MS, then the job as it stands), ends at once when the
 * client cancels or goes away (the call's signal, or a 2025-11-25 client's notifications/cancelled:
 * lib/mcp/waiting-calls.ts), and holds one of the caller's progress-connection slots, the
 * same count as WebSockets and event streams. The job is already admitted and charged, so no
 * failure here may lose it: no slot free, the database gone mid-wait, anything — the answer
 * is then the job as it was admitted.
 */
export async function followAdmittedJob(
  admitted: AdmittedJob,
  request: ProgressRequest,
  principal: Principal,
  connections: ProgressConnections = progressConnections(),
): Promise<AdmittedJob> {
  const token = request._meta?.progressToken;
  const waitMs = getEnv().MCP_PROGRESS_WAIT_MS;
  if (
    token === undefined ||
    waitMs === 0 ||
    request.signal.aborted ||
    admitted.job.status === "completed" ||
    admitted.job.status === "failed"
  ) {
    return admitted;
  }
  let release: ReleaseSlot;
  try {
    release = connections.acquire(principal.ip);
  } catch {
    // The caller has its share of live connections (or the process is full): it polls, as without a token.
    return admitted;
  }

  const jobId = admitted.job.id;
  const cancellation = waitingCalls().register(principal, request.id);
  try {
    const notifier = progressNotifier(token, request);
    await waitForJobEnd(jobId, waitMs, AbortSignal.any([request.signal, cancellation.signal]), notifier.send);
    // Every notification goes out before the result that ends the exchange.
    await notifier.flushed();
    const job = await findJob(jobId);

    return job ? { job: serializeJob(job) } : admitted;
  } catch (error) {
    logger.warn("MCP job progress stopped; answering the admitted job", { jobId, error });

    return admitted;
  } finally {
    cancellation.done();
    release();
  }
}

/** Resolves when the job ends, `waitMs` passes or `signal` aborts, whichever is first; the subscription and the timer are gone by then. */
export function waitForJobEnd(jobId: string, waitMs: number, signal: AbortSignal, onMessage: (message: JobMessage) => void): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    let watch: JobWatch | null = null;
    let settled = false;
    const settle = (error?: unknown) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal.removeEventListener("abort", end);
      watch?.stop();
      if (error === undefined) resolve();
      else reject(error instanceof Error ? error : new Error(String(error)));
    };
    const end = () => settle();
    const timer = setTimeout(end, waitMs);
    signal.addEventListener("abort", end, { once: true });
    if (signal.aborted) end();

    watchJob(jobId, (message) => !settled && onMessage(message), end).then((started) => {
      watch = started;
      // Ended (or aborted) while subscribing, or the job is gone: nothing left to follow.
      if (settled || !started) {
        started?.stop();
        end();
      }
    }, settle);
  });
}

/**
 * Sends a job's messages as MCP progress, in order: only when the value grows (the spec wants
 * it strictly increasing), the end always as the total. A notification the client is no longer
 * there to read is dropped; the wait's end is decided elsewhere (the signal).
 */
function progressNotifier(token: ProgressToken, request: ProgressRequest) {
  let last = -1;
  let queue = Promise.resolve();

  return {
    send: (message: JobMessage) => {
      const progress = progressOf(message);
      if (progress <= last) return;
      last = progress;
      const params = { progressToken: token, progress, total: PROGRESS_TOTAL, message: describe(message) };
      queue = queue.then(() => request.notify({ method: "notifications/progress", params })).catch(() => {});
    },
    flushed: () => queue,
  };
}

/** A share of PROGRESS_TOTAL to a tenth; below the total until the job has ended, so its end is always news. */
export function progressOf(message: JobMessage): number {
  if (isTerminal(message)) return PROGRESS_TOTAL;

  return Math.min(PROGRESS_TOTAL - 0.1, Math.floor(message.progress * PROGRESS_TOTAL * 10) / 10);
}

/** The status and the step (or the failure's code): short, for a client's progress line. */
export function describe(message: JobMessage): string {
  if (message.type === "failed") return message.code ? `failed: ${message.code}` : "failed";
  if (message.type === "completed") return "completed";

  return message.step ? `${message.status}: ${message.step}` : message.status;
}
