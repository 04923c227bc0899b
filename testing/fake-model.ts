/**
 * A fake OpenAI-compatible model server on loopback: POST /v1/chat/completions with the real
 * wire format — server-sent `chat.completion.chunk` events, streamed `tool_calls`, and
 * `usage` in a final chunk when the caller asks for it (`stream_options.include_usage`) —
 * plus the non-streaming JSON answer. What it answers is scripted per test; by default it
 * behaves like a dutiful model: it calls the first tool offered, then answers by quoting
 * the figures of the tool result.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type ModelMessage = {
  role: "system" | "user" | "assistant" | "tool";
  content: string | null | { type: string; text?: string }[];
  tool_calls?: { id: string; type: "function"; function: { name: string; arguments: string } }[];
  tool_call_id?: string;
};

export type ModelRequest = {
  model: string;
  messages: ModelMessage[];
  tools?: { type: "function"; function: { name: string; description?: string; parameters?: unknown } }[];
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
  max_tokens?: number;
  [key: string]: unknown;
};

export type ModelReply =
  | {
      text?: string;
      toolCalls?: { name: string; arguments: Record<string, unknown> }[];
      /** Reported token usage; default: about 4 characters per token of prompt and answer. */
      usage?: { prompt: number; completion: number };
      /** Pause between streamed chunks. */
      chunkDelayMs?: number;
    }
  | { status: number; error: string }
  /** Starts streaming `text`, then stops answering (the socket stays open): a timeout. */
  | { hangAfter: string }
  /** Streams `text`, then drops the connection before usage and [DONE]. */
  | { dropAfter: string };

export type ModelScript = (request: ModelRequest, call: number) => ModelReply | Promise<ModelReply>;

export type FakeModelServer = {
  url: string;
  /** The base URL to configure (CHAT_BASE_URL). */
  baseUrl: string;
  requests: ModelRequest[];
  /** Authorization headers seen, in order. */
  authorizations: (string | undefined)[];
  script(script: ModelScript | null): void;
  close(): Promise<void>;
};

const estimateTokens = (text: string) => Math.max(1, Math.ceil(text.length / 4));

export const messageText = (message: ModelMessage): string =>
  typeof message.content === "string"
    ? message.content
    : Array.isArray(message.content)
      ? message.content.map((part) => part.text ?? "").join("")
      : "";

/** The default brain: call the store summary tool (else the first offered) once, then quote what it returned. */
export const groundedScript: ModelScript = (request) => {
  const toolResults = request.messages.filter((message) => message.role === "tool");
  const names = (request.tools ?? []).map((entry) => entry.function.name);
  const firstTool = names.includes("get_store_summary") ? "get_store_summary" : names[0];
  if (toolResults.length === 0 && firstTool) return { toolCalls: [{ name: firstTool, arguments: {} }] };

  const data = toolResults.map(messageText).join("\n");
  const figures = [...data.matchAll(/"(\w+)":\s*(-?\d+(?:\.\d+)?)/g)]
    .slice(0, 4)
    .map(([, key, value]) => `${(key ?? "").replace(/_/g, " ")} ${value}`);

  return { text: figures.length > 0 ? `From StoreLens data: ${figures.join(", ")}.` : "I have no data on that." };
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function readJson(req: IncomingMessage): Promise<ModelRequest> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);

  return JSON.parse(Buffer.concat(chunks).toString("utf8")) as ModelRequest;
}

function chunkEvent(id: string, model: string, choice: Record<string, unknown> | null, usage?: Record<string, number>) {
  return `data: ${JSON.stringify({
    id,
    object: "chat.completion.chunk",
    created: Math.floor(Date.now() / 1000),
    model,
    choices: choice ? [{ index: 0, ...choice }] : [],
    ...(usage ? { usage } : {}),
  })}\n\n`;
}

function splitText(text: string): string[] {
  return text.match(/\S+\s*|\s+/g) ?? [];
}

async function answer(reply: ModelReply, request: ModelRequest, res: ServerResponse, call: number) {
  const id = `chatcmpl-fake-${call}`;
  const model = request.model;
  if ("status" in reply) {
    res.writeHead(reply.status, { "content-type": "application/json" });
    res.end(JSON.stringify({ error: { message: reply.error, type: "server_error", code: null } }));

    return;
  }

  if ("hangAfter" in reply || "dropAfter" in reply) {
    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
    res.write(chunkEvent(id, model, { delta: { role: "assistant", content: "" }, finish_reason: null }));
    const text = "hangAfter" in reply ? reply.hangAfter : reply.dropAfter;
    for (const piece of splitText(text)) res.write(chunkEvent(id, model, { delta: { content: piece }, finish_reason: null }));
    if ("dropAfter" in reply) {
      await sleep(20);
      res.socket?.destroy();
    }
    // hangAfter: never finish; the client's timeout (or its abort) ends the exchange.
    return;
  }

  const text = reply.text ?? "";
  const toolCalls = (reply.toolCalls ?? []).map((toolCall, index) => ({
    index,
    id: `call_${call}_${index}`,
    type: "function" as const,
    function: { name: toolCall.name, arguments: JSON.stringify(toolCall.arguments) },
  }));
  const promptText = request.messages.map((message) => messageText(message) + JSON.stringify(message.tool_calls ?? "")).join("\n");
  const usage = reply.usage ?? {
    prompt: estimateTokens(promptText + JSON.stringify(request.tools ?? [])),
    completion: estimateTokens(text + JSON.stringify(toolCalls)),
  };
  const usageBody = { prompt_tokens: usage.prompt, completion_tokens: usage.completion, total_tokens: usage.prompt + usage.completion };
  const finishReason = toolCalls.length > 0 ? "tool_calls" : "stop";

  if (!request.stream) {
    res.writeHead(200, { "content-type": "application/json" });
    res.end(
      JSON.stringify({
        id,
        object: "chat.completion",
        created: Math.floor(Date.now() / 1000),
        model,
        choices: [
          {
            index: 0,
            message: {
              role: "assistant",
              content: text || null,
              ...(toolCalls.length ? { tool_calls: toolCalls.map(({ index: _index, ...rest }) => rest) } : {}),
            },
            finish_reason: finishReason,
          },
        ],
        usage: usageBody,
      }),
    );

    return;
  }

  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
  const write = async (event: string) => {
    res.write(event);
    if (reply.chunkDelayMs) await sleep(reply.chunkDelayMs);
  };
  await write(chunkEvent(id, model, { delta: { role: "assistant", content: "" }, finish_reason: null }));
  for (const piece of splitText(text)) await write(chunkEvent(id, model, { delta: { content: piece }, finish_reason: null }));
  for (const toolCall of toolCalls) {
    // Like OpenAI: the call's id and name first, then its arguments in pieces.
    await write(
      chunkEvent(id, model, {
        delta: {
          tool_calls: [
            { index: toolCall.index, id: toolCall.id, type: "function", function: { name: toolCall.function.name, arguments: "" } },
          ],
        },
        finish_reason: null,
      }),
    );
    const args = toolCall.function.arguments;
    const half = Math.ceil(args.length / 2);
    for (const piece of [args.slice(0, half), args.slice(half)].filter(Boolean)) {
      await write(
        chunkEvent(id, model, { delta: { tool_calls: [{ index: toolCall.index, function: { arguments: piece } }] }, finish_reason: null }),
      );
    }
  }
  await write(chunkEvent(id, model, { delta: {}, finish_reason: finishReason }));
  if (request.stream_options?.include_usage) await write(chunkEvent(id, model, null, usageBody));
  res.end("data: [DONE]\n\n");
}

export async function startFakeModel(options: { port?: number; script?: ModelScript } = {}): Promise<FakeModelServer> {
  let script: ModelScript = options.script ?? groundedScript;
  const requests: ModelRequest[] = [];
  const authorizations: (string | undefined)[] = [];
  const openSockets = new Set<import("node:net").Socket>();

  const server: Server = createServer((req, res) => {
    void (async () => {
      try {
        if (req.method !== "POST" || !req.url?.replace(/\?.*$/, "").endsWith("/chat/completions")) {
          res.writeHead(404, { "content-type": "application/json" });
          res.end(JSON.stringify({ error: { message: "not found", type: "invalid_request_error" } }));

          return;
        }
        const request = await readJson(req);
        const call = requests.push(request) - 1;
        authorizations.push(req.headers.authorization);
        await answer(await script(request, call), request, res, call);
      } catch (error) {
        if (!res.headersSent) res.writeHead(500, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: { message: String(error), type: "server_error" } }));
      }
    })();
  });
  server.on("connection", (socket) => {
    openSockets.add(socket);
    socket.on("close", () => openSockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  return {
    url,
    baseUrl: `${url}/v1`,
    requests,
    authorizations,
    script(next) {
      script = next ?? groundedScript;
    },
    async close() {
      for (const socket of openSockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
