import { CLIENT_CAPABILITIES_META_KEY, classifyInboundRequest } from "@modelcontextprotocol/server";

/** The MCP Tasks extension of the 2026-07-28 revision (SEP-2663), as capabilities name it. */
export const TASKS_EXTENSION = "io.modelcontextprotocol/tasks";

/**
 * Which revision's wire a message speaks: 2025-11-25 ("legacy": an initialize handshake, tasks in
 * core) or 2026-07-28 ("modern": the revision in every request's _meta, tasks as an extension).
 */
export type McpEra = "legacy" | "modern";

/** What the server must know of the one message a request carries before it builds itself for it. */
export type McpMessage = {
  era: McpEra;
  /**
   * A tools/call whose caller can take a task instead of the result: in 2025-11-25 a `task` in
   * its params, in 2026-07-28 the Tasks extension in the request's own client capabilities.
   */
  acceptsTask: boolean;
};

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === "object" && !Array.isArray(value);

/**
 * Reads a message body (already capped, one message: batches are refused before) the way the
 * SDK routes it: the revision by the SDK's own classifier (body first, then headers), so the
 * capabilities this server declares are those of the revision the SDK then answers in. A body
 * the SDK will refuse is read as 2025-11-25, which declares nothing it would not.
 */
export function readMcpMessage(req: Request, body: string): McpMessage {
  let message: unknown;
  try {
    message = JSON.parse(body);
  } catch {
    return { era: "legacy", acceptsTask: false };
  }
  const route = classifyInboundRequest({
    httpMethod: req.method,
    protocolVersionHeader: req.headers.get("mcp-protocol-version") ?? undefined,
    mcpMethodHeader: req.headers.get("mcp-method") ?? undefined,
    mcpNameHeader: req.headers.get("mcp-name") ?? undefined,
    body: message,
  });
  const era: McpEra = route.kind === "modern" ? "modern" : "legacy";
  if (!isRecord(message) || message.method !== "tools/call" || !isRecord(message.params)) return { era, acceptsTask: false };

  return { era, acceptsTask: era === "modern" ? declaresTasks(message.params._meta) : isRecord(message.params.task) };
}

/** Whether a 2026-07-28 request's `_meta` declares the Tasks extension among its client capabilities. */
export function declaresTasks(meta: unknown): boolean {
  const capabilities = isRecord(meta) ? meta[CLIENT_CAPABILITIES_META_KEY] : undefined;
  const extensions = isRecord(capabilities) ? capabilities.extensions : undefined;

  return isRecord(extensions) && isRecord(extensions[TASKS_EXTENSION]);
}
