/**
 * analyze_store (and analyze_batch) as an MCP task, on our real route over HTTP, through clients nobody here wrote:
 * 2026-07-28 (the io.modelcontextprotocol/tasks extension) through the official Tasks client
 * (@modelcontextprotocol/ext-tasks) over the official MCP client, and on the wire; 2025-11-25
 * (tasks in core) through the TypeScript SDK 1.x's experimental tasks client. A task is its job:
 * polled to completed, its result the job analyze_store answers when it waits, the report then
 * read as a resource; cancelling it cancels nothing that was paid for and says so; another
 * account cannot see it; a caller who must pay gets the price, not a task.
 */
import { createTaskSessionFromClient, resultFromTaskOutcome, type RawClientDispatch } from "@modelcontextprotocol/ext-tasks/client";
import type { Client as ClientV1 } from "mcp-sdk-v1/client";
import { CallToolResultSchema, CreateTaskResultSchema } from "mcp-sdk-v1/types.js";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { progressConnections } from "@/lib/realtime/progress-connections";
import { apiKeyHeader, createKeyedUser } from "@/testing/auth/fixtures";
import { generatedStore, passwordStore } from "@/testing/fake-store";
import { connectMcp, connectMcpV1, startMcpHost, toolJson } from "@/testing/mcp-host";
import type { PipelineHarness } from "@/testing/pipeline";
import type { RouteHost } from "@/testing/route-host";
import { waitFor } from "@/testing/wait-for";
import { startPaidPipeline, type PaidPipeline } from "@/testing/x402-harness";
import { TASK_POLL_INTERVAL_MS } from "./job-tasks";
import { TASKS_EXTENSION } from "./mcp-message";
import { reportUri } from "./store-resources";

type AnsweredJob = { job: { id: string; status: string; domain: string; code: string | null } };

let bench: PaidPipeline;
let h: PipelineHarness;
let host: RouteHost;
const clients: { close(): Promise<void> }[] = [];
const releases: (() => void)[] = [];

beforeAll(async () => {
  bench = await startPaidPipeline(privateKeyToAccount(generatePrivateKey()).address);
  h = bench.pipeline;
  host = await startMcpHost();
});

beforeEach(() => bench.reset());

afterEach(() => {
  for (const release of releases.splice(0)) release();
});

afterAll(async () => {
  for (const c of clients) await c.close().catch(() => {});
  await host?.close();
  await bench?.stop();
});

/** A fresh store for one test; `hold` keeps its listing unanswered until released (or the test ends). */
function store(domain: string, { hold = false } = {}): () => void {
  h.fakeStore.addStore(generatedStore(domain, { products: 4, seed: 11 }));
  if (!hold) return () => {};
  const release = h.fakeStore.store(domain).holdRequests(/products\.json/);
  releases.push(release);

  return release;
}

// --- 2026-07-28 on the wire -------------------------------------------------------------------

type RpcAnswer = { result?: Record<string, unknown>; error?: { code: number; message: string; data?: unknown } };

const CLIENT_INFO = { name: "tasks-test", version: "1.0.0" };

/** A 2026-07-28 request's _meta, declaring the Tasks extension unless told not to. */
function modernMeta(declaresTasks = true) {
  return {
    "io.modelcontextprotocol/protocolVersion": "2026-07-28",
    "io.modelcontextprotocol/clientInfo": CLIENT_INFO,
    "io.modelcontextprotocol/clientCapabilities": declaresTasks ? { extensions: { [TASKS_EXTENSION]: {} } } : {},
  };
}

/** The header the revision's HTTP binding mirrors from the body: a tool's name, a task's id. */
const nameOf = (params: Record<string, unknown>) =>
  typeof params.name === "string" ? params.name : typeof params.taskId === "string" ? params.taskId : undefined;

/** One 2026-07-28 JSON-RPC request as it goes on the wire; the answer from a JSON body or an SSE `data:` line. */
async function post(message: { method: string; params: Record<string, unknown> }, headers: Record<string, string>): Promise<RpcAnswer> {
  const name = nameOf(message.params);
  const response = await fetch(`${host.origin}/api/mcp`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "mcp-protocol-version": "2026-07-28",
      "mcp-method": message.method,
      ...(name === undefined ? {} : { "mcp-name": name }),
      ...headers,
    },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, ...message }),
  });
  const text = await response.text();
  const json = text.trimStart().startsWith("{") ? text : (/^data: (.*)$/m.exec(text)?.[1] ?? "null");

  return JSON.parse(json) as RpcAnswer;
}

const modern = (method: string, params: Record<string, unknown>, headers: Record<string, string>, declaresTasks = true) =>
  post({ method, params: { ...params, _meta: modernMeta(declaresTasks) } }, headers);

/** The Tasks client's raw path for what the SDK client's codecs refuse (a tools/call answered with a task, tasks/*). */
function rawDispatch(headers: Record<string, string>): RawClientDispatch {
  return async (request) => {
    const answer = await post(request as { method: string; params: Record<string, unknown> }, headers);

    // The wire's JSON, as the client's own JSON types name it.
    return answer.error ? { kind: "error", error: answer.error as never } : { kind: "result", result: answer.result as never };
  };
}

async function pollModern(taskId: string, headers: Record<string, string>, until: (status: string) => boolean) {
  let task: Record<string, unknown> = {};
  for (const started = Date.now(); Date.now() - started < 60_000;) {
    task = (await modern("tasks/get", { taskId }, headers)).result ?? {};
    if (until(task.status as string)) return task;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`task ${taskId} still ${String(task.status)}`);
}

describe("2026-07-28: the Tasks extension", () => {
  let owner: Record<string, string>;

  beforeAll(() => {
    owner = apiKeyHeader(h.apiKey);
  });

  it("the official Tasks client runs analyze_store as a task to completion, and the report is read as a resource", async () => {
    const domain = "task-modern.test";
    store(domain);
    const c = await connectMcp(host.origin, owner, "2026-07-28");
    clients.push(c);
    expect(c.getServerCapabilities()?.extensions?.[TASKS_EXTENSION]).toEqual({});
    const session = createTaskSessionFromClient(c, {
      endpointId: "storelens-test",
      rawDispatch: rawDispatch(owner),
      v2RequestFraming: { protocolVersion: "2026-07-28", clientInfo: CLIENT_INFO, clientCapabilities: {} },
    });
    clients.push(session);

    const execution = await session.callTool("analyze_store", { domain }, { task: { preference: "require" } });
    expect(execution.kind).toBe("task");
    const statuses: string[] = [];
    const { outcome } = await execution.settle({ onEvent: (event) => void (event.type === "task" && statuses.push(event.task.status)) });
    const result = resultFromTaskOutcome(outcome) as { structuredContent?: AnsweredJob; isError?: boolean };

    expect(result.isError ?? false).toBe(false);
    const job = result.structuredContent!.job;
    expect(job).toMatchObject({ id: execution.handle!.taskId, status: "completed", domain });
    expect(statuses.at(-1)).toBe("completed");

    // The report of the task's job, as a resource, through the same client.
    const read = await c.readResource({ uri: reportUri(job.id) });
    const report = JSON.parse((read.contents[0] as { text: string }).text) as { job: { id: string; domain: string } };
    expect(report.job).toMatchObject({ id: job.id, domain });
  });

  it("on the wire: CreateTaskResult, tasks/get working then completed with the tool's result, no tasks/result", async () => {
    const domain = "task-wire.test";
    const release = store(domain, { hold: true });
    const created = await modern("tools/call", { name: "analyze_store", arguments: { domain } }, owner);

    expect(created.result, JSON.stringify(created)).toMatchObject({
      resultType: "task",
      status: "working",
      ttlMs: null,
      pollIntervalMs: TASK_POLL_INTERVAL_MS,
    });
    const taskId = created.result!.taskId as string;
    expect(typeof created.result!.createdAt).toBe("string");

    const working = await modern("tasks/get", { taskId }, owner);
    expect(working.result).toMatchObject({ resultType: "complete", taskId, status: "working" });
    expect(working.result!.result).toBeUndefined();

    release();
    const completed = await pollModern(taskId, owner, (status) => status !== "working");
    expect(completed).toMatchObject({ resultType: "complete", status: "completed" });
    const result = completed.result as {
      resultType: string;
      isError?: boolean;
      structuredContent: AnsweredJob;
      content: { text: string }[];
    };
    expect(result.resultType).toBe("complete");
    expect(result.structuredContent.job).toMatchObject({ id: taskId, status: "completed" });
    expect(JSON.parse(result.content[0]!.text)).toEqual(result.structuredContent);

    // 2025-11-25's tasks/result is gone in this revision.
    expect((await modern("tasks/result", { taskId }, owner)).error?.code).toBe(-32601);
  });

  it("a failed job completes the task (failed is for JSON-RPC errors here) with the failed job as its result", async () => {
    const domain = "task-locked-modern.test";
    h.fakeStore.addStore(passwordStore(domain));
    const created = await modern("tools/call", { name: "analyze_store", arguments: { domain } }, owner);
    const taskId = created.result!.taskId as string;
    const ended = await pollModern(taskId, owner, (status) => status !== "working");

    expect(ended.status).toBe("completed");
    expect(ended.statusMessage).toMatch(/^The job failed/);
    expect((ended.result as { structuredContent: AnsweredJob }).structuredContent.job).toMatchObject({ status: "failed" });
  });

  it("tasks/cancel is acknowledged and the task says it is cancelled, while the paid job runs to its report", async () => {
    const domain = "task-cancel-modern.test";
    const release = store(domain, { hold: true });
    const created = await modern("tools/call", { name: "analyze_store", arguments: { domain } }, owner);
    const taskId = created.result!.taskId as string;

    const ack = await modern("tasks/cancel", { taskId }, owner);
    expect(ack.result).toMatchObject({ resultType: "complete" });
    const cancelled = (await modern("tasks/get", { taskId }, owner)).result!;
    expect(cancelled).toMatchObject({ status: "cancelled" });
    expect(cancelled.statusMessage).toMatch(/paid for and is not cancelled/);
    expect(cancelled.statusMessage).toContain(reportUri(taskId));

    release();
    expect((await h.waitForJob(taskId)).status).toBe("completed");
    // The task stays cancelled; the report is there.
    expect((await modern("tasks/get", { taskId }, owner)).result).toMatchObject({ status: "cancelled" });
    const c = await connectMcp(host.origin, owner, "2026-07-28");
    clients.push(c);
    const report = toolJson<{ job: { id: string } }>(await c.callTool({ name: "get_report", arguments: { id: taskId } }));
    expect(report.body.job.id).toBe(taskId);
  });

  it("another account's task is not found, for reading and for cancelling; tasks/* need the extension declared", async () => {
    const domain = "task-owner-modern.test";
    store(domain);
    const created = await modern("tools/call", { name: "analyze_store", arguments: { domain } }, owner);
    const taskId = created.result!.taskId as string;
    const stranger = (await createKeyedUser()).headers;

    expect((await modern("tasks/get", { taskId }, stranger)).error?.code).toBe(-32602);
    expect((await modern("tasks/cancel", { taskId }, stranger)).error?.code).toBe(-32602);
    expect((await modern("tasks/get", { taskId: "not-a-task" }, owner)).error?.code).toBe(-32602);
    expect((await modern("tasks/get", { taskId }, owner, false)).error).toMatchObject({
      code: -32021,
      data: { requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } } },
    });
    // The stranger's attempt changed nothing.
    expect((await pollModern(taskId, owner, (status) => status !== "working")).status).toBe("completed");
  });

  it("analyze_batch runs as a task too: completed once every job has ended, its result the batch as get_batch answers it", async () => {
    const domains = ["task-batch-a.test", "task-batch-b.test"];
    for (const domain of domains) store(domain);
    const created = await modern("tools/call", { name: "analyze_batch", arguments: { domains } }, owner);

    expect(created.result, JSON.stringify(created)).toMatchObject({ resultType: "task", status: "working" });
    const taskId = created.result!.taskId as string;
    expect((created.result!.structuredContent as { batch: { id: string } }).batch.id).toBe(taskId);
    const ended = await pollModern(taskId, owner, (status) => status !== "working");

    expect(ended.status).toBe("completed");
    const batch = (ended.result as { structuredContent: { batch: { id: string; status: string; counts: Record<string, number> } } })
      .structuredContent.batch;
    expect(batch).toMatchObject({ id: taskId, status: "completed", counts: { completed: 2, failed: 0 } });
  });

  it("declares the extension, and nothing of 2025-11-25's tasks: no tasks capability, no tool execution", async () => {
    const discovered = await post({ method: "server/discover", params: { _meta: modernMeta() } }, owner);
    const capabilities = discovered.result?.capabilities as Record<string, unknown> & { extensions?: Record<string, unknown> };
    expect(capabilities.extensions?.[TASKS_EXTENSION]).toEqual({});
    expect(capabilities.tasks).toBeUndefined();
    const listed = await modern("tools/list", {}, owner);
    const tools = listed.result?.tools as { name: string; execution?: unknown }[];
    expect(tools.filter((tool) => tool.execution !== undefined)).toEqual([]);
  });

  it("without the extension declared, analyze_store answers as before (the job), not a task", async () => {
    const domain = "task-undeclared.test";
    store(domain);
    const answer = await modern("tools/call", { name: "analyze_store", arguments: { domain } }, owner, false);

    expect(answer.result).toMatchObject({ resultType: "complete" });
    expect((answer.result!.structuredContent as AnsweredJob).job.domain).toBe(domain);
    expect(answer.result!.taskId).toBeUndefined();
  });

  it("a caller who must pay gets the x402 PaymentRequired tool error, not a task, and is offered no tasks", async () => {
    const domain = "task-unpaid-modern.test";
    store(domain);
    const answer = await modern("tools/call", { name: "analyze_store", arguments: { domain } }, {});

    expect(answer.result).toMatchObject({ resultType: "complete", isError: true });
    expect(answer.result!.structuredContent).toMatchObject({ x402Version: 2, code: "payment_required", status: 402 });
    expect(answer.result!.taskId).toBeUndefined();
    const discovered = await post({ method: "server/discover", params: { _meta: modernMeta() } }, {});
    expect((discovered.result?.capabilities as { extensions?: Record<string, unknown> }).extensions?.[TASKS_EXTENSION]).toBeUndefined();
  });
});

// --- 2025-11-25 through the SDK 1.x experimental tasks client ---------------------------------

describe("2025-11-25: tasks in core", () => {
  let c: ClientV1;

  beforeAll(async () => {
    c = await connectMcpV1(host.origin, apiKeyHeader(h.apiKey));
    clients.push(c);
  });

  /** Runs analyze_store as a task with the client's stream; its messages. */
  async function stream(domain: string) {
    const messages: { type: string; task?: { taskId: string; status: string }; result?: unknown; error?: unknown }[] = [];
    for await (const message of c.experimental.tasks.callToolStream({ name: "analyze_store", arguments: { domain } }, undefined, {
      task: {},
    })) {
      messages.push(message as (typeof messages)[number]);
    }

    return messages;
  }

  it("declares the tasks capability and the optional task support of analyze_store and analyze_batch, and no other tool's", async () => {
    expect(c.getServerCapabilities()?.tasks).toEqual({ cancel: {}, requests: { tools: { call: {} } } });
    expect(c.getServerCapabilities()?.extensions?.[TASKS_EXTENSION]).toBeUndefined();
    const { tools } = await c.listTools();
    const withTasks = tools.filter((tool) => tool.execution?.taskSupport !== undefined);
    expect(withTasks.map((tool) => [tool.name, tool.execution?.taskSupport])).toEqual([
      ["analyze_store", "optional"],
      ["analyze_batch", "optional"],
    ]);
  });

  it("runs analyze_store as a task: created, polled to completed, tasks/result the completed job", async () => {
    const domain = "task-legacy.test";
    store(domain);
    const messages = await stream(domain);

    expect(messages[0]).toMatchObject({ type: "taskCreated", task: { status: "working" } });
    const taskId = messages[0]!.task!.taskId;
    expect(messages.at(-2)).toMatchObject({ type: "taskStatus", task: { taskId, status: "completed" } });
    const last = messages.at(-1)!;
    expect(last.type, JSON.stringify(last)).toBe("result");
    const result = last.result as { structuredContent: AnsweredJob; _meta?: Record<string, unknown> };
    expect(result.structuredContent.job).toMatchObject({ id: taskId, status: "completed", domain });
    expect(result._meta?.["io.modelcontextprotocol/related-task"]).toEqual({ taskId });
  });

  it("a failed job is a failed task; tasks/result still answers the failed job", async () => {
    const domain = "task-locked-legacy.test";
    h.fakeStore.addStore(passwordStore(domain));
    const messages = await stream(domain);
    const taskId = messages[0]!.task!.taskId;

    expect(messages.at(-1)).toMatchObject({ type: "error" });
    const task = await c.experimental.tasks.getTask(taskId);
    expect(task.status).toBe("failed");
    const result = await c.experimental.tasks.getTaskResult(taskId, CallToolResultSchema);
    expect((result.structuredContent as AnsweredJob).job).toMatchObject({ id: taskId, status: "failed" });
  });

  it("tasks/cancel cancels the task, not the paid job: the answer says so, it stays cancelled, the job completes", async () => {
    const domain = "task-cancel-legacy.test";
    const release = store(domain, { hold: true });
    const created = (await c.request(
      { method: "tools/call", params: { name: "analyze_store", arguments: { domain }, task: {} } },
      CreateTaskResultSchema,
    )) as { task: { taskId: string } };
    const taskId = created.task.taskId;

    const cancelled = await c.experimental.tasks.cancelTask(taskId);
    expect(cancelled).toMatchObject({ taskId, status: "cancelled" });
    expect(cancelled.statusMessage).toMatch(/paid for and is not cancelled/);
    // A cancelled task cannot be cancelled again.
    await expect(c.experimental.tasks.cancelTask(taskId)).rejects.toMatchObject({ code: -32602 });

    release();
    expect((await h.waitForJob(taskId)).status).toBe("completed");
    expect((await c.experimental.tasks.getTask(taskId)).status).toBe("cancelled");
    // What the job came to is still the task's result.
    const result = await c.experimental.tasks.getTaskResult(taskId, CallToolResultSchema);
    expect((result.structuredContent as AnsweredJob).job).toMatchObject({ id: taskId, status: "completed" });
  });

  it("tasks/result on a task still working waits for the job's end, then answers it", async () => {
    const domain = "task-result-wait.test";
    const release = store(domain, { hold: true });
    const created = (await c.request(
      { method: "tools/call", params: { name: "analyze_store", arguments: { domain }, task: {} } },
      CreateTaskResultSchema,
    )) as { task: { taskId: string } };
    const taskId = created.task.taskId;
    const waiting = c.experimental.tasks.getTaskResult(taskId, CallToolResultSchema);

    // The call holds one of the caller's progress connections while it waits.
    await waitFor(() => progressConnections().open("127.0.0.1") === 1, { what: "tasks/result waiting" });
    release();
    const result = await waiting;
    expect((result.structuredContent as AnsweredJob).job).toMatchObject({ id: taskId, status: "completed" });
    await waitFor(() => progressConnections().open("127.0.0.1") === 0, { what: "the slot given back" });
  });

  it("a batch's task cancelled leaves its paid jobs running to their reports, and says so", async () => {
    const domains = ["task-batch-cancel-a.test", "task-batch-cancel-b.test"];
    const holds = domains.map((domain) => store(domain, { hold: true }));
    const created = (await c.request(
      { method: "tools/call", params: { name: "analyze_batch", arguments: { domains }, task: {} } },
      CreateTaskResultSchema,
    )) as { task: { taskId: string } };
    const taskId = created.task.taskId;

    const cancelled = await c.experimental.tasks.cancelTask(taskId);
    expect(cancelled).toMatchObject({ taskId, status: "cancelled" });
    expect(cancelled.statusMessage).toMatch(/batch it started was paid for and is not cancelled/);

    for (const release of holds) release();
    const result = await waitFor(
      async () => {
        const answer = await c.experimental.tasks.getTaskResult(taskId, CallToolResultSchema);
        const batch = (answer.structuredContent as { batch: { status: string; counts: Record<string, number> } }).batch;

        return batch.status === "completed" ? batch : null;
      },
      { timeoutMs: 60_000, intervalMs: 200, what: "the cancelled task's batch to end" },
    );
    expect(result.counts).toMatchObject({ completed: 2 });
    expect((await c.experimental.tasks.getTask(taskId)).status).toBe("cancelled");
  });

  it("another account's task is not found", async () => {
    const domain = "task-owner-legacy.test";
    store(domain);
    const messages = await stream(domain);
    const taskId = messages[0]!.task!.taskId;
    const stranger = await connectMcpV1(host.origin, (await createKeyedUser()).headers);
    clients.push(stranger);

    await expect(stranger.experimental.tasks.getTask(taskId)).rejects.toMatchObject({ code: -32602 });
    await expect(stranger.experimental.tasks.getTaskResult(taskId, CallToolResultSchema)).rejects.toMatchObject({ code: -32602 });
    await expect(stranger.experimental.tasks.cancelTask(taskId)).rejects.toMatchObject({ code: -32602 });
  });

  it("a caller who must pay is offered no tasks, and a call asking for one gets the PaymentRequired", async () => {
    const anonymous = await connectMcpV1(host.origin);
    clients.push(anonymous);
    expect(anonymous.getServerCapabilities()?.tasks).toBeUndefined();
    const domain = "task-unpaid-legacy.test";
    store(domain);
    const answer = await anonymous.request(
      { method: "tools/call", params: { name: "analyze_store", arguments: { domain }, task: {} } },
      CallToolResultSchema,
    );

    expect(answer.isError).toBe(true);
    expect(answer.structuredContent).toMatchObject({ x402Version: 2, code: "payment_required", status: 402 });
    expect((answer as Record<string, unknown>).task).toBeUndefined();
  });
});
