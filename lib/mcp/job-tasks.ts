import {
  MissingRequiredClientCapabilityError,
  ProtocolError,
  ProtocolErrorCode,
  RELATED_TASK_META_KEY,
  type CallToolResult,
  type McpServer,
  type ServerContext,
} from "@modelcontextprotocol/server";
import { and, eq, inArray, isNull } from "drizzle-orm";
import { z } from "zod";
import { getDb } from "@/db";
import { jobs, type Job } from "@/db/schema";
import type { Principal } from "@/lib/auth/principal";
import { getEnv } from "@/lib/env";
import { findJob } from "@/lib/jobs/get-job";
import { serializeJob } from "@/lib/jobs/serialize-job";
import { logger } from "@/lib/log";
import { progressConnections } from "@/lib/realtime/progress-connections";
import { waitForJobEnd } from "./job-progress";
import { declaresTasks, TASKS_EXTENSION, type McpEra } from "./mcp-message";
import { reportUri } from "./store-resources";
import { toolResult } from "./tool-result";

// analyze_store as an MCP task (docs/chat-and-mcp.md, "Long jobs as tasks"). A task is a view of
// the job the call admitted: its id is the job's id, its owner the job's account, its status the
// job's, and the one thing a job does not say, that its caller cancelled the task, is the job's
// task_cancelled_at. Nothing else is stored, so a task outlives the process that created it.
//
// Two wires: 2025-11-25 has tasks in core (a `task` in the call's params asks for one; tasks/get,
// tasks/result, tasks/cancel; the `tasks` capability and the tool's execution.taskSupport), and
// 2026-07-28 moves them to the io.modelcontextprotocol/tasks extension (the server decides, for a
// caller that declares the extension; tasks/get carries the result; tasks/cancel acknowledges;
// no tasks/result and no tasks/list, which the SDK answers as unknown methods in that revision).

/** How often a client should poll tasks/get: a job runs for seconds to minutes. */
export const TASK_POLL_INTERVAL_MS = 2_000;

/** The text a host may hand the model at once while the task runs (2025-11-25, non-normative). */
const MODEL_IMMEDIATE_RESPONSE_META_KEY = "io.modelcontextprotocol/model-immediate-response";

/**
 * Whose tasks a caller sees: its account's (API key, bearer or session), as the account's jobs
 * are. A caller without an account (anonymous, or paying one call with x402) has nothing to show
 * on its next request that would make a task its own, so its calls are never turned into tasks.
 */
export function taskOwnerOf(principal: Principal): string | null {
  return principal.kind === "api_key" || principal.kind === "bearer" || principal.kind === "session" ? principal.user.id : null;
}

type TaskStatus = "working" | "completed" | "failed" | "cancelled";

/**
 * A task's status from its job. A failed job is a failed task in 2025-11-25 ("did not complete
 * successfully"); 2026-07-28 keeps `failed` for JSON-RPC errors only, and the call did answer (the
 * job, failed, with its reason), so there the task is completed and its result says the job failed.
 */
function statusOf(job: Job, era: McpEra): TaskStatus {
  if (job.taskCancelledAt) return "cancelled";
  if (job.status === "completed") return "completed";
  if (job.status === "failed") return era === "legacy" ? "failed" : "completed";

  return "working";
}

const CANCELLED_MESSAGE = (job: Job) =>
  `Task cancelled. The job it started was paid for and is not cancelled: it runs to the end, and its report stays readable (get_report with id ${job.id}, or resources/read ${reportUri(job.id)}).`;

function statusMessageOf(job: Job): string {
  if (job.taskCancelledAt) return CANCELLED_MESSAGE(job);
  if (job.status === "completed")
    return `Completed: read the report with get_report (id ${job.id}) or resources/read ${reportUri(job.id)}.`;
  if (job.status === "failed") return `The job failed${job.errorCode ? ` (${job.errorCode})` : ""}: ${job.error ?? "see the job"}.`;

  return `${job.status}${job.step ? `: ${job.step}` : ""} (${Math.floor(job.progress * 100)}%)`;
}

/** When the task last changed: the job's last change, or the cancellation. */
const lastUpdatedOf = (job: Job) => (job.taskCancelledAt && job.taskCancelledAt > job.updatedAt ? job.taskCancelledAt : job.updatedAt);

/** The Task of 2025-11-25. Jobs and their reports are kept, so the task is too: ttl null. */
function legacyTask(job: Job) {
  return {
    taskId: job.id,
    status: statusOf(job, "legacy"),
    statusMessage: statusMessageOf(job),
    createdAt: job.createdAt.toISOString(),
    lastUpdatedAt: lastUpdatedOf(job).toISOString(),
    ttl: null,
    pollInterval: TASK_POLL_INTERVAL_MS,
  };
}

/** The Task of the 2026-07-28 extension (its fields end in Ms). */
function modernTask(job: Job) {
  return {
    taskId: job.id,
    status: statusOf(job, "modern"),
    statusMessage: statusMessageOf(job),
    createdAt: job.createdAt.toISOString(),
    lastUpdatedAt: lastUpdatedOf(job).toISOString(),
    ttlMs: null,
    pollIntervalMs: TASK_POLL_INTERVAL_MS,
  };
}

/** What analyze_store answers once its job has ended (job-progress.ts): the job, as the tool's result. */
const jobResult = (job: Job): CallToolResult => toolResult({ job: serializeJob(job) });

/**
 * analyze_store's answer as a task: its CreateTaskResult in the revision's shape, for the job the
 * call admitted (already committed, so tasks/get answers it from now on, as the spec requires).
 * It also carries the admitted job as a tool result (content and structuredContent): the SDK checks
 * every tools/call answer as a CallToolResult, and those fields are what analyze_store answers
 * without a task, so a client that asked for a task and cannot read one still gets the job.
 */
export async function createJobTask(admitted: CallToolResult, era: McpEra): Promise<CallToolResult> {
  const jobId = (admitted.structuredContent as { job: { id: string } }).job.id;
  const job = await findJob(jobId);
  // Gone between admission and here: nothing to follow, the admitted job is the answer.
  if (!job) return admitted;
  const immediate = `Task ${job.id} started: analysing ${job.domain}. Poll tasks/get every ${TASK_POLL_INTERVAL_MS / 1000} s; when it completes, read the report with get_report (id ${job.id}) or resources/read ${reportUri(job.id)}.`;
  const meta = { ...admitted._meta, [MODEL_IMMEDIATE_RESPONSE_META_KEY]: immediate };

  return era === "legacy"
    ? { ...admitted, task: legacyTask(job), _meta: meta }
    : ({ ...admitted, resultType: "task", ...modernTask(job), _meta: meta } as CallToolResult);
}

const taskIdParams = z.object({ taskId: z.string().max(200) });

const taskNotFound = () => new ProtocolError(ProtocolErrorCode.InvalidParams, "Failed to retrieve task: Task not found");

/** The caller's task: a job of its account, else not found (another account's task is not told apart from none). */
async function ownedJob(owner: string | null, taskId: string): Promise<Job> {
  const job = owner === null ? null : await findJob(taskId);
  if (!job || job.userId !== owner) throw taskNotFound();

  return job;
}

/**
 * 2026-07-28: a client must declare the extension on every tasks/* request. The SDK lifts the
 * revision's reserved `_meta` keys (the client capabilities among them) into the envelope.
 */
function assertDeclared(era: McpEra, ctx: ServerContext): void {
  if (era === "modern" && !declaresTasks(ctx.mcpReq.envelope ?? ctx.mcpReq._meta)) {
    throw new MissingRequiredClientCapabilityError({ requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } } });
  }
}

/**
 * tasks/get, tasks/result, tasks/cancel (and, 2026-07-28, tasks/update) for one caller, in the
 * revision `era` this server answers. The SDK routes them to these handlers (spec methods of
 * 2025-11-25, methods the extension re-defines in 2026-07-28); tasks/result and tasks/list stay
 * unknown methods in 2026-07-28, as the extension requires.
 */
export function registerJobTasks(server: McpServer, principal: Principal, era: McpEra): void {
  const owner = taskOwnerOf(principal);
  const low = server.server;

  low.setRequestHandler("tasks/get", { params: taskIdParams }, async ({ taskId }, ctx) => {
    assertDeclared(era, ctx);
    const job = await ownedJob(owner, taskId);
    if (era === "legacy") return legacyTask(job);
    const task = modernTask(job);

    return task.status === "completed" ? { ...task, result: { resultType: "complete", ...jobResult(job) } } : task;
  });

  low.setRequestHandler("tasks/cancel", { params: taskIdParams }, async ({ taskId }, ctx) => {
    assertDeclared(era, ctx);
    await ownedJob(owner, taskId);
    // Only a task whose job is still running, and not cancelled yet, is cancelled, in one
    // statement: a job that ends meanwhile keeps its task completed (or failed).
    const [cancelled] = await getDb()
      .update(jobs)
      .set({ taskCancelledAt: new Date() })
      .where(and(eq(jobs.id, taskId), isNull(jobs.taskCancelledAt), inArray(jobs.status, ["queued", "running"])))
      .returning();
    // 2026-07-28 acknowledges, whatever the outcome (cancellation is cooperative there); tasks/get tells the rest.
    if (era === "modern") return {};
    if (cancelled) return legacyTask(cancelled);
    // 2025-11-25: a task already in a terminal status cannot be cancelled (nor cancelled twice).
    const status = statusOf(await ownedJob(owner, taskId), era);
    throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Task ${taskId} is already ${status}; it cannot be cancelled`);
  });

  if (era === "legacy") {
    low.setRequestHandler("tasks/result", { params: taskIdParams }, async ({ taskId }, ctx) => {
      const job = await taskResultJob(owner, taskId, principal.ip, ctx.mcpReq.signal);

      return { ...jobResult(job), _meta: { [RELATED_TASK_META_KEY]: { taskId } } };
    });
  } else {
    // No task of ours ever asks for input.
    low.setRequestHandler("tasks/update", { params: taskIdParams.loose() }, async ({ taskId }, ctx) => {
      assertDeclared(era, ctx);
      await ownedJob(owner, taskId);
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Task ${taskId} takes no input`);
    });
  }
}

/**
 * tasks/result's job: at once when the task has ended (or was cancelled: the job as it stands,
 * still running, which the agent polls), else once the job ends. 2025-11-25 has tasks/result
 * block until then; the wait is bounded as analyze_store's own (MCP_PROGRESS_WAIT_MS, on one of
 * the caller's progress-connection slots), and a job still running past it is an error that says
 * to poll tasks/get, not an answer that would pass for the result.
 */
async function taskResultJob(owner: string | null, taskId: string, ip: string, signal: AbortSignal): Promise<Job> {
  const job = await ownedJob(owner, taskId);
  if (statusOf(job, "legacy") !== "working") return job;
  const waitMs = getEnv().MCP_PROGRESS_WAIT_MS;
  let release: (() => void) | null = null;
  try {
    release = progressConnections().acquire(ip);
  } catch {
    // No slot free: the caller has its share of waits open.
  }
  if (release && waitMs > 0) {
    try {
      await waitForJobEnd(job.id, waitMs, signal, () => {});
    } catch (error) {
      logger.warn("MCP tasks/result wait stopped", { jobId: job.id, error });
    } finally {
      release();
    }
  } else {
    release?.();
  }
  const ended = await ownedJob(owner, taskId);
  if (statusOf(ended, "legacy") === "working") {
    throw new ProtocolError(
      ProtocolErrorCode.InternalError,
      `Task ${taskId} is still working; poll tasks/get (every ${TASK_POLL_INTERVAL_MS / 1000} s) and call tasks/result once it has ended`,
    );
  }

  return ended;
}
