import {
  MissingRequiredClientCapabilityError,
  ProtocolError,
  ProtocolErrorCode,
  RELATED_TASK_META_KEY,
  type CallToolResult,
  type McpServer,
  type ServerContext,
} from "@modelcontextprotocol/server";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { getDb } from "@/db";
import { batches, type Batch, type Job } from "@/db/schema";
import type { Principal } from "@/lib/auth/principal";
import { cancelBatchTask } from "@/lib/batches/batch-task";
import { getBatch } from "@/lib/batches/get-batch";
import { getEnv } from "@/lib/env";
import { countBatchJobs } from "@/lib/jobs/batch-jobs";
import { findJob } from "@/lib/jobs/get-job";
import { cancelJobTask } from "@/lib/jobs/job-task";
import { serializeJob } from "@/lib/jobs/serialize-job";
import { logger } from "@/lib/log";
import { progressConnections } from "@/lib/realtime/progress-connections";
import { waitForJobEnd } from "./job-progress";
import { declaresTasks, TASKS_EXTENSION, type McpEra } from "./mcp-message";
import { reportUri } from "./store-resources";
import { toolResult } from "./tool-result";

// analyze_store and analyze_batch as MCP tasks (docs/chat-and-mcp.md, "Long jobs as tasks"). A
// task is a view of what the call admitted, a job or a batch: its id is theirs, its owner their
// account, its status theirs, and the one thing they do not say, that the caller cancelled the
// task, is their task_cancelled_at. Nothing else is stored, so a task outlives the process that
// created it, and any instance answers for it.
//
// Two wires: 2025-11-25 has tasks in core (a `task` in the call's params asks for one; tasks/get,
// tasks/result, tasks/cancel; the `tasks` capability and the tool's execution.taskSupport), and
// 2026-07-28 moves them to the io.modelcontextprotocol/tasks extension (the server decides, for a
// caller that declares the extension; tasks/get carries the result; tasks/cancel acknowledges;
// no tasks/result and no tasks/list, which the SDK answers as unknown methods in that revision).

/** How often a client should poll tasks/get: a job runs for seconds to minutes. */
export const TASK_POLL_INTERVAL_MS = 2_000;

/** How often tasks/result looks at a batch it waits for (a batch has no event stream of its own). */
const BATCH_WAIT_POLL_MS = 500;

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

/** What a task follows, read from the database: a job (analyze_store) or a batch (analyze_batch). */
type Subject = {
  kind: "job" | "batch";
  id: string;
  owner: string | null;
  /** Its own state: working until it has ended, then completed, or failed (a job only). */
  state: "working" | "completed" | "failed";
  cancelledAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  /** The status message while not cancelled. */
  message: string;
  /** What the tool answers for it once it has ended: the CallToolResult the task's result is. */
  result: () => Promise<CallToolResult>;
  /** Waits (bounded) for it to end. */
  wait: (waitMs: number, signal: AbortSignal) => Promise<void>;
  /** Marks its task cancelled if it is still working and not cancelled yet; whether it did. */
  cancel: () => Promise<boolean>;
  /** How the cancelled task's message names what still runs. */
  cancelledMessage: string;
};

const jobSubject = (job: Job): Subject => ({
  kind: "job",
  id: job.id,
  owner: job.userId,
  state: job.status === "completed" || job.status === "failed" ? job.status : "working",
  cancelledAt: job.taskCancelledAt,
  createdAt: job.createdAt,
  updatedAt: job.updatedAt,
  message:
    job.status === "completed"
      ? `Completed: read the report with get_report (id ${job.id}) or resources/read ${reportUri(job.id)}.`
      : job.status === "failed"
        ? `The job failed${job.errorCode ? ` (${job.errorCode})` : ""}: ${job.error ?? "see the job"}.`
        : `${job.status}${job.step ? `: ${job.step}` : ""} (${Math.floor(job.progress * 100)}%)`,
  // What analyze_store answers once its job has ended (job-progress.ts): the job.
  result: async () => toolResult({ job: serializeJob(job) }),
  wait: (waitMs, signal) => waitForJobEnd(job.id, waitMs, signal, () => {}),
  cancel: () => cancelJobTask(job.id),
  cancelledMessage: `Task cancelled. The job it started was paid for and is not cancelled: it runs to the end, and its report stays readable (get_report with id ${job.id}, or resources/read ${reportUri(job.id)}).`,
});

/** Jobs of a batch read as its task's result: get_batch's largest page. */
const BATCH_RESULT_JOBS = 50;

async function batchSubject(batch: Batch): Promise<Subject> {
  const counts = await countBatchJobs(batch.id);
  const ended = counts.completed + counts.failed;

  return {
    kind: "batch",
    id: batch.id,
    owner: batch.userId,
    // A batch has ended when every job has (failed ones included): its result counts them.
    state: batch.endedAt ? "completed" : "working",
    cancelledAt: batch.taskCancelledAt,
    createdAt: batch.createdAt,
    updatedAt: batch.endedAt ?? batch.createdAt,
    message: batch.endedAt
      ? `Completed: ${counts.completed} of ${batch.total} jobs completed, ${counts.failed} failed; read each report with get_report, the list with get_batch (id ${batch.id}).`
      : `running: ${ended} of ${batch.total} jobs ended`,
    // What get_batch answers for it: its counts and the first page of its jobs.
    result: async () => toolResult({ batch: await getBatch(batch.userId, batch.id, { page: 1, per_page: BATCH_RESULT_JOBS }) }),
    wait: (waitMs, signal) => waitForBatchEnd(batch.id, waitMs, signal),
    cancel: () => cancelBatchTask(batch.id),
    cancelledMessage: `Task cancelled. The batch it started was paid for and is not cancelled: its jobs run to the end, and their reports stay readable (get_batch with id ${batch.id}, then get_report).`,
  };
}

/** The job or batch a task id names, whoever owns it (ownedSubject checks that). */
async function findSubject(taskId: string): Promise<Subject | null> {
  const job = await findJob(taskId);
  if (job) return jobSubject(job);
  // Both ids are UUIDs (findJob has refused anything else), so a batch's never names a job.
  if (!z.uuid().safeParse(taskId).success) return null;
  const [batch] = await getDb().select().from(batches).where(eq(batches.id, taskId)).limit(1);

  return batch ? batchSubject(batch) : null;
}

/** Resolves when the batch has ended, `waitMs` passes or `signal` aborts. */
async function waitForBatchEnd(batchId: string, waitMs: number, signal: AbortSignal): Promise<void> {
  const deadline = Date.now() + waitMs;
  while (!signal.aborted && Date.now() < deadline) {
    const [batch] = await getDb().select({ endedAt: batches.endedAt }).from(batches).where(eq(batches.id, batchId)).limit(1);
    if (!batch || batch.endedAt) return;
    await new Promise((resolve) => setTimeout(resolve, Math.min(BATCH_WAIT_POLL_MS, Math.max(0, deadline - Date.now()))));
  }
}

/**
 * A task's status. A failed job is a failed task in 2025-11-25 ("did not complete
 * successfully"); 2026-07-28 keeps `failed` for JSON-RPC errors only, and the call did answer (the
 * job, failed, with its reason), so there the task is completed and its result says the job failed.
 */
function statusOf(subject: Subject, era: McpEra): TaskStatus {
  if (subject.cancelledAt) return "cancelled";
  if (subject.state === "failed") return era === "legacy" ? "failed" : "completed";

  return subject.state;
}

const statusMessageOf = (subject: Subject) => (subject.cancelledAt ? subject.cancelledMessage : subject.message);

/** When the task last changed: its job's (or batch's) last change, or the cancellation. */
const lastUpdatedOf = (subject: Subject) =>
  subject.cancelledAt && subject.cancelledAt > subject.updatedAt ? subject.cancelledAt : subject.updatedAt;

/** What a Task says in either revision. */
const taskOf = (subject: Subject, era: McpEra) => ({
  taskId: subject.id,
  status: statusOf(subject, era),
  statusMessage: statusMessageOf(subject),
  createdAt: subject.createdAt.toISOString(),
  lastUpdatedAt: lastUpdatedOf(subject).toISOString(),
});

/** The Task of 2025-11-25. Jobs, batches and reports are kept, so the task is too: ttl null. */
const legacyTask = (subject: Subject) => ({ ...taskOf(subject, "legacy"), ttl: null, pollInterval: TASK_POLL_INTERVAL_MS });

/** The Task of the 2026-07-28 extension (its fields end in Ms). */
const modernTask = (subject: Subject) => ({ ...taskOf(subject, "modern"), ttlMs: null, pollIntervalMs: TASK_POLL_INTERVAL_MS });

/** The id of the job (analyze_store) or batch (analyze_batch) a tool's result admitted, if any. */
function admittedId(result: CallToolResult): string | null {
  const content = result.structuredContent as { job?: { id?: unknown }; batch?: { id?: unknown } } | undefined;
  const id = content?.job?.id ?? content?.batch?.id;

  return typeof id === "string" ? id : null;
}

/**
 * A tool's answer as a task: its CreateTaskResult in the revision's shape, for the job or batch
 * the call admitted (already committed, so tasks/get answers it from now on, as the spec requires).
 * It also carries the tool's own answer (content and structuredContent): the SDK checks every
 * tools/call answer as a CallToolResult, and those fields are what the tool answers without a
 * task, so a client that asked for a task and cannot read one still gets the job (or batch).
 */
export async function createTask(admitted: CallToolResult, era: McpEra): Promise<CallToolResult> {
  const id = admittedId(admitted);
  const subject = id === null ? null : await findSubject(id);
  // Nothing admitted, or gone since: the tool's answer as it is.
  if (!subject) return admitted;
  const what = subject.kind === "job" ? "the store's analysis" : "the batch";
  const immediate = `Task ${subject.id} started: ${what}. Poll tasks/get every ${TASK_POLL_INTERVAL_MS / 1000} s for its status and, once completed, its result.`;
  const meta = { ...admitted._meta, [MODEL_IMMEDIATE_RESPONSE_META_KEY]: immediate };

  return era === "legacy"
    ? { ...admitted, task: legacyTask(subject), _meta: meta }
    : ({ ...admitted, resultType: "task", ...modernTask(subject), _meta: meta } as CallToolResult);
}

const taskIdParams = z.object({ taskId: z.string().max(200) });

const taskNotFound = () => new ProtocolError(ProtocolErrorCode.InvalidParams, "Failed to retrieve task: Task not found");

/** The caller's task: a job or batch of its account, else not found (another account's task is not told apart from none). */
async function ownedSubject(owner: string | null, taskId: string): Promise<Subject> {
  const subject = owner === null ? null : await findSubject(taskId);
  if (!subject || subject.owner !== owner) throw taskNotFound();

  return subject;
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
export function registerTasks(server: McpServer, principal: Principal, era: McpEra): void {
  const owner = taskOwnerOf(principal);
  const low = server.server;

  low.setRequestHandler("tasks/get", { params: taskIdParams }, async ({ taskId }, ctx) => {
    assertDeclared(era, ctx);
    const subject = await ownedSubject(owner, taskId);
    if (era === "legacy") return legacyTask(subject);
    const task = modernTask(subject);

    return task.status === "completed" ? { ...task, result: { resultType: "complete", ...(await subject.result()) } } : task;
  });

  low.setRequestHandler("tasks/cancel", { params: taskIdParams }, async ({ taskId }, ctx) => {
    assertDeclared(era, ctx);
    const cancelled = await (await ownedSubject(owner, taskId)).cancel();
    // 2026-07-28 acknowledges, whatever the outcome (cancellation is cooperative there); tasks/get tells the rest.
    if (era === "modern") return {};
    const subject = await ownedSubject(owner, taskId);
    if (cancelled) return legacyTask(subject);
    // 2025-11-25: a task already in a terminal status cannot be cancelled (nor cancelled twice).
    throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Task ${taskId} is already ${statusOf(subject, era)}; it cannot be cancelled`);
  });

  if (era === "legacy") {
    low.setRequestHandler("tasks/result", { params: taskIdParams }, async ({ taskId }, ctx) => {
      const subject = await taskResultSubject(owner, taskId, principal.ip, ctx.mcpReq.signal);

      return { ...(await subject.result()), _meta: { [RELATED_TASK_META_KEY]: { taskId } } };
    });
  } else {
    // No task of ours ever asks for input.
    low.setRequestHandler("tasks/update", { params: taskIdParams.loose() }, async ({ taskId }, ctx) => {
      assertDeclared(era, ctx);
      await ownedSubject(owner, taskId);
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Task ${taskId} takes no input`);
    });
  }
}

/**
 * tasks/result's job or batch: at once when the task has ended (or was cancelled: the job as it
 * stands, still running, which the agent polls), else once it ends. 2025-11-25 has tasks/result
 * block until then; the wait is bounded as analyze_store's own (MCP_PROGRESS_WAIT_MS, on one of
 * the caller's progress-connection slots), and a task still working past it is an error that says
 * to poll tasks/get, not an answer that would pass for the result.
 */
async function taskResultSubject(owner: string | null, taskId: string, ip: string, signal: AbortSignal): Promise<Subject> {
  const subject = await ownedSubject(owner, taskId);
  if (statusOf(subject, "legacy") !== "working") return subject;
  const waitMs = getEnv().MCP_PROGRESS_WAIT_MS;
  let release: (() => void) | null = null;
  try {
    release = progressConnections().acquire(ip);
  } catch {
    // No slot free: the caller has its share of waits open.
  }
  if (release && waitMs > 0) {
    try {
      await subject.wait(waitMs, signal);
    } catch (error) {
      logger.warn("MCP tasks/result wait stopped", { taskId, error });
    } finally {
      release();
    }
  } else {
    release?.();
  }
  const ended = await ownedSubject(owner, taskId);
  if (statusOf(ended, "legacy") === "working") {
    throw new ProtocolError(
      ProtocolErrorCode.InternalError,
      `Task ${taskId} is still working; poll tasks/get (every ${TASK_POLL_INTERVAL_MS / 1000} s) and call tasks/result once it has ended`,
    );
  }

  return ended;
}
