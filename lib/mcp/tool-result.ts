import type { CallToolResult } from "@modelcontextprotocol/server";
import { isDatabaseUnavailable } from "@/db/unavailable";
import { ApiError } from "@/lib/http/errors";
import { databaseUnavailable } from "@/lib/http/responses";
import { logger } from "@/lib/log";

/** A tool's answer as MCP content: the same JSON the HTTP endpoint answers, as text and as structured content. */
export function toolResult(value: unknown): CallToolResult {
  const structured = value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : { value };

  return { content: [{ type: "text", text: JSON.stringify(value) }], structuredContent: structured };
}

/**
 * A refused or failed call as a tool error the agent can read and act on: the HTTP error body
 * (`{ error, code, ...extra }`, e.g. payment_required with its `accepts`) and its status, never
 * a transport failure. An unexpected error is logged and answered as internal_error.
 */
export function toolError(error: unknown, requestId: string): CallToolResult {
  let known = error instanceof ApiError ? error : isDatabaseUnavailable(error) ? databaseUnavailable() : null;
  if (!known) {
    logger.error("unhandled error in MCP tool", { requestId, error });
    known = new ApiError("internal_error", "Internal server error", { extra: { request_id: requestId } });
  }
  const body = { ...known.toBody(), status: known.status };

  return { isError: true, content: [{ type: "text", text: JSON.stringify(body) }], structuredContent: body };
}
